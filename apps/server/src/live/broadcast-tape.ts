/**
 * What a broadcast plays of one game (live/broadcast.ts): the public view after each engine move
 * known so far, from the stored replay once the game is stored, else from its live stream (the
 * worker's events). A step is one engine move, forced ones (N22, S18) too: a forced move bundled
 * with the move before it would tell that its seat had no choice. Hidden cards stay hidden: views
 * before the end are the engine's public views; only the end has the spectator view.
 */
import { findGame, parseReplay, replayStates, type AnyGame, type Replay } from '@xix/engine';
import { EXPIRED, wholeMoves, type LiveEvent, type LiveSeat, type Store } from '@xix/store';

export interface TapeStep {
  /** Engine moves played after it, forced ones included (0: the start). */
  readonly move: number;
  /** The seat that made the last of them (-1 at the start). */
  readonly seat: number;
  readonly view: unknown;
}

export interface TapeEnd {
  /** Engine moves, forced ones included. */
  readonly moves: number;
  readonly ranks: readonly number[];
  readonly reason: string;
  /** The spectator view: the whole deal, shown once the game is over. */
  readonly view: unknown;
}

export interface Tape {
  readonly match: string;
  readonly game: string;
  readonly seats: readonly LiveSeat[];
  readonly tournament: string | null;
  /** Oldest first, by move; the first is the start. */
  readonly steps: readonly TapeStep[];
  /** The game's end, once known: the tape is whole. */
  readonly end: TapeEnd | null;
}

/** Where tapes come from: the store (tapeFromStore), or a test's own. */
export interface TapeSource {
  /** The game as known now, or null when it is neither stored nor live. */
  load(match: string): Promise<Tape | null>;
}

export function storeTapes(store: Store): TapeSource {
  return {
    async load(match) {
      const seriesId = match.slice(0, match.indexOf('.'));
      const [stored, series] = await Promise.all([storedTape(store, match), store.getSeries(seriesId)]);
      const tournament = series?.tournament ?? null;
      if (stored !== null) return { ...stored, tournament };
      const live = await liveTape(store, match);
      return live === null ? null : { ...live, tournament };
    },
  };
}

async function storedTape(store: Store, match: string): Promise<Omit<Tape, 'tournament'> | null> {
  const [record, stored] = await Promise.all([store.getMatch(match), store.getReplay(match)]);
  if (record === null || stored === null || stored === EXPIRED) return null;
  const replay = parseReplay(stored);
  const game = findGame(replay.game.id);
  if (game === undefined) return null;
  const played = replaySteps(game, replay);
  if (played === null) return null;
  const seats = record.entrants.map(({ bot, version, name }) => ({ bot, version, name }));
  return { match, game: game.id, seats, steps: played.steps, end: { moves: played.steps.at(-1)!.move, ranks: record.ranks, reason: replay.result.reason, view: played.view } };
}

/** A replay's steps, one an engine move, and the spectator view at its end; null if it does not re-simulate. */
export function replaySteps(game: AnyGame, replay: Replay): { readonly steps: readonly TapeStep[]; readonly view: unknown } | null {
  const steps: TapeStep[] = [];
  const run = replayStates(game, replay, {
    onStart: (state) => steps.push({ move: 0, seat: -1, view: game.publicView(state) }),
    onEngineMove: ({ moves, seat, state }) => steps.push({ move: moves, seat, view: game.publicView(state) }),
  });
  return run.ok ? { steps, view: game.spectatorView(run.state) } : null;
}

async function liveTape(store: Store, match: string): Promise<Omit<Tape, 'tournament'> | null> {
  const entries = await store.readLive(match);
  let start: Extract<LiveEvent, { type: 'start' }> | null = null;
  let steps: TapeStep[] = [];
  let end: TapeEnd | null = null;
  /**
   * Moves the worker lost (a full backlog, a failed round trip) leave a gap, and the move sent after
   * it is the first of a report, a decision: in a game with forced moves the tape stops at a gap
   * (N22, S18), and the broadcast waits for the stored replay.
   */
  let gapped = false;
  /** The game makes forced moves (Game.forcedMoves): known at its start. */
  let forcedMoves = false;
  for (const event of wholeMoves(entries.map((entry) => entry.event))) {
    if (event.type === 'start') {
      // a game played anew (its worker died) starts over
      start = event;
      steps = [{ move: 0, seat: -1, view: event.view }];
      end = null;
      gapped = false;
      forcedMoves = findGame(event.game)?.forcedMoves === true;
    } else if (start !== null && event.type === 'move' && event.move > steps.at(-1)!.move && !gapped) {
      gapped = forcedMoves && event.move > steps.at(-1)!.move + 1;
      if (!gapped) steps.push({ move: event.move, seat: event.seat, view: event.view });
    } else if (start !== null && event.type === 'end') end = { moves: event.moves, ranks: event.ranks, reason: event.reason, view: event.view };
  }
  return start === null ? null : { match, game: start.game, seats: start.seats, steps, end };
}
