/**
 * The invariants of RULINGS-nineteen §3 over random games at every seat count and every option
 * combination, a second, plain reading of N10/N11/N19/N20 to check each legal set and trick
 * against, and replay verification from the setup alone (§5).
 */
import { describe, expect, it } from 'vitest';
import {
  NINETEEN_CARD_CODES,
  NINETEEN_SUITS,
  createRandom,
  createReplay,
  nineteen as game,
  parseReplay,
  resolveOptions,
  verifyReplay,
  type HandRecord,
  type NineteenAction,
  type NineteenState,
  type ReplayMove,
} from '../../../src/index.ts';

const OPTION_SETS = [
  { shortSuit: false, reneging: false },
  { shortSuit: true, reneging: false },
  { shortSuit: false, reneging: true },
  { shortSuit: true, reneging: true },
];
const CASES = [2, 3, 4, 5, 6].flatMap((seats) => OPTION_SETS.map((options) => ({ seats, ...options })));
/** Games per case: 20 cases, so 60 random games in all. */
const GAMES = 3;

// A plain reading of the rulings on card codes, independent of the engine's card numbers.
const suit = (code: string) => code.slice(-1);
const rank = (code: string) => ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'].indexOf(code.slice(0, -1));

interface Rules {
  trump: string;
  shortSuit: boolean;
  reneging: boolean;
}
/** N19: the short suit's Q♥ is a trump and no heart when hearts are not trump. */
const isTrumpCard = (code: string, r: Rules) => suit(code) === r.trump || (r.shortSuit && code === 'QH');
const suitAs = (code: string, r: Rules) => (isTrumpCard(code, r) ? r.trump : suit(code));
/** N11, N19: A K (Q♥) Q J … 2. */
const trumpOrder = (code: string, r: Rules) => (r.shortSuit && code === 'QH' && r.trump !== 'H' ? 10.5 : rank(code));
const majors = (r: Rules) => (r.shortSuit ? [`A${r.trump}`, `K${r.trump}`, 'QH'] : [`A${r.trump}`, `K${r.trump}`, `Q${r.trump}`]);

function oracleLegal(hand: readonly string[], led: string | undefined, r: Rules): string[] {
  if (led === undefined) return [...hand];
  const ledSuit = suitAs(led, r);
  if (ledSuit !== r.trump) {
    const follows = hand.some((c) => suitAs(c, r) === ledSuit);
    return follows ? hand.filter((c) => suitAs(c, r) === ledSuit || isTrumpCard(c, r)) : [...hand];
  }
  const trumps = hand.filter((c) => isTrumpCard(c, r));
  const exempt = (c: string) => r.reneging && majors(r).includes(c) && trumpOrder(c, r) > trumpOrder(led, r);
  if (trumps.some((c) => !exempt(c))) return trumps;
  if (trumps.length === 0 && r.shortSuit && led === 'QH' && r.trump !== 'H') {
    const hearts = hand.filter((c) => suitAs(c, r) === 'H');
    if (hearts.length > 0) return hearts;
  }
  return [...hand];
}

function oracleWinner(cards: readonly string[], r: Rules): number {
  const trumps = cards.map((c, i) => [c, i] as const).filter(([c]) => isTrumpCard(c, r));
  if (trumps.length > 0) return trumps.reduce((a, b) => (trumpOrder(b[0], r) > trumpOrder(a[0], r) ? b : a))[1];
  const ledSuit = suit(cards[0]!);
  return cards.map((c, i) => [c, i] as const).filter(([c]) => suit(c) === ledSuit).reduce((a, b) => (rank(b[0]) > rank(a[0]) ? b : a))[1];
}

function oracleBonus(record: HandRecord, r: Rules): number {
  const all = record.tricks.flatMap((trick, t) => trick.cards.map((card) => ({ card, t })));
  const trumps = all.filter(({ card }) => isTrumpCard(card, r));
  if (trumps.length > 0) return trumps.reduce((a, b) => (trumpOrder(b.card, r) > trumpOrder(a.card, r) ? b : a)).t + 1;
  return all.reduce((a, b) => (rank(b.card) > rank(a.card) ? b : a)).t + 1;
}

const cardsInTrick = (s: NineteenState) => s.played.length - (s.leaders.length - 1) * s.seats;

/** Every card of the hand in play, wherever it is: held, in the kitty (until taken), the stock, discarded, played. */
function everyCard(s: NineteenState): number[] {
  const discarded = s.discarded.flatMap((cards) => cards ?? []);
  return [...s.cards.flat(), ...(s.trump < 0 ? s.kitty : []), ...s.deck.slice(s.top), ...discarded, ...s.played];
}

/** Throws (cheaper than `expect` on every step of a long game) with what differs. */
function same(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const b = JSON.stringify(expected);
  if (a !== b) throw new Error(`${what}: got ${a}, expected ${b}`);
}

/**
 * A random game checked at every decision: the legal set against the plain reading, and after the
 * decision (with the engine's forced moves), conservation, hand sizes, the stock and the scores.
 */
function checkedRandomGame(dealSeed: number, actionSeed: number, seats: number, options: { shortSuit: boolean; reneging: boolean }): { end: NineteenState; moves: ReplayMove[] } {
  const random = createRandom(actionSeed);
  const s = game.start(game.randomSetup(dealSeed, seats, resolveOptions(game, seats, options)));
  const moves: ReplayMove[] = [];
  while (game.toMove(s) !== null) {
    const legal = game.legalActions(s);
    if (s.phase === 3) {
      const inTrick = cardsInTrick(s);
      const led = inTrick === 0 ? undefined : NINETEEN_CARD_CODES[s.played[s.played.length - inTrick]!];
      const hand = s.cards[s.toMove]!.map((card) => NINETEEN_CARD_CODES[card]!);
      same(legal.map((a) => (a as { card: string }).card).sort(), oracleLegal(hand, led, { trump: NINETEEN_SUITS[s.trump]!, ...options }).sort(), `legal plays of ${hand.join(' ')} on ${led}`);
    }
    const scores = s.scores.slice();
    const records = s.past.length;
    const action = legal[random.int(legal.length)]!;
    moves.push({ seat: s.toMove, action: JSON.parse(JSON.stringify(action)) as NineteenAction });
    game.apply(s, action);
    // Conservation, at every state.
    const cards = everyCard(s);
    if (cards.length !== 52 || new Set(cards).size !== 52) throw new Error(`conservation: ${cards.length} cards, ${new Set(cards).size} distinct`);
    // Scores change only at hand end.
    if (s.past.length === records) same(s.scores, scores, 'scores within a hand');
    if (s.phase === 3) {
      // 5 cards after replenishing, 5 − t after trick t.
      const done = s.leaders.length - 1;
      const inTrick = cardsInTrick(s);
      for (let i = 0; i < seats; i++) same(s.cards[(s.leaders.at(-1)! + i) % seats]!.length, 5 - done - (i < inTrick ? 1 : 0), 'hand size');
      // N8: the stock never runs short; at 6 seats at least one card is left.
      if (s.deck.length - s.top < (seats === 6 ? 1 : 0)) throw new Error('the stock ran short');
    }
  }
  return { end: s, moves };
}

describe.each(CASES)('Nineteen random games at $seats seats, shortSuit $shortSuit, reneging $reneging', ({ seats, shortSuit, reneging }) => {
  it('keep the §3 invariants, play only legal cards (N10, N19, N20), take tricks by N11, score by N12, N13, and replay from the setup (§5)', () => {
    for (let g = 0; g < GAMES; g++) {
      const options = { shortSuit, reneging };
      const { end, moves } = checkedRandomGame(1000 * seats + g, 77 + g, seats, options);
      expect(game.toMove(end)).toBeNull();
      expect(end.hand).toBeLessThanOrEqual(100);
      expect(end.past).toHaveLength(end.hand);
      checkHands(end, options);
      checkReplay(end, 1000 * seats + g, moves);
    }
  });
});

/** Per finished hand: dealer rotation, the bidder leads, N11 winners and leaders, N12 bonus, N13 scores. */
function checkHands(end: NineteenState, options: { shortSuit: boolean; reneging: boolean }): void {
  const view = game.publicView(end);
  const n = view.seats;
  let scores = new Array<number>(view.scores.length).fill(0);
  view.hands.forEach((record, h) => {
    const r = { trump: record.trump!, ...options };
    if (h > 0) expect(record.dealer).toBe((view.hands[h - 1]!.dealer + 1) % n);
    expect(record.tricks).toHaveLength(5);
    expect(record.tricks[0]!.leader).toBe(record.bidder);
    record.tricks.forEach((trick, t) => {
      expect(trick.cards).toHaveLength(n);
      expect(trick.winner).toBe((trick.leader + oracleWinner(trick.cards, r)) % n);
      if (t < 4) expect(record.tricks[t + 1]!.leader).toBe(trick.winner);
    });
    expect(record.bonusTrick).toBe(oracleBonus(record, r));
    const points = record.points!;
    expect(points.reduce((a, b) => a + b, 0)).toBe(6);
    for (const p of points) expect(p).toBeGreaterThanOrEqual(0);
    const bidderSide = view.sides[record.bidder!]!;
    const next = scores.map((score, side) => {
      if (side !== bidderSide) return score + points[side]!;
      return points[side]! >= record.bid! ? score + points[side]! : score - record.bid!;
    });
    expect(record.scores).toEqual(next);
    expect(record.discards!.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
    scores = next;
  });
  expect(view.scores).toEqual(scores);
  const result = game.result(end)!;
  expect(result.points).toEqual(view.sides.map((side) => scores[side]));
  view.sides.forEach((side, seat) => expect(result.ranks![seat]).toBe(result.ranks![view.sides.indexOf(side)]));
}

/** §5: the replay of the game re-simulates from its setup alone (every deck recorded), the deal seed aside. */
function checkReplay(end: NineteenState, dealSeed: number, moves: ReplayMove[]): void {
  const setup = game.setupOf(end);
  expect(setup.decks).toHaveLength(end.hand);
  expect(setup.scores).toHaveLength(end.hand);
  const replay = createReplay(game, { seed: dealSeed, setup: { ...setup, dealSeed: 0 }, seats: Array.from({ length: end.seats }, (_, i) => `random-${i}`), moves, forfeit: null, result: game.result(end)! });
  // The deal seed is wrong (0), so the game re-simulates only because every deck is recorded.
  expect(verifyReplay(parseReplay(JSON.parse(JSON.stringify(replay))))).toEqual({ ok: true, result: game.result(end), moves: moves.length });
  const withoutScores = { ...replay, setup: { ...setup, scores: setup.scores.slice(0, -1) } };
  expect(verifyReplay(parseReplay(JSON.parse(JSON.stringify(withoutScores))))).toMatchObject({ ok: false, step: null, reason: expect.stringMatching(/setup.scores/) });
}
