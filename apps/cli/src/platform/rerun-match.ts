/**
 * `xix play --match DIR`: plays a match fetched with `xix fetch` again on this machine, from the
 * same deal with the same bots in the same seats, in the sandbox, and compares the outcome with
 * the server's replay: the winner, the points and every move.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { findGame, type Replay } from '@xix/engine';
import { playMatch, type Player } from '@xix/referee';
import { checkBot, sandboxedPlayer } from '@xix/sandbox';
import { CliError, fail, orFail } from '../cli-error.ts';
import { readReplayFile } from '../replay-file.ts';
import { readFetchedMatch, REPLAY_FILE, type FetchedSeat } from './match-dir.ts';

export interface RerunOptions {
  /** `N=FILE`: the bot for seat N (needed for seats whose source the server did not give). */
  readonly seat?: readonly string[];
}

export const RERUN_FILE = 'rerun.json';

export async function rerunMatch(dir: string, options: RerunOptions): Promise<void> {
  const { fetched } = orFail(readFetchedMatch(dir));
  const { replay } = orFail(await readReplayFile(path.join(dir, REPLAY_FILE)));
  const game = findGame(fetched.game) ?? fail(`this xix does not know the game ${fetched.game}`);
  if (replay.game.version !== game.version) fail(`the match was played under ${game.id} rules ${replay.game.version}, this xix has ${game.version}`);
  const given = parseSeatOptions(options.seat ?? [], fetched.seats.length);

  const players: Player[] = [];
  try {
    for (const [seat, entrant] of fetched.seats.entries()) {
      const file = given.get(seat) ?? sourceFile(dir, seat, entrant);
      const { code } = orFail(await checkBot(game, { entry: file }));
      players.push(withSeed(sandboxedPlayer(game, code, entrant.name), fetched.botSeeds?.[seat]));
    }
    const rerun = playMatch({ game, setup: replay.setup, seed: replay.seed ?? 0, players }).replay;
    writeFileSync(path.join(dir, RERUN_FILE), `${JSON.stringify(rerun, null, 2)}\n`);
    if (fetched.botSeeds === undefined) console.log('note: the server gave no bot seeds; bots that use randomness get local seeds and may play differently');
    const difference = firstDifference(replay, rerun);
    const summary = `winner seat ${rerun.result.winner} (${rerun.seats[rerun.result.winner]?.name}), points ${rerun.result.points.join('-')}, ${rerun.moves.length} moves${rerun.forfeit ? `, seat ${rerun.forfeit.seat} forfeited (${rerun.forfeit.verdict})` : ''}`;
    if (difference !== null) throw new CliError(`re-run of ${fetched.match} differs from the server's game: ${difference} (re-run: ${summary}; written to ${path.join(dir, RERUN_FILE)})`);
    console.log(`re-ran ${fetched.match} locally: the same game: ${summary}`);
  } finally {
    players.forEach((p) => p.dispose());
  }
}

function sourceFile(dir: string, seat: number, entrant: FetchedSeat): string {
  const source = entrant.source;
  if (source.kind === 'files') return path.join(dir, source.dir, source.entry);
  return fail(`seat ${seat} plays ${entrant.name} (${entrant.bot} v${entrant.version}, owned by ${entrant.owner}), whose source is not yours: give a bot for it with --seat ${seat}=FILE`);
}

function parseSeatOptions(values: readonly string[], seats: number): Map<number, string> {
  const given = new Map<number, string>();
  for (const value of values) {
    const match = /^(\d+)=(.+)$/.exec(value);
    const seat = Number(match?.[1]);
    if (match === null || seat >= seats) fail(`--seat takes SEAT=FILE with a seat from 0 to ${seats - 1}, got ${value}`);
    given.set(seat, match[2]!);
  }
  return given;
}

/** The server's own seed for the seat, where known: a bot's randomness then follows the same stream. */
function withSeed(player: Player, seed: number | undefined): Player {
  if (seed === undefined) return player;
  return {
    name: player.name,
    startGame: ({ seat }) => player.startGame({ seat, seed }),
    decide: (view) => player.decide(view),
    endGame: (view, result) => player.endGame(view, result),
    dispose: () => player.dispose(),
  };
}

/** The first way the re-run differs from the original, or null for the same game. */
export function firstDifference(original: Replay, rerun: Replay): string | null {
  const moves = Math.min(original.moves.length, rerun.moves.length);
  for (let i = 0; i < moves; i++) {
    const [a, b] = [original.moves[i]!, rerun.moves[i]!];
    if (a.seat !== b.seat || JSON.stringify(a.action) !== JSON.stringify(b.action)) {
      return `move ${i + 1}: the server's game has seat ${a.seat} ${JSON.stringify(a.action)}, the re-run seat ${b.seat} ${JSON.stringify(b.action)}`;
    }
  }
  if (original.moves.length !== rerun.moves.length) return `the server's game has ${original.moves.length} moves, the re-run ${rerun.moves.length}`;
  if (JSON.stringify(original.forfeit && { seat: original.forfeit.seat, verdict: original.forfeit.verdict }) !== JSON.stringify(rerun.forfeit && { seat: rerun.forfeit.seat, verdict: rerun.forfeit.verdict })) {
    return `forfeit: the server's ${JSON.stringify(original.forfeit)}, the re-run's ${JSON.stringify(rerun.forfeit)}`;
  }
  if (original.result.winner !== rerun.result.winner || original.result.points.join() !== rerun.result.points.join()) {
    return `result: the server's winner seat ${original.result.winner} with ${original.result.points.join('-')}, the re-run's seat ${rerun.result.winner} with ${rerun.result.points.join('-')}`;
  }
  return null;
}
