/**
 * 69's public events as text, shared by a seat's history (`replay show --seat`) and the whole
 * replay (`replay show`): what a seat did, with `set` as the table position at that moment (S4).
 */
import type { SixtyNineEvent, SixtyNineForcedMove } from '@xix/engine';

export const cards = (list: readonly string[] | null | undefined): string => (list === null || list === undefined || list.length === 0 ? '-' : list.join(' '));

/** An event's words after its seat's name (`plays 5C 6D on set 2`); `you` for the viewing seat (verbs then lose their s). */
export function eventText(event: SixtyNineEvent, name: (seat: number) => string, you: boolean): string {
  const verb = (word: string): string => (you ? word : `${word}s`);
  switch (event.type) {
    case 'flip':
      return `${verb('flip')} ${event.card}${event.from === null ? '' : ` pulled from ${name(event.from)}'s hand (the deck is empty, S7)`}`;
    case 'pass':
      return you ? 'pass' : 'passes';
    case 'play':
      return `${verb('play')} ${cards(event.cards)} on set ${event.set}`;
    case 'keep':
      return `${verb('keep')} the table as it is (Scramble, S12)`;
    case 'rearrange':
      return `${verb('rearrange')} the table (Scramble, S12): ${event.sets.map((set) => `{${cards(set)}}`).join(' ')}`;
    case 'add':
      return event.cards.length === 0
        ? `${verb('add')} nothing to set ${event.set}`
        : `${verb('add')} ${cards(event.cards)} to set ${event.set}${event.claims ? ` and ${verb('claim')} it (S8)` : ''}`;
    case 'capture':
      return `${verb('capture')} set ${event.set}: ${cards(event.cards)} (${event.cards.length} cards)`;
  }
}

/** Events a seat chose (a flip or a capture is the rules' doing). */
export const isDecision = (event: SixtyNineEvent): boolean => event.type === 'pass' || event.type === 'play' || event.type === 'keep' || event.type === 'rearrange' || event.type === 'add';

/**
 * S18: the events of round `round` that are moves the engine made for a seat with one legal action,
 * as far as `forced` tells (a forced `take` or `close` step points at the rearrangement it belongs
 * to, which the seat chose: that event is not marked).
 */
export const forcedEvents = (forced: readonly SixtyNineForcedMove[], round: number, events: readonly SixtyNineEvent[]): Set<number> =>
  new Set(forced.filter((move) => move.round === round && events[move.event]?.type === move.action.type).map((move) => move.event));
