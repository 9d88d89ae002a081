/**
 * The rules of 1923 (`shared/seeds/1923-rules.md`) with the rulings T1–T17: who is asked, what a
 * choice does, and everything automatic between decisions (deal, step resolution, reveal,
 * valuation, tie-breaks, war, the end check).
 */
import { GameError, IllegalActionError, type ActionCheck, type GameResult, type Seat } from '../../game.ts';
import { createRandom } from '../../random.ts';
import { competitionRanks } from '../../ranking.ts';
import { BOTH_ACTIONS, HIT, parseAction, type NineteenTwentyThreeAction } from './actions.ts';
import { cardCode, handValue, highCardValue, totalRank } from './cards.ts';
import { CHOICE_NAMES, Choice, emptyState, shoeSize, type ChoiceName, type NineteenTwentyThreeSetup, type NineteenTwentyThreeState } from './state.ts';
import type { DrawOffPass, RoundRecord } from './views.ts';

const NO_ACTIONS: readonly NineteenTwentyThreeAction[] = Object.freeze([]);

/** The state of a new game: round 1 dealt, the first seat asked (T3, T4, T11). */
export function startState(setup: NineteenTwentyThreeSetup): NineteenTwentyThreeState {
  const s = emptyState(setup);
  if (!beginRound(s)) throw new GameError('setup: the shoe cannot serve a first round');
  settle(s);
  return s;
}

export const legalActions = (s: NineteenTwentyThreeState): readonly NineteenTwentyThreeAction[] => (s.over ? NO_ACTIONS : BOTH_ACTIONS);

export function checkAction(s: NineteenTwentyThreeState, value: unknown): ActionCheck<NineteenTwentyThreeAction> {
  if (s.over) return { ok: false, reason: 'the game is over' };
  return parseAction(value);
}

/**
 * T5: the seat to move records its choice, hidden from the others; the next unlocked seat of the
 * step is asked, and once all have chosen the step resolves and play runs on to the next decision.
 */
export function applyAction(s: NineteenTwentyThreeState, value: NineteenTwentyThreeAction): void {
  const check = checkAction(s, value);
  if (!check.ok) throw new IllegalActionError(check.reason);
  const seat = s.toMove;
  s.pending[seat] = check.action === HIT ? Choice.Hit : Choice.Lock;
  const next = nextToAsk(s, placeOf(s, seat) + 1);
  if (next >= 0) {
    s.toMove = next;
    return;
  }
  resolveStep(s);
  settle(s);
}

export function result(s: NineteenTwentyThreeState): GameResult | null {
  if (!s.over) return null;
  const points = s.piles.map((pile) => pile.length);
  const ranks = competitionRanks(points);
  const shared = ranks.filter((rank) => rank === 1).length > 1;
  // T13: the most cards win; a tie for most is a shared win.
  return { winner: ranks.indexOf(1), points, reason: shared ? 'shared-most-cards' : 'most-cards', ranks };
}

/** T17 (R12): the round in progress is void; the forfeiting seat is last, the others placed by their piles. */
export function forfeitResult(s: NineteenTwentyThreeState, seat: Seat): GameResult {
  const points = s.piles.map((pile) => pile.length);
  const ranks = competitionRanks(points, seat);
  return { winner: ranks.indexOf(1), points, reason: 'forfeit', ranks };
}

/**
 * The first seat from place `from` of this round's seat order (T3) on that is unlocked and has not
 * chosen in this step, or -1.
 */
function nextToAsk(s: NineteenTwentyThreeState, from: number): Seat {
  const n = s.seats;
  for (let place = from; place < n; place++) {
    const seat = (s.firstSeat + place) % n;
    if (!s.locked[seat] && s.pending[seat] === 0) return seat;
  }
  return -1;
}

/** The place of `seat` in this round's seat order, 0 for the first seat. */
const placeOf = (s: NineteenTwentyThreeState, seat: Seat): number => (seat - s.firstSeat + s.seats) % s.seats;

const draw = (s: NineteenTwentyThreeState): number => s.shoe[s.top++]!;

/** T5, T6, T16: hits served in seat order while cards last; a hit that finds the shoe empty locks. */
function resolveStep(s: NineteenTwentyThreeState): void {
  for (let i = 0; i < s.seats; i++) {
    const seat = (s.firstSeat + i) % s.seats;
    if (s.locked[seat]) continue;
    if (s.pending[seat] === Choice.Hit && shoeSize(s) > 0) {
      s.hands[seat]!.push(draw(s));
      s.choices[seat]!.push(Choice.Hit);
    } else {
      s.locked[seat] = true;
      s.choices[seat]!.push(s.pending[seat] === Choice.Hit ? Choice.FailedHit : Choice.Lock);
    }
    s.pending[seat] = 0;
  }
  s.step++;
}

/** Runs everything automatic until a seat must decide or the game is over. */
function settle(s: NineteenTwentyThreeState): void {
  for (;;) {
    const first = nextToAsk(s, 0);
    if (first < 0) {
      finishRound(s);
      if (!beginRound(s)) {
        s.over = true;
        s.toMove = -1;
        return;
      }
    } else if (shoeSize(s) === 0) {
      // T16: nobody is asked to choose between a hit that cannot be served and a lock.
      for (let seat = 0; seat < s.seats; seat++) {
        if (s.locked[seat]) continue;
        s.locked[seat] = true;
        s.choices[seat]!.push(Choice.ForcedLock);
      }
      s.step++;
    } else {
      s.toMove = first;
      return;
    }
  }
}

/** T11: deals a normal round, or plays the war round, or neither; false when the game is over. */
function beginRound(s: NineteenTwentyThreeState): boolean {
  const n = s.seats;
  const size = shoeSize(s);
  if (size < n) return false;
  s.round++;
  if (s.round > 1) s.firstSeat = (s.firstSeat + 1) % n;
  if (size < 2 * n) {
    playWar(s);
    return false;
  }
  for (let seat = 0; seat < n; seat++) {
    s.hands[seat] = [];
    s.locked[seat] = false;
    s.pending[seat] = 0;
    s.choices[seat] = [];
  }
  // T3: one card at a time from the first seat, twice round; T4: the first is seen, the second is the hole card.
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < n; i++) s.hands[(s.firstSeat + i) % n]!.push(draw(s));
  }
  s.step = 1;
  return true;
}

/** T7–T10: the reveal, the round winner and its take. */
function finishRound(s: NineteenTwentyThreeState): void {
  const values = s.hands.map(handValue);
  const order = seatOrder(s);
  // T8: the best total; T9: then the highest average, compared exactly.
  let tied = best(order, (seat) => totalRank(values[seat]!));
  if (tied.length > 1) {
    const count = (seat: Seat) => s.hands[seat]!.length;
    let leaders = [tied[0]!];
    for (const seat of tied.slice(1)) {
      const lead = leaders[0]!;
      const cmp = values[seat]! * count(lead) - values[lead]! * count(seat);
      if (cmp > 0) leaders = [seat];
      else if (cmp === 0) leaders.push(seat);
    }
    tied = leaders;
  }
  const { winner, passes, lot } = drawOff(s, tied);
  const taken: number[] = [];
  for (const hand of s.hands) for (const card of hand) taken.push(card);
  for (const pass of passes) for (const card of pass.cards) taken.push(card);
  const pile = s.piles[winner]!;
  for (const card of taken) pile.push(card);
  s.rounds.push(
    roundRecord(s, {
      war: false,
      hands: s.hands,
      choices: s.choices.map((list) => list.map((choice) => CHOICE_NAMES[choice] as ChoiceName)),
      values,
      passes,
      lot,
      winner,
      cards: taken.length,
      steps: s.step - 1,
    }),
  );
  for (let seat = 0; seat < s.seats; seat++) {
    s.hands[seat] = [];
    s.choices[seat] = [];
  }
}

/** T12: one card each face up in seat order, the highest high-card value takes all; ties go to the draw-off. */
function playWar(s: NineteenTwentyThreeState): void {
  const order = seatOrder(s);
  const hands: number[][] = Array.from({ length: s.seats }, () => []);
  for (const seat of order) hands[seat]!.push(draw(s));
  const values = hands.map((hand) => highCardValue(hand[0]!));
  const { winner, passes, lot } = drawOff(s, best(order, (seat) => values[seat]!));
  const taken = hands.flat();
  for (const pass of passes) taken.push(...pass.cards);
  s.piles[winner]!.push(...taken);
  s.rounds.push(roundRecord(s, { war: true, hands, choices: hands.map(() => []), values, passes, lot, winner, cards: taken.length, steps: 0 }));
}

/** The seats of this round in seat order (T3). */
function seatOrder(s: NineteenTwentyThreeState): Seat[] {
  const order = new Array<Seat>(s.seats);
  for (let i = 0; i < s.seats; i++) order[i] = (s.firstSeat + i) % s.seats;
  return order;
}

/** The seats of `seats` (kept in order) with the highest score. */
function best(seats: readonly Seat[], score: (seat: Seat) => number): Seat[] {
  let top = -Infinity;
  let out: Seat[] = [];
  for (const seat of seats) {
    const value = score(seat);
    if (value > top) {
      top = value;
      out = [seat];
    } else if (value === top) out.push(seat);
  }
  return out;
}

interface DrawOffPassCards {
  readonly seats: Seat[];
  readonly cards: number[];
}

/** T9: single-card draw-offs among `tied` (in seat order) until one is highest; the seeded lot when the shoe is short. */
function drawOff(s: NineteenTwentyThreeState, tied: Seat[]): { winner: Seat; passes: DrawOffPassCards[]; lot: Seat[] | null } {
  const passes: DrawOffPassCards[] = [];
  while (tied.length > 1) {
    if (shoeSize(s) < tied.length) return { winner: drawLot(s, tied), passes, lot: tied };
    const cards = tied.map(() => draw(s));
    passes.push({ seats: tied, cards });
    const byValue = cards.map(highCardValue);
    tied = best(
      tied.map((_, i) => i),
      (i) => byValue[i]!,
    ).map((i) => tied[i]!);
  }
  return { winner: tied[0]!, passes, lot: null };
}

/** T9: the short-shoe lot: recorded in the setup, else drawn uniformly from the lot seed (and recorded). */
function drawLot(s: NineteenTwentyThreeState, tied: readonly Seat[]): Seat {
  const k = s.lotsUsed++;
  if (k < s.lots.length) {
    const seat = s.lots[k]!;
    if (!tied.includes(seat)) throw new GameError(`setup.lots[${k}] names seat ${seat}, which is not among the tied seats ${tied.join(', ')}`);
    return seat;
  }
  const seat = tied[createRandom(s.setup.lotSeed + k).int(tied.length)]!;
  s.lots.push(seat);
  return seat;
}

function roundRecord(
  s: NineteenTwentyThreeState,
  r: { war: boolean; hands: number[][]; choices: RoundRecord['choices']; values: number[]; passes: DrawOffPassCards[]; lot: Seat[] | null; winner: Seat; cards: number; steps: number },
): RoundRecord {
  const drawOffs: DrawOffPass[] = r.passes.map((pass) => Object.freeze({ seats: Object.freeze(pass.seats.slice()), cards: Object.freeze(pass.cards.map(cardCode)) }));
  return Object.freeze({
    round: s.round,
    firstSeat: s.firstSeat,
    war: r.war,
    steps: r.steps,
    hands: Object.freeze(r.hands.map((hand) => Object.freeze(hand.map(cardCode)))),
    choices: Object.freeze(r.choices.map((list) => Object.freeze(list))),
    values: Object.freeze(r.values.slice()),
    drawOffs: Object.freeze(drawOffs),
    lot: r.lot === null ? null : Object.freeze(r.lot.slice()),
    winner: r.winner,
    cards: r.cards,
  });
}
