/** A game of random legal moves of any game, with its replay and every state, for the viewer's tests. */
import { createRandom, createReplay, type AnyGame, type Replay, type ReplayMove } from '@xix/engine';
import type { LiveEvent, LiveSeat } from '@xix/store';

/** A game of random moves that has not ended after this many is a failure of its rules. */
const MOVES_AT_MOST = 5000;
const NAMES = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy'];

export interface Played {
  readonly replay: Replay;
  /** The state after each move (index = moves applied). */
  readonly states: readonly unknown[];
  /** The seats as the viewer names them. */
  readonly seats: readonly { readonly name: string; readonly bot: string | null }[];
}

/** Picks one of the legal actions (`random` draws from the game's seed). */
export type Pick = (actions: readonly unknown[], random: { int(bound: number): number }) => unknown;

const anyAction: Pick = (actions, random) => actions[random.int(actions.length)];

/**
 * A game of random legal moves at a table of `seats` seats (3 unless told, or the nearest size the
 * game allows); `pick` may steer the choice (e.g. towards a shorter game).
 */
export function playRandomly(game: AnyGame, seed: number, seats = 3, pick: Pick = anyAction): Played {
  const seatCount = Math.min(game.seats.max, Math.max(game.seats.min, seats));
  const setup = game.randomSetup(seed, seatCount);
  const state = game.start(setup);
  const random = createRandom(seed);
  const states = [game.clone(state)];
  const moves: ReplayMove[] = [];
  for (let seat = game.toMove(state); seat !== null; seat = game.toMove(state)) {
    if (moves.length === MOVES_AT_MOST) throw new Error(`game ${game.id}: no end after ${MOVES_AT_MOST} random moves`);
    const actions = game.legalActions(state);
    const action = pick(actions, random);
    game.apply(state, action);
    moves.push({ seat, action });
    states.push(game.clone(state));
  }
  const result = game.result(state);
  if (result === null) throw new Error(`game ${game.id}: nobody to move, and no result`);
  const names = Array.from({ length: seatCount }, (_, seat) => NAMES[seat] ?? `bot${seat}`);
  const replay = createReplay(game, { seed, setup: JSON.parse(JSON.stringify(setup)), seats: names, moves, forfeit: null, result });
  return { replay, states, seats: names.map((name) => ({ name, bot: null })) };
}

/**
 * A played game's start and first `moves` decisions as live events, each with the public view
 * after it: a game in progress for the live viewer, with nothing playing it. (A worker also sends
 * each forced move, N22 and S18, as an event of its own; the viewer draws whatever views come.)
 */
export function liveEventsOf(game: AnyGame, match: string, seats: readonly LiveSeat[], played: { readonly replay: Replay; readonly states: readonly unknown[] }, moves: number): LiveEvent[] {
  return [
    { type: 'start', match, game: game.id, seats, view: game.publicView(played.states[0]) },
    ...Array.from({ length: moves }, (_, i): LiveEvent => ({ type: 'move', move: i + 1, seat: played.replay.moves[i]!.seat, view: game.publicView(played.states[i + 1]) })),
  ];
}
