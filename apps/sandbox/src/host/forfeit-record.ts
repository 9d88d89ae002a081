/**
 * The record of a game whose host died in a bot's code: the moves the host reported on its lease
 * file, re-played with the engine from the job's own deal, then a forfeit (R12) of the bot whose
 * code was running. It is the replay the referee would have written had the bot failed in
 * process, minus the timings and logs that died with the host.
 */
import { createReplay, findGame, type Forfeit, type ReplayMove } from '@xix/engine';
import { rotatedGame, seatsOfEntrant, seriesTable } from '@xix/referee';
import type { HostGame, SeriesJob } from './protocol.ts';

/** Bot 0 is A, 1 is B, and so on. */
export const botLetter = (bot: number): string => (bot >= 0 && bot < 26 ? String.fromCharCode(65 + bot) : `#${bot + 1}`);

/** Game `index` of `job`, forfeited by bot `bot` (0 = A, 1 = B, ...); a string says why it cannot be built. */
export function forfeitRecord(job: SeriesJob, index: number, bot: number, actions: readonly string[], failure: Omit<Forfeit, 'seat'>): HostGame | string {
  const game = findGame(job.game);
  if (game === undefined) return `unknown game "${job.game}"`;
  try {
    const { seats, options, seating } = seriesTable(game, job.bots.length, job.seats, job.options);
    const { dealSeed: seed, rotation, entrantBySeat } = rotatedGame(job.seed, seating, index, job.dealKey);
    const setup: unknown = game.parseSetup(game.randomSetup(seed, seats, options));
    const state: unknown = game.start(setup);
    const moves: ReplayMove[] = [];
    for (const json of actions) {
      const seat = game.toMove(state);
      if (seat === null) return `the host reported ${actions.length} moves, past the end of the game`;
      const check = game.checkAction(state, JSON.parse(json) as unknown);
      if (!check.ok) return `move ${moves.length + 1} the host reported is illegal: ${check.reason}`;
      game.apply(state, check.action);
      moves.push({ seat, action: check.action });
    }
    // the entrant's seat to move: a partnership plays several
    const seat = game.toMove(state) as number | null;
    const own = seatsOfEntrant(bot, rotation, seating);
    if (seat === null || !own.includes(seat)) return `bot ${botLetter(bot)} (seat ${own.join(', ')}) was not to move after the ${moves.length} moves the host reported`;
    const forfeit: Forfeit = { seat, verdict: failure.verdict, message: failure.message };
    const names = entrantBySeat.map((b) => job.bots[b]!.name);
    const replay = createReplay(game, { seed, setup: game.setupOf(state), seats: names, moves, forfeit, result: game.forfeitResult(state, seat) });
    return { index, rotation, record: { replay, logs: [] } };
  } catch (error) {
    return `the moves the host reported cannot be replayed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
