/**
 * A 69 seat's view as text for `xix replay show --seat` and `xix replay rerun`: what the seat knew
 * when it decided (S17: its own hand, every hand's size, the deck's size, the table with each open
 * set's claimant, claim count and lock, the captured piles, the totals), its public history
 * (every round's events; the hands shown at each round's end) and an action.
 */
import { SIXTY_NINE_TARGET_POINTS, formatSixtyNineAction, type SixtyNineAction, type SixtyNineSeatView, type TableSetView } from '@xix/engine';
import type { SeatEvent } from '../game-text.ts';
import { cards, eventText, forcedEvents, isDecision } from './events.ts';

/** A seat as this seat calls it: `you` or `seat N`. */
const seatName = (v: SixtyNineSeatView, seat: number): string => (seat === v.seat ? 'you' : `seat ${seat}`);

const TASKS: Readonly<Record<string, string>> = {
  turn: 'your turn: pass or play',
  scramble: 'your Scramble: keep or rearrange',
  form: 'forming the rearranged table',
  steal: 'your steal chance',
};

/** A table set: its position, cards and, when open, its claimant, claim count and lock (S8, S9). */
export function setText(v: SixtyNineSeatView, set: TableSetView, i: number): string {
  const claim = set.claimant === null ? '' : ` claimed by ${seatName(v, set.claimant)} (c ${set.claimCount}${set.locked ? ', locked' : ''})`;
  return `[${i}] ${cards(set.cards)}${claim}`;
}

/** One seat's situation before it decides. */
export function situation(v: SixtyNineSeatView): string {
  const task = v.decision === 'steal' && v.chance !== null ? `your steal chance on set ${v.chance.set}` : (TASKS[v.decision ?? ''] ?? v.phase);
  const lines = [`round ${v.round}, dealer ${seatName(v, v.dealer)}, ${task}; you hold ${cards(v.hand)}`];
  lines.push(`    cards held: ${v.handSizes.map((size, seat) => `${seatName(v, seat)} ${size}`).join(', ')}; deck ${v.deckSize}`);
  lines.push(`    table: ${v.table.map((set, i) => setText(v, set, i)).join('; ') || '-'}`);
  const scramble = v.scramble;
  if (scramble?.rearranging === true) lines.push(`    rearranging: formed ${scramble.formed.map((set) => `{${cards(set)}}`).join(' ') || '-'}; forming {${cards(scramble.forming)}}; unplaced ${cards(scramble.unplaced)}`);
  lines.push(`    captured: ${v.captured.map((pile, seat) => `${seatName(v, seat)} ${pile.length}${pile.length === 0 ? '' : ` (${cards(pile)})`}`).join(', ')}`);
  lines.push(`    totals: ${v.totals.map((total, seat) => `${seatName(v, seat)} ${total}`).join(', ')} (${SIXTY_NINE_TARGET_POINTS} ends the game)`);
  return lines.join('\n');
}

/** The view's history, round by round, in the order things happened; forced moves are the rules' doing (S18). */
export function history(v: SixtyNineSeatView): SeatEvent[] {
  const out: SeatEvent[] = [];
  const name = (seat: number): string => seatName(v, seat);
  const round = (number: number, dealer: number, events: SixtyNineSeatView['events']): void => {
    out.push({ seat: dealer, text: `deal${dealer === v.seat ? '' : 's'} round ${number}`, decided: false });
    const forced = forcedEvents(v.forced, number, events);
    events.forEach((event, i) => {
      const own = event.seat === v.seat && forced.has(i);
      out.push({ seat: event.seat, text: `${eventText(event, name, event.seat === v.seat)}${own ? ' (forced: the only legal move, S18)' : ''}`, decided: isDecision(event) && !own });
    });
  };
  for (const record of v.rounds) {
    round(record.round, record.dealer, record.events);
    // S17: at the round's end every hand is shown
    out.push({
      seat: record.ender ?? record.dealer,
      text: `round ${record.round} ends; hands shown: ${record.hands.map((hand, seat) => `${name(seat)} ${cards(hand)}`).join(', ')}; scores ${record.scores.map((score, seat) => `${name(seat)} ${score}`).join(', ')}; totals ${record.totals.map((total, seat) => `${name(seat)} ${total}`).join(', ')}`,
      decided: false,
    });
  }
  if (v.phase !== 'over' && (v.rounds.at(-1)?.round ?? 0) < v.round) round(v.round, v.dealer, v.events);
  return out;
}

/** An action as short text (`play 5C 6D on set 2`, `add nothing to set 0`, `take W1`); JSON for anything else (a bot's wrong answer). */
export function action(value: unknown): string {
  const a = value as { type?: unknown; set?: unknown; cards?: unknown; card?: unknown } | null;
  const list = (x: unknown): boolean => Array.isArray(x) && x.every((card) => typeof card === 'string');
  const wellFormed =
    a?.type === 'pass' || a?.type === 'keep' || a?.type === 'rearrange' || a?.type === 'close' ||
    (a?.type === 'take' && typeof a.card === 'string') ||
    ((a?.type === 'play' || a?.type === 'add') && typeof a.set === 'number' && list(a.cards));
  return wellFormed ? formatSixtyNineAction(value as SixtyNineAction) : (JSON.stringify(value) ?? String(value));
}
