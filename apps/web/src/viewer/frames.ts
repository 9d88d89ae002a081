/**
 * Frames: what to draw after each move. A finished game's frames come from re-simulating its
 * replay with the engine (every view: the spectator's and each seat's); a live game's come from
 * the match's events (the public view, then the whole deal at the end).
 */
import { findGame, parseReplay, replayStates, type Replay } from '@xix/engine';

/** Whose eyes a frame is drawn through: `all`, `seat-0`, `seat-1`, …, or `public` (live). */
export interface Perspective {
  readonly id: string;
  readonly label: string;
  readonly title?: string;
}

export interface Frame {
  /** Moves applied so far: 0 is the deal. */
  readonly move: number;
  /** The seat that made move `move` (null for the deal). */
  readonly seat: number | null;
  /** The view to draw, by perspective id. */
  readonly views: Readonly<Record<string, unknown>>;
}

export const ALL = 'all';
export const PUBLIC = 'public';
export const seatPerspective = (seat: number): string => `seat-${seat}`;

/**
 * Everything, then each seat's own view (R11), labelled with the seats' names, and the seat where a
 * name sits at several seats (a partnership's entrant plays each seat of its side).
 */
export function replayPerspectives(names: readonly string[]): Perspective[] {
  const label = (name: string, seat: number): string => (names.indexOf(name) === names.lastIndexOf(name) ? name : `${name}, seat ${seat},`);
  return [{ id: ALL, label: 'Everything' }, ...names.map((name, seat) => ({ id: seatPerspective(seat), label: `As ${label(name, seat)} saw it`, title: `The game as seat ${seat} (${name}) saw it: its own cards, and only what it could know of the rest` }))];
}

/** Re-simulates an untrusted replay; throws an Error saying what is wrong with it. */
export function replayFrames(value: unknown): { replay: Replay; frames: Frame[] } {
  const replay = parseReplay(value);
  const game = findGame(replay.game.id);
  if (game === undefined) throw new Error(`this viewer does not know the game "${replay.game.id}"`);
  const seats = replay.seats.map((_, seat) => seat);
  const framed = (move: number, seat: number | null, state: unknown): Frame => ({
    move,
    seat,
    views: Object.fromEntries([[ALL, game.spectatorView(state)], ...seats.map((s) => [seatPerspective(s), game.view(state, s)])]),
  });
  const frames: Frame[] = [];
  const run = replayStates(game, replay, {
    onStart: (state) => frames.push(framed(0, null, state)),
    onStep: ({ index, move, state }) => frames.push(framed(index + 1, move.seat, state)),
  });
  if (!run.ok) throw new Error(run.step === null ? run.reason : `move ${run.step}: ${run.reason}`);
  return { replay, frames };
}
