/**
 * `xix play A B ...`: a series between bots at one table, every deal once per seat rotation (for
 * two bots, the mirrored series), in sandbox host processes (or in this process with --trusted),
 * with optional replays. Made for scripts too: the exit status says
 * whether the bot under test (the first, A) forfeited, Ctrl-C prints the games so far, and off a
 * terminal the progress is a line now and then.
 */
import { createSeriesTally, entrantInSeat, seriesTable, type Seating, type SeriesSummary } from '@xix/referee';
import type { HostGame } from '@xix/sandbox';
import { CliError, fail } from '../cli-error.ts';
import { changedOptions } from '../game-options.ts';
import { compileEntrants, findEntrants, loadFailure, trustedTables } from '../players.ts';
import { EXIT_FORFEIT, EXIT_INTERRUPTED, EXIT_SPRT_H0, EXIT_SPRT_INCONCLUSIVE } from '../play/exit-status.ts';
import { progressBar } from '../progress.ts';
import { playSettings, type PlayOptions, type PlaySettings } from '../play/options.ts';
import { playInPool } from '../play/pool-series.ts';
import { lostByA, openReplayFolder } from '../play/replay-folder.ts';
import { forfeitList, formatWins, report, type Stop } from '../play/report.ts';
import { createSprtTally, sprtLines, sprtStatus } from '../play/sprt.ts';
import { playTrusted } from '../play/trusted-series.ts';
import { playFieldSprt } from './play-field.ts';

export type { PlayOptions } from '../play/options.ts';

export { EXIT_FORFEIT, EXIT_INTERRUPTED, EXIT_SPRT_H0, EXIT_SPRT_INCONCLUSIVE } from '../play/exit-status.ts';

export async function play(bots: readonly string[], options: PlayOptions): Promise<void> {
  const settings = playSettings(options, bots.length);
  if (settings.field !== null) return playFieldSprt([bots[0]!, bots[1]!], { ...settings, field: settings.field });
  const entrants = findEntrants(bots, settings.game);
  const names = entrants.map((e) => e.name);
  const count = entrants.length;
  const changed = changedOptions(settings.game, settings.seats, settings.options);
  const title = `${names.join(' vs ')}: ${settings.sprt === null ? '' : 'SPRT, at most '}${settings.games} games, seed ${settings.seed}${changed === '' ? '' : `, options ${changed}`}`;
  const { seating } = seriesTable(settings.game, count, settings.seats, settings.options);
  const folder = settings.replays === undefined ? null : openReplayFolder({ dir: settings.replays, overwrite: settings.overwrite, games: settings.games, seats: settings.seats, keep: keeper(settings, seating), title });

  const tally = createSeriesTally(seating);
  const sprt = settings.sprt === null ? null : createSprtTally(settings.sprt, seating);
  const forfeits = forfeitList();
  const watchedForfeits = (): number => {
    const forfeits = tally.summary().forfeits;
    return settings.watched === 'any' ? forfeits.reduce((sum, n) => sum + n, 0) : forfeits[0]!;
  };
  const controller = new AbortController();
  let stop: Stop = null;
  const halt = (why: Exclude<Stop, null>): void => {
    stop ??= why;
    controller.abort();
  };
  const bar = progressBar(settings.games, names.join(' vs '));
  const onGame = (game: HostGame): void => {
    const forfeit = game.record.replay.forfeit;
    // A bot that cannot load fails the same way in every game: say so once, as bad input.
    if (forfeit?.verdict === 'load_error') throw new CliError(loadFailure(entrants[entrantInSeat(forfeit.seat, game.rotation, seating)]!, forfeit.message));
    tally.add(game);
    folder?.save(game);
    forfeits.add(game);
    const test = sprt?.add(game);
    bar.tick(() => (test === undefined ? status(names[0]!, tally.summary()) : sprtStatus(test)));
    if (test !== undefined && test.verdict !== 'continue') halt('sprt');
    if (settings.maxForfeits !== undefined && watchedForfeits() >= settings.maxForfeits) halt('max-forfeits');
  };
  const interrupt = (): void => halt('interrupted');

  let failure: string | null = null;
  const deals = settings.games / count;
  const table = { seats: settings.seats, options: settings.options };
  try {
    if (settings.trusted) {
      const tables = await trustedTables(entrants, seating);
      process.once('SIGINT', interrupt);
      await playTrusted({ game: settings.game, table, tables, seed: settings.seed, deals, onGame, signal: controller.signal });
    } else {
      const codes = await compileEntrants(entrants);
      process.once('SIGINT', interrupt);
      const end = await playInPool({ game: settings.game.id, table, bots: codes, seed: settings.seed, deals, jobs: settings.jobs, onGame, signal: controller.signal });
      if (!end.ok) failure = end.message;
    }
  } finally {
    process.off('SIGINT', interrupt);
    bar.stop();
  }
  const files = folder === null ? null : folder.close();
  const sprtReport = sprt === null ? [] : ['', ...sprtLines(names[0]!, settings.sprt!, sprt.state(), settings.games)];
  console.log(report({ names, sides: seating.some((seats) => seats.length > 1), summary: tally.summary(), planned: settings.games, sequential: sprt !== null, seed: settings.seed, options: changed, stop, maxForfeits: settings.maxForfeits, replays: settings.replays, files, forfeits }) + sprtReport.join('\n'));
  if (failure !== null) fail(failure);
  if (stop === 'interrupted') process.exitCode = EXIT_INTERRUPTED;
  else if (settings.watched !== 'none' && watchedForfeits() > 0) process.exitCode = EXIT_FORFEIT;
  else if (sprt !== null && sprt.state().verdict !== 'H1') process.exitCode = sprt.state().verdict === 'H0' ? EXIT_SPRT_H0 : EXIT_SPRT_INCONCLUSIVE;
}

function keeper(settings: PlaySettings, seating: Seating): (game: HostGame) => boolean {
  return (game) => (!settings.onlyLosses || lostByA(game, seating)) && (!settings.onlyForfeits || game.record.replay.forfeit !== null);
}


function status(nameA: string, s: SeriesSummary<readonly number[]>): string {
  return `${nameA} won ${formatWins(s.wins[0]!)}, forfeits ${s.forfeits.join('–')}`;
}
