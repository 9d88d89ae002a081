/**
 * Test helpers for 1923: scripted shoes, a compact notation for choices (`h` hit, `l` lock, one
 * letter a decision, in the order the engine asks), and random playouts.
 */
import { CARD_CODES, HIT, LOCK, createRandom, decksFor, nineteenTwentyThree as game, type NineteenTwentyThreeSetup, type NineteenTwentyThreeState } from '../../../src/index.ts';

/**
 * A setup whose shoe starts with `top` and ends with `bottom`; every other card of the decks lies
 * between them in a fixed order. Lots (T9) come from `lots`, else from lot seed 0.
 */
export function scripted(options: { seats: number; firstSeat: number; top?: string[]; bottom?: string[]; decks?: number; lots?: number[] }): NineteenTwentyThreeSetup {
  const decks = options.decks ?? decksFor(options.seats);
  const top = options.top ?? [];
  const bottom = options.bottom ?? [];
  const fixed = new Set([...top, ...bottom]);
  const middle = CARD_CODES.slice(0, 52 * decks).filter((code) => !fixed.has(code));
  return game.parseSetup({ seats: options.seats, decks, shoe: [...top, ...middle, ...bottom], firstSeat: options.firstSeat, lotSeed: 0, lots: options.lots ?? [] });
}

/** Applies decisions written as letters (`h` hit, `l` lock) to whichever seat is asked; throws on anything illegal. */
export function act(state: NineteenTwentyThreeState, moves: string): NineteenTwentyThreeState {
  for (const move of moves.replace(/\s+/g, '')) {
    if (move !== 'h' && move !== 'l') throw new Error(`bad move notation ${move}`);
    game.apply(state, move === 'h' ? HIT : LOCK);
  }
  return state;
}

export const startFrom = (setup: NineteenTwentyThreeSetup, moves = ''): NineteenTwentyThreeState => act(game.start(setup), moves);

export interface Step {
  readonly before: NineteenTwentyThreeState;
  readonly seat: number;
  readonly action: typeof HIT | typeof LOCK;
}

/** Plays a random game (each decision a fair coin from `actionSeed`); `onStep` sees a copy of the state before each decision. */
export function randomGame(dealSeed: number, actionSeed: number, seats: number, onStep?: (step: Step, after: NineteenTwentyThreeState) => void): NineteenTwentyThreeState {
  return randomPrefix(dealSeed, actionSeed, seats, Infinity, onStep);
}

/** A random game stopped after `decisions` decisions (or at its end). */
export function randomPrefix(dealSeed: number, actionSeed: number, seats: number, decisions: number, onStep?: (step: Step, after: NineteenTwentyThreeState) => void): NineteenTwentyThreeState {
  const random = createRandom(actionSeed);
  const state = game.start(game.randomSetup(dealSeed, seats));
  for (let i = 0; i < decisions && game.toMove(state) !== null; i++) {
    if (i > 5_000) throw new Error('game did not terminate');
    const action = random.int(2) === 0 ? HIT : LOCK;
    const before = onStep ? game.clone(state) : state;
    const seat = state.toMove;
    game.apply(state, action);
    onStep?.({ before, seat, action }, state);
  }
  return state;
}
