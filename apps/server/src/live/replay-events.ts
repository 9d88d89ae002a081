/**
 * A stored match as the events of a stream: `r0` the start, `rK` after move K, the last the end,
 * each with the spectator view (the game is over: everything shows). Built once per match and
 * kept for the next spectators of it (a few recent matches).
 */
import { findGame, parseReplay, replayStates } from '@xix/engine';
import { EXPIRED, type LiveEvent, type Store } from '@xix/store';
import { eventFrame } from './frames.ts';
import { replayEventId } from './stream-ids.ts';

export class ReplayEvents {
  readonly #store: Store;
  readonly #capacity: number;
  /** By match id, least recently used first. */
  readonly #cache = new Map<string, Promise<readonly Buffer[] | null>>();

  constructor(store: Store, capacity = 32) {
    this.#store = store;
    this.#capacity = capacity;
  }

  /** The match's event frames, or null when it is not stored. */
  frames(matchId: string): Promise<readonly Buffer[] | null> {
    const cached = this.#cache.get(matchId);
    if (cached !== undefined) {
      this.#cache.delete(matchId);
      this.#cache.set(matchId, cached);
      return cached;
    }
    const built = this.#build(matchId);
    this.#cache.set(matchId, built);
    if (this.#cache.size > this.#capacity) this.#cache.delete(this.#cache.keys().next().value!);
    // a match not stored yet may be soon; a failure may be Redis's: neither is kept
    built.then((frames) => { if (frames === null) this.#forget(matchId, built); }, () => this.#forget(matchId, built));
    return built;
  }

  #forget(matchId: string, entry: Promise<readonly Buffer[] | null>): void {
    if (this.#cache.get(matchId) === entry) this.#cache.delete(matchId);
  }

  async #build(matchId: string): Promise<readonly Buffer[] | null> {
    const [match, stored] = await Promise.all([this.#store.getMatch(matchId), this.#store.getReplay(matchId)]);
    // an expired replay (retention) has nothing to play back either
    if (match === null || stored === null || stored === EXPIRED) return null;
    const replay = parseReplay(stored);
    const game = findGame(replay.game.id);
    if (game === undefined) throw new Error(`match ${matchId} is a game of ${replay.game.id}, which this server does not know`);
    const seats = match.entrants.map(({ bot, version, name }) => ({ bot, version, name }));
    const frames: Buffer[] = [];
    const push = (event: LiveEvent): void => { frames.push(eventFrame(replayEventId(frames.length), JSON.stringify(event))); };
    const run = replayStates(game, replay, {
      onStart: (state) => push({ type: 'start', match: matchId, game: game.id, seats, view: game.spectatorView(state) }),
      onStep: ({ index, move, state }) => push({ type: 'move', move: index + 1, seat: move.seat, view: game.spectatorView(state) }),
    });
    if (!run.ok) throw new Error(`the replay of ${matchId} does not re-simulate: ${run.reason}`);
    push({ type: 'end', moves: replay.moves.length, ranks: match.ranks, reason: replay.result.reason, view: game.spectatorView(run.state) });
    return frames;
  }
}
