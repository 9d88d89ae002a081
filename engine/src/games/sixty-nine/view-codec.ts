/**
 * 69 seat views as strings for a sandboxed bot (see `ViewCodec` in game.ts): JSON, except that the
 * two parts that grow, the finished rounds and this round's events, are sent once. A code is the
 * JSON of `[roundsFrom, newRounds, eventsFrom, newEvents, view with rounds and events null]`: the
 * decoder keeps its first `roundsFrom` rounds and `eventsFrom` events and appends the new ones.
 * Nothing is filtered here: views.ts did that.
 */
import { GameError, type ViewCodec } from '../../game.ts';
import type { RoundRecord, SixtyNineEvent, SixtyNineSeatView } from './views.ts';

export const sixtyNineViewCodec: ViewCodec<SixtyNineSeatView> = { createEncoder, createDecoder };

/** How many items of `list` the decoder already holds: those sent, if `list` continues them. */
function continued<T>(list: readonly T[], sent: number, lastSent: T | undefined): number {
  // Records and events are shared frozen objects, so identity says the view continues the last
  // one; any other view (a new round's events, a new game, a copy) gets the whole list again.
  return sent <= list.length && (sent === 0 || list[sent - 1] === lastSent) ? sent : 0;
}

function createEncoder(): (view: SixtyNineSeatView) => string {
  let roundsSent = 0;
  let lastRound: RoundRecord | undefined;
  let eventsSent = 0;
  let lastEvent: SixtyNineEvent | undefined;
  return (view) => {
    const { rounds, events } = view;
    const roundsFrom = continued(rounds, roundsSent, lastRound);
    const eventsFrom = continued(events, eventsSent, lastEvent);
    roundsSent = rounds.length;
    lastRound = rounds[roundsSent - 1];
    eventsSent = events.length;
    lastEvent = events[eventsSent - 1];
    return JSON.stringify([roundsFrom, rounds.slice(roundsFrom), eventsFrom, events.slice(eventsFrom), { ...view, rounds: null, events: null }]);
  };
}

function createDecoder(): (code: string) => SixtyNineSeatView {
  let rounds: RoundRecord[] = [];
  let events: SixtyNineEvent[] = [];
  return (code) => {
    const [roundsFrom, newRounds, eventsFrom, newEvents, view] = JSON.parse(code) as [number, RoundRecord[], number, SixtyNineEvent[], Record<string, unknown>];
    if (!Number.isInteger(roundsFrom) || roundsFrom > rounds.length || !Array.isArray(newRounds)) throw new GameError(`69 view code: the decoder holds ${rounds.length} rounds, the code continues from ${String(roundsFrom)}`);
    if (!Number.isInteger(eventsFrom) || eventsFrom > events.length || !Array.isArray(newEvents)) throw new GameError(`69 view code: the decoder holds ${events.length} events, the code continues from ${String(eventsFrom)}`);
    rounds = rounds.slice(0, roundsFrom).concat(newRounds);
    events = events.slice(0, eventsFrom).concat(newEvents);
    view.rounds = rounds.slice();
    view.events = events.slice();
    return view as unknown as SixtyNineSeatView;
  };
}
export { sixtyNineViewCodec as viewCodec };
