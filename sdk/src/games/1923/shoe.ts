/**
 * Counting the shoe (T1, T15): what a seat has seen is every card in the piles (every card of a
 * finished round goes face up to its winner, T10) and its own seen cards; the rest of the game's
 * ⌈n/3⌉ decks (or `view.decks`, T1) is in the shoe, in the hole cards or in the other seats' hands.
 */
import { RANKS, type CardCode, type NineteenTwentyThreeSeatView } from '@xix/engine';
import { ACE, MAX_DECKS, rankIndex, rankValue, valueOfHard } from './hand.ts';

interface DrawState {
  readonly drawn: number;
  readonly hard: number;
  readonly aces: number;
  ways: number;
}

/** Cards by rank index (RANKS order: A 2 … 9 T J Q K), 13 counts. */
export type RankCounts = readonly number[];

const SUITS_PER_RANK = 4;

/** T1: how many cards of each rank `decks` decks hold (4 per deck). */
export function shoeComposition(decks: number): number[] {
  if (!Number.isInteger(decks) || decks < 1 || decks > MAX_DECKS) throw new RangeError(`a 1923 game has 1–${MAX_DECKS} decks, got ${String(decks)}`);
  return Array.from(RANKS, () => SUITS_PER_RANK * decks);
}

/** Every card this seat has seen (T15): the piles, then its own seen cards of this round. */
export function seenCards(view: NineteenTwentyThreeSeatView): CardCode[] {
  return [...view.players.flatMap((player) => player.pile), ...view.seen];
}

/**
 * The cards this seat has not seen, by rank: the shoe, every hole card (its own too, T4) and the
 * other seats' cards of this round. They number `view.shoe` + the cards in front of the seats −
 * `view.seen.length`.
 */
export function unseenRankCounts(view: NineteenTwentyThreeSeatView): number[] {
  const counts = shoeComposition(view.decks);
  for (const code of seenCards(view)) {
    const rank = rankIndex(code);
    if (--counts[rank]! < 0) throw new RangeError(`the view shows more ${RANKS[rank]} than ${view.decks} deck(s) hold`);
  }
  return counts;
}

/**
 * The odds of a hand's value (T7) once `draws` more cards, drawn without replacement from
 * `unseen`, join the `seen` ones: value → probability. With `draws` 1 it is a hand whose hole card
 * is unseen (your own if you lock now); with `[]` and another seat's card count, that seat's hand
 * as far as you know. Exact (multivariate hypergeometric).
 */
export function handValueOdds(seen: readonly CardCode[], unseen: RankCounts, draws: number): Map<number, number> {
  if (unseen.length !== RANKS.length || unseen.some((n) => !Number.isInteger(n) || n < 0)) throw new RangeError('unseen must hold 13 non-negative whole counts, by rank');
  const total = unseen.reduce((a, b) => a + b, 0);
  if (!Number.isInteger(draws) || draws < 0 || draws > total) throw new RangeError(`can draw 0–${total} unseen cards, not ${String(draws)}`);
  let hard = 0;
  let aces = 0;
  for (const code of seen) {
    const rank = rankIndex(code);
    hard += rankValue(rank);
    if (rank === ACE) aces++;
  }
  // Ways to draw so far, by (cards drawn, hard total added, aces added), rank by rank.
  let ways = new Map<number, DrawState>([[0, { drawn: 0, hard: 0, aces: 0, ways: 1 }]]);
  unseen.forEach((count, rank) => {
    const next = new Map<number, DrawState>();
    for (const state of ways.values()) {
      // choose = C(count, k): the ways to take k of this rank's cards.
      for (let k = 0, choose = 1; k <= Math.min(count, draws - state.drawn); k++) {
        const drawn = state.drawn + k;
        const added = state.hard + k * rankValue(rank);
        const addedAces = state.aces + (rank === ACE ? k : 0);
        const key = (drawn * 2048 + added) * 256 + addedAces;
        const entry = next.get(key);
        if (entry === undefined) next.set(key, { drawn, hard: added, aces: addedAces, ways: state.ways * choose });
        else entry.ways += state.ways * choose;
        choose = (choose * (count - k)) / (k + 1);
      }
    }
    ways = next;
  });
  let all = 0;
  const odds = new Map<number, number>();
  for (const state of ways.values()) {
    if (state.drawn !== draws) continue;
    const value = valueOfHard(hard + state.hard, aces + state.aces);
    odds.set(value, (odds.get(value) ?? 0) + state.ways);
    all += state.ways;
  }
  for (const [value, w] of odds) odds.set(value, w / all);
  return odds;
}
