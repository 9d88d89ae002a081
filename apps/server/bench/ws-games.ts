/**
 * Real games for bench:ws, and their live events as a worker publishes them (apps/worker's live
 * publisher): heuristic against itself (sdk/examples), played in this process and re-simulated
 * from each replay with the engine. A worker learns a game's moves at its sandbox pool's watchdog
 * ticks (every 50 ms) and, in a game without forced moves as XIX, publishes one `move` event per
 * tick that brought moves: the delta from the public view of the event before it to the one after
 * all of them. So, for a game whose moves come every `moveMs`: `start` (public view at move 0), a
 * `move` per tick, and `end` with the spectator view (the whole deal).
 *
 * Each event also carries `n`, its number in the game (0 = start), right after its type: a
 * spectator checks that it got every one. The server forwards the stored JSON as it is.
 */
import { xix } from '@xix/engine';
import { playSeries, trustedPlayer } from '@xix/referee';
import { ranksOf, type LiveEvent } from '@xix/store';
import { jsonDelta } from '@xix/store/json-delta';
import heuristic from '../../../sdk/examples/xix/heuristic.ts';

/** The pool's watchdog tick (apps/sandbox supervisor.ts): how often a worker hears of new moves. */
export const PROGRESS_TICK_MS = 50;

export interface RecordedGame {
  /** Public view after each number of moves (index 0: before the first), and who made each move. */
  readonly views: readonly unknown[];
  readonly seats: readonly number[];
  readonly end: Omit<Extract<LiveEvent, { type: 'end' }>, 'type'>;
}

/** `count` games (an even number) of heuristic against itself. */
export function recordedGames(count: number): RecordedGame[] {
  const games: RecordedGame[] = [];
  playSeries({
    game: xix,
    games: count,
    seed: 4242,
    players: [trustedPlayer(heuristic, 'heuristic-1'), trustedPlayer(heuristic, 'heuristic-2')],
    onGame: ({ record }) => {
      const { replay } = record;
      const state = xix.start(xix.parseSetup(replay.setup));
      const views: unknown[] = [xix.publicView(state)];
      for (const [i, move] of replay.moves.entries()) {
        const check = xix.checkAction(state, move.action);
        if (!check.ok) throw new Error(`replay move ${i + 1} is not legal: ${check.reason}`);
        xix.apply(state, check.action);
        views.push(xix.publicView(state));
      }
      games.push({ views, seats: replay.moves.map((move) => move.seat), end: { moves: replay.moves.length, ranks: ranksOf(replay, 2), reason: replay.result.reason, view: xix.spectatorView(state) } });
    },
  });
  return games;
}

/** A game's live events, each with the time (ms from the game's start) a worker would publish it. */
export function liveSchedule(game: RecordedGame, match: string, moveMs: number): { readonly atMs: number; readonly event: LiveEvent }[] {
  const moves = game.seats.length;
  // `n` right after `type`: what a spectator reads of a frame's first bytes
  const numbered = (n: number, { type, ...rest }: LiveEvent): LiveEvent => ({ type, n, ...rest }) as unknown as LiveEvent;
  const schedule = [{ atMs: 0, event: numbered(0, { type: 'start', match, game: xix.id, seats: [{ bot: 'b1', version: 1 }, { bot: 'b2', version: 1 }], view: game.views[0] }) }];
  let sent = 0;
  for (let tick = 1; sent < moves; tick++) {
    const applied = Math.min(moves, Math.floor((tick * PROGRESS_TICK_MS) / moveMs));
    if (applied === sent) continue;
    const delta = jsonDelta(game.views[sent], game.views[applied]) ?? null;
    sent = applied;
    schedule.push({ atMs: tick * PROGRESS_TICK_MS, event: numbered(schedule.length, { type: 'move', move: applied, seat: game.seats[applied - 1]!, delta }) });
  }
  schedule.push({ atMs: schedule.at(-1)!.atMs + PROGRESS_TICK_MS, event: numbered(schedule.length, { type: 'end', ...game.end }) });
  return schedule;
}
