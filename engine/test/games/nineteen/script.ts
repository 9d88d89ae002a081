/**
 * Test helpers for Nineteen: scripted decks (who is dealt what, N3), decisions written as
 * `formatNineteenAction` writes them (`pass`, `bid 4`, `trump S`, `discard 2C 10D`, `discard`,
 * `play QH`), and random playouts.
 */
import {
  NINETEEN_CARD_CODES,
  createRandom,
  nineteen as game,
  resolveOptions,
  type NineteenAction,
  type NineteenSetup,
  type NineteenState,
} from '../../../src/index.ts';

/**
 * A deck (N3) that deals `hands[seat]` to each seat with `dealer` dealing, then `kitty`, then
 * `stock` on top of the stock; every other card follows in card order.
 */
export function deckFor(options: { seats: number; dealer: number; hands: readonly (readonly string[])[]; kitty?: readonly string[]; stock?: readonly string[] }): string[] {
  const { seats, dealer, hands } = options;
  const deck: string[] = new Array<string>(5 * seats);
  hands.forEach((hand, seat) => {
    if (hand.length !== 5) throw new Error(`seat ${seat} must be dealt 5 cards`);
    const offset = (seat - dealer - 1 + seats) % seats;
    hand.forEach((card, round) => (deck[round * seats + offset] = card));
  });
  const placed = [...deck, ...(options.kitty ?? []), ...(options.stock ?? [])];
  const rest = NINETEEN_CARD_CODES.filter((code) => !placed.includes(code));
  const kitty = options.kitty ?? rest.splice(0, 3);
  const full = [...deck, ...kitty, ...(options.stock ?? []), ...rest];
  if (full.length !== 52 || new Set(full).size !== 52) throw new Error('a scripted deck must use each card once');
  return full;
}

export function setupWith(options: { seats: number; firstDealer: number; decks: readonly (readonly string[])[]; shortSuit?: boolean; reneging?: boolean }): NineteenSetup {
  return game.parseSetup({
    seats: options.seats,
    shortSuit: options.shortSuit ?? false,
    reneging: options.reneging ?? false,
    firstDealer: options.firstDealer,
    dealSeed: 0,
    decks: options.decks,
    scores: [],
  });
}

/** An action from its text: `pass`, `bid 4`, `trump S`, `discard 2C 10D`, `discard`, `play QH`. */
export function actionOf(text: string): NineteenAction {
  const [type, ...rest] = text.trim().split(/\s+/);
  switch (type) {
    case 'pass':
      return { type: 'pass' };
    case 'bid':
      return { type: 'bid', amount: Number(rest[0]) };
    case 'trump':
      return { type: 'trump', suit: rest[0] as 'C' };
    case 'discard':
      return { type: 'discard', cards: rest };
    case 'play':
      return { type: 'play', card: rest[0]! };
    default:
      throw new Error(`bad action text ${text}`);
  }
}

/** Applies decisions, each `seat: action` (`1: bid 4`), checking the seat asked; throws on anything illegal. */
export function act(state: NineteenState, ...moves: string[]): NineteenState {
  for (const move of moves) {
    const [seat, text] = move.split(':');
    if (game.toMove(state) !== Number(seat)) throw new Error(`${move}: seat ${game.toMove(state)} is to move`);
    game.apply(state, actionOf(text!));
  }
  return state;
}

export interface Step {
  readonly before: NineteenState;
  readonly seat: number;
  readonly action: NineteenAction;
}

/** A random game (uniform legal actions from `actionSeed`), stopped after `decisions` decisions or at its end. */
export function randomPrefix(
  dealSeed: number,
  actionSeed: number,
  seats: number,
  options: { shortSuit?: boolean; reneging?: boolean } = {},
  decisions = Infinity,
  onStep?: (step: Step, after: NineteenState) => void,
): NineteenState {
  const random = createRandom(actionSeed);
  const state = game.start(game.randomSetup(dealSeed, seats, resolveOptions(game, seats, options)));
  for (let i = 0; i < decisions && game.toMove(state) !== null; i++) {
    const legal = game.legalActions(state);
    const action = legal[random.int(legal.length)]!;
    const before = onStep ? game.clone(state) : state;
    const seat = state.toMove;
    game.apply(state, action);
    onStep?.({ before, seat, action }, state);
  }
  return state;
}
