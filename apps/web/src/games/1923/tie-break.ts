/**
 * What decided a 1923 round, for the reveal: the best total alone (T8), or the tie-break that
 * decided among the seats tied on it: the higher average card value (T9), a draw-off (T9) or a
 * lot (T9); in the war round the highest card (T12), a tie there going straight to the draw-off.
 * Read from the round's record alone (its hands, values, draw-offs and lot: docs/rules-1923.md).
 */
import { totalRank, type CardCode, type RoundRecord } from '@xix/engine';
import { cardFace } from './table.ts';

export type Decision =
  /** T8 (T12 in war): one seat had the best total (the highest card) alone. */
  | { readonly by: 'total' }
  /** T9: the seats tied on the total, and the average (total ÷ cards) of each; one had the highest. */
  | { readonly by: 'average'; readonly tied: readonly number[]; readonly averages: readonly number[] }
  /** T9 (T12): still tied after the average (war: on the card), a draw-off decided. */
  | { readonly by: 'draw-off'; readonly tied: readonly number[] }
  /** T9: still tied, and the shoe too short for a draw-off pass: a lot decided. */
  | { readonly by: 'lot'; readonly tied: readonly number[] };

/** The seats of `seats` with the highest `score`. */
function bestOf(seats: readonly number[], score: (seat: number) => number): number[] {
  const top = Math.max(...seats.map(score));
  return seats.filter((seat) => score(seat) === top);
}

export function roundDecision(round: RoundRecord): Decision {
  const seats = round.values.map((_, seat) => seat);
  // the tie the draw-off or the lot broke: the seats of the first pass, or of the lot
  const broken = round.lot ?? round.drawOffs[0]?.seats ?? null;
  const tied = round.war ? bestOf(seats, (seat) => round.values[seat]!) : bestOf(seats, (seat) => totalRank(round.values[seat]!));
  if (tied.length === 1) return { by: 'total' };
  const average = (seat: number): number => round.values[seat]! / round.hands[seat]!.length;
  if (!round.war && bestOf(tied, average).length === 1) return { by: 'average', tied, averages: tied.map(average) };
  const still = broken === null ? tied : [...broken];
  // a lot may also end draw-off passes that tied again, once the shoe cannot serve another
  return round.lot !== null ? { by: 'lot', tied: still } : { by: 'draw-off', tied: still };
}

type Name = (seat: number) => string;

const list = (names: readonly string[]): string => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** The tie-break that decided the round, in a sentence; null when the best total (the highest card in war) alone did. */
export function describeDecision(round: RoundRecord, name: Name): string | null {
  const decision = roundDecision(round);
  if (decision.by === 'total') return null;
  const { tied } = decision;
  const values = tied.map((seat) => round.values[seat]!);
  const level = values.every((value) => value === values[0])
    ? `${list(tied.map(name))} tied ${round.war ? 'on the highest card' : 'on the total'}, ${values[0]}`
    : `${list(tied.map((seat) => `${name(seat)} (${round.values[seat]})`))} were equally near the 19–23 window`;
  const winner = name(round.winner);
  const card = (code: CardCode): string => {
    const face = cardFace(code);
    return `${face.rank}${face.suit}`;
  };
  const passes = round.drawOffs.map((pass) => pass.seats.map((seat, i) => `${name(seat)} drew ${card(pass.cards[i]!)}`).join(', ')).join('; then ');
  switch (decision.by) {
    case 'average': {
      const others = tied.flatMap((seat, i) => (seat === round.winner ? [] : [decision.averages[i]!.toFixed(2)]));
      const own = decision.averages[tied.indexOf(round.winner)]!.toFixed(2);
      return `${level}: ${winner} takes the round with the higher average card value, ${own} against ${list(others)} (T9).`;
    }
    case 'draw-off':
      return `${level}${round.war ? '' : ', with the same average card value'}: a draw-off decided (${round.war ? 'T12, ' : ''}T9): ${passes}. ${winner} drew the highest card.`;
    case 'lot':
      return `${level}${round.war ? '' : ', with the same average card value'}: ${passes === '' ? '' : `a draw-off tied again (${passes}), and `}the shoe was too short for a draw-off pass, so a lot among ${list(decision.tied.map(name))} decided (T9): ${winner}.`;
  }
}
