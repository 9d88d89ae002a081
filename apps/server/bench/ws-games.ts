/**
 * The live events of real games for bench:ws, as the worker publishes them (apps/worker's live
 * publisher): heuristic against itself (sdk/examples), played in this process, then re-simulated
 * from each replay with the engine: `start` with the public view at move 0, a `move` with the
 * engine's public view after each action, and `end` with the spectator view (the whole deal).
 */
import { xix } from '@xix/engine';
import { playSeries, trustedPlayer } from '@xix/referee';
import { ranksOf, type LiveEvent } from '@xix/store';
import heuristic from '../../../sdk/examples/heuristic.ts';

/** The events of `count` games (an even number); the `start` names its match when published. */
export function recordedGames(count: number): LiveEvent[][] {
  const games: LiveEvent[][] = [];
  const seats = [{ bot: 'b1', version: 1 }, { bot: 'b2', version: 1 }];
  playSeries({
    game: xix,
    games: count,
    seed: 4242,
    players: [trustedPlayer(heuristic, 'heuristic-1'), trustedPlayer(heuristic, 'heuristic-2')],
    onGame: ({ record }) => {
      const { replay } = record;
      const state = xix.start(xix.parseSetup(replay.setup));
      const events: LiveEvent[] = [{ type: 'start', match: '', game: xix.id, seats, view: xix.publicView(state) }];
      replay.moves.forEach((move, i) => {
        const check = xix.checkAction(state, move.action);
        if (!check.ok) throw new Error(`replay move ${i + 1} is not legal: ${check.reason}`);
        xix.apply(state, check.action);
        events.push({ type: 'move', move: i + 1, seat: move.seat, view: xix.publicView(state) });
      });
      events.push({ type: 'end', moves: replay.moves.length, ranks: ranksOf(replay, 2), reason: replay.result.reason, view: xix.spectatorView(state) });
      games.push(events);
    },
  });
  return games;
}
