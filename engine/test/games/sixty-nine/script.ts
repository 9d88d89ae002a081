/**
 * Test helpers for 69: positions written as the rulings write them (`5C`, `W1`), decisions as
 * `formatSixtyNineAction`-like texts (`pass`, `play 5A on 0`, `add 6D to 0`, `add to 0`, `keep`,
 * `rearrange`, `take 4B`, `close`), and random playouts.
 */
import {
  SIXTY_NINE_CARD_CODES as CODES,
  createRandom,
  sixtyNine as game,
  sixtyNineCardOfCode as cardOf,
  type SixtyNineAction,
  type SixtyNineState,
} from '../../../src/index.ts';

export const ids = (codes: readonly string[]): number[] => codes.map((code) => {
  const card = cardOf(code);
  if (card < 0) throw new Error(`not a card: ${code}`);
  return card;
}).sort((a, b) => a - b);

export interface Position {
  readonly seats: number;
  readonly dealer?: number;
  /** The seat whose turn it is. */
  readonly toMove: number;
  readonly hands: readonly (readonly string[])[];
  /** Incomplete table sets, in order. */
  readonly table: readonly (readonly string[])[];
  /** The deck's cards, top first: by default every card placed nowhere else, in card order; [] for an empty deck. */
  readonly deck?: readonly string[];
  readonly captured?: readonly (readonly string[])[];
  readonly totals?: readonly number[];
  readonly round?: number;
}

/**
 * A state at the start of a turn in the given position: a real game started and then set up by
 * hand, so every later step is the rules' own. With a given deck, the cards placed nowhere are
 * the deck's part above its top (flipped earlier), so that all 69 stay accounted for.
 */
export function position(p: Position): SixtyNineState {
  const s = game.start(game.randomSetup(1, p.seats));
  const placed = new Set<number>();
  const place = (codes: readonly string[]): number[] => {
    const cards = ids(codes);
    for (const card of cards) {
      if (placed.has(card)) throw new Error(`${CODES[card]} placed twice`);
      placed.add(card);
    }
    return cards;
  };
  s.hands = p.hands.map(place);
  s.table = p.table.map(place);
  s.claimant = s.table.map(() => -1);
  s.claimCount = s.table.map(() => 0);
  s.captured = Array.from({ length: p.seats }, (_, seat) => place(p.captured?.[seat] ?? []));
  const deck = p.deck === undefined ? CODES.filter((_, card) => !placed.has(card)).map(cardOf) : p.deck.map(cardOf);
  for (const card of deck) placed.add(card);
  // With a given deck, the cards placed nowhere count as already flipped and gone: the deck before its top.
  const gone = CODES.map((_, card) => card).filter((card) => !placed.has(card));
  s.deck = [...gone, ...deck];
  s.top = gone.length;
  s.decks[s.decks.length - 1] = s.deck;
  s.dealer = p.dealer ?? (p.toMove - 1 + p.seats) % p.seats;
  s.toMove = p.toMove;
  s.phase = 0;
  s.events = [];
  s.totals = (p.totals ?? new Array<number>(p.seats).fill(0)).slice();
  if (p.round !== undefined) s.round = p.round;
  s.stamp++;
  return s;
}

/** An action from its text: `pass`, `play 5A 6B on 0`, `add 6D to 0`, `add to 1`, `keep`, `rearrange`, `take 4B`, `close`. */
export function actionOf(text: string): SixtyNineAction {
  const words = text.trim().split(/\s+/);
  const [type] = words;
  switch (type) {
    case 'pass':
    case 'keep':
    case 'rearrange':
    case 'close':
      return { type };
    case 'take':
      return { type, card: words[1]! };
    case 'play':
    case 'add': {
      const cards = words.slice(1, -2);
      const set = Number(words.at(-1));
      return { type, set, cards: ids(cards).map((card) => CODES[card]!) };
    }
    default:
      throw new Error(`unknown action text ${text}`);
  }
}

/** Applies `seat:action` texts in order, checking that each seat is the one to move. */
export function act(s: SixtyNineState, ...moves: string[]): void {
  for (const move of moves) {
    const at = move.indexOf(':');
    const seat = Number(move.slice(0, at));
    if (game.toMove(s) !== seat) throw new Error(`${move}: seat ${game.toMove(s)} is to move (phase ${game.publicView(s).phase})`);
    game.apply(s, actionOf(move.slice(at + 1)));
  }
}

/** The table as codes, set by set. */
export const tableOf = (s: SixtyNineState): string[][] => game.publicView(s).table.map((set) => [...set.cards]);

/** A random game from `seed` (actions from `actionSeed`), stopped after `steps` decisions or at its end. */
export function randomPrefix(seed: number, actionSeed: number, seats: number, steps = Infinity, onMove?: (move: { seat: number; action: SixtyNineAction }) => void): SixtyNineState {
  const random = createRandom(actionSeed);
  const s = game.start(game.randomSetup(seed, seats));
  for (let step = 0; step < steps && game.toMove(s) !== null; step++) {
    const legal = game.legalActions(s);
    const action = legal[random.int(legal.length)]!;
    onMove?.({ seat: game.toMove(s)!, action });
    game.apply(s, action);
  }
  return s;
}
