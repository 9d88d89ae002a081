/** XIX's events and outcomes in words, for the table's event list and result line. */
import type { HistoryEvent } from '@xix/engine';
import type { Outcome } from '../../viewer/renderer.ts';

/** One history event as a sentence; `name(seat)` names a seat. */
export function describeEvent(event: HistoryEvent, name: (seat: number) => string): string {
  const who = name(event.seat);
  switch (event.type) {
    case 'play': return `${who} plays ${event.card}`;
    case 'raise': return `${who} raises the stakes`;
    case 'abandon': return event.forced ? `${who} abandons the exchange (third strike, forced)` : `${who} abandons the exchange`;
    case 'pick': return `${who} picks ${event.card}`;
    case 'trade': {
      const given = event.from === 'closed'
        ? `closed card ${event.card ?? '(unseen)'} face down`
        : `open card ${event.card ?? '(unseen)'} face up`;
      return `${who} trades: ${given} into slot ${event.slot}, takes ${event.took ?? 'a face-down card'}`;
    }
  }
}

const REASONS: Readonly<Record<string, string>> = {
  'exactly-19': 'exactly 19 points awarded: fewer points wins',
  'reached-19': '19 points reached: more points wins',
  forfeit: 'forfeit',
};

export function describeOutcome(outcome: Outcome, name: (seat: number) => string): string {
  const score = outcome.points.join('–');
  const why = outcome.forfeit !== null
    ? `${name(outcome.forfeit.seat)} forfeited (${outcome.forfeit.verdict}: ${outcome.forfeit.message})`
    : REASONS[outcome.reason] ?? outcome.reason;
  return `${name(outcome.winner)} wins, ${score} — ${why}`;
}

/** What the seat to move has to decide now. */
export const PHASE_TASKS: Readonly<Record<string, string>> = {
  play: 'to play a card',
  strike: 'to raise or abandon',
  draft: 'to pick a card',
  trade: 'to trade with the strike row',
};
