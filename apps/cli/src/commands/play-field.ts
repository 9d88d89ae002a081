/**
 * `xix play NEW OLD --sprt` at a table of more than two (issue 21): NEW and OLD never meet. Two
 * series run side by side, NEW's table [NEW, field...] and OLD's [OLD, field...], on the same seed:
 * game k of both is the same deal with NEW or OLD in the same seat, the field bots in the same
 * seats with the same bot seeds (seat-keyed). Game k's two placings are one paired placing of the
 * trinomial SPRT (play/sprt.ts createPlacingTally; docs/sprt.md).
 */
import { createSeriesTally, entrantInSeat, seriesTable } from '@xix/referee';
import type { HostGame } from '@xix/sandbox';
import { CliError, fail } from '../cli-error.ts';
import { changedOptions } from '../game-options.ts';
import { EXIT_FORFEIT, EXIT_INTERRUPTED, EXIT_SPRT_H0, EXIT_SPRT_INCONCLUSIVE } from '../play/exit-status.ts';
import { compileEntrants, findEntrants, loadFailure, trustedTables } from '../players.ts';
import type { PlaySettings } from '../play/options.ts';
import { playInPool } from '../play/pool-series.ts';
import { createPlacingTally, sprtLines, sprtStatus } from '../play/sprt.ts';
import { playTrusted } from '../play/trusted-series.ts';
import { progressBar } from '../progress.ts';
import { table as textTable } from '../format.ts';

export async function playFieldSprt(bots: readonly [string, string], settings: PlaySettings & { readonly field: readonly string[] }): Promise<void> {
  const sprt = settings.sprt!;
  const tables = [findEntrants([bots[0], ...settings.field], settings.game), findEntrants([bots[1], ...settings.field], settings.game)] as const;
  const names = [tables[0][0]!.name, tables[1][0]!.name === tables[0][0]!.name ? `${tables[1][0]!.name} (old)` : tables[1][0]!.name] as const;
  const entrants = tables[0].length;
  const { seating } = seriesTable(settings.game, entrants, settings.seats, settings.options);
  const deals = settings.games / (2 * entrants);
  const placings = createPlacingTally(sprt, seating);
  const tallies = [createSeriesTally(seating), createSeriesTally(seating)] as const;
  const controller = new AbortController();
  let interrupted = false;
  const bar = progressBar(settings.games, `${names[0]} vs ${names[1]} through ${settings.field.join(', ')}`);
  const onGame = (t: 0 | 1) => (game: HostGame): void => {
    const forfeit = game.record.replay.forfeit;
    if (forfeit?.verdict === 'load_error') throw new CliError(loadFailure(tables[t][entrantInSeat(forfeit.seat, game.rotation, seating)]!, forfeit.message));
    tallies[t].add(game);
    const test = placings.add(t, game);
    bar.tick(() => sprtStatus(test));
    if (test.verdict !== 'continue') controller.abort();
  };
  const interrupt = (): void => {
    interrupted = true;
    controller.abort();
  };

  const failures: string[] = [];
  const table = { seats: settings.seats, options: settings.options };
  const common = { table, seed: settings.seed, deals, signal: controller.signal };
  try {
    if (settings.trusted) {
      const players = await Promise.all(tables.map((t) => trustedTables(t, seating)));
      process.once('SIGINT', interrupt);
      await Promise.all(([0, 1] as const).map((t) => playTrusted({ ...common, game: settings.game, tables: players[t]!, onGame: onGame(t) })));
    } else {
      const codes = await Promise.all(tables.map((t) => compileEntrants(t)));
      process.once('SIGINT', interrupt);
      // Each table gets half the hosts (at least one).
      const jobs = Math.max(1, Math.floor(settings.jobs / 2));
      const ends = await Promise.all(([0, 1] as const).map((t) => playInPool({ ...common, game: settings.game.id, bots: codes[t]!, jobs, onGame: onGame(t) })));
      for (const end of ends) if (!end.ok) failures.push(end.message);
    }
  } finally {
    process.off('SIGINT', interrupt);
    bar.stop();
  }
  const state = placings.state();
  const changed = changedOptions(settings.game, settings.seats, settings.options);
  const summaries = tallies.map((t) => t.summary());
  const place = (x: number): string => x.toFixed(2);
  console.log(
    [
      `${names[0]} vs ${names[1]}, each at a table of ${settings.seats} with ${settings.field.join(', ')}: at most ${settings.games} games (${deals} deals, each played once per seat rotation by each table), seed ${settings.seed}${changed === '' ? '' : `, options ${changed}`}`,
      interrupted ? `interrupted after ${summaries[0]!.games + summaries[1]!.games} games` : state.verdict !== 'continue' ? `stopped after ${summaries[0]!.games + summaries[1]!.games} of at most ${settings.games} games: the SPRT decided` : '',
      '',
      textTable([['', 'games', 'avg place', 'wins', 'forfeits'], ...names.map((name, t) => {
        const s = summaries[t]!;
        return [name, String(s.games), s.games === 0 ? '—' : place(s.placings[0]!.average), String(s.wins[0]), String(s.forfeits[0])];
      })]),
      '',
      ...sprtLines(names[0], sprt, state, settings.games),
    ].filter((line, i) => i !== 1 || line !== '').join('\n'),
  );
  if (failures.length > 0) fail(failures[0]!);
  const forfeits = settings.watched === 'none' ? 0 : summaries[0]!.forfeits[0]! + (settings.watched === 'any' ? summaries[1]!.forfeits[0]! : 0);
  if (interrupted) process.exitCode = EXIT_INTERRUPTED;
  else if (forfeits > 0) process.exitCode = EXIT_FORFEIT;
  else if (state.verdict !== 'H1') process.exitCode = state.verdict === 'H0' ? EXIT_SPRT_H0 : EXIT_SPRT_INCONCLUSIVE;
}
