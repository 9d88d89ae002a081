/**
 * How a view crosses into the isolate (decoded by harness.js): the history only grows during a
 * game, so after the first view only its new events are sent. A spot check of the last event
 * sent guards the assumption: if the history does not extend what was sent, it is sent whole.
 * Serialising the whole view every decision was most of the cost of a decision.
 */
export interface ViewEncoder {
  encode(view: unknown): string;
  /** A new game: the isolate's history starts empty. */
  reset(): void;
}

export function createViewEncoder(): ViewEncoder {
  let sent = 0;
  /** The JSON of the last event sent, kept from when it was sent (each event is serialised once). */
  let lastEvent = '';
  return {
    encode(view) {
      const history = (view as { history?: unknown } | null)?.history;
      if (!Array.isArray(history)) return `-1\n\n${JSON.stringify(view)}`;
      const { history: _omitted, ...rest } = view as { history: unknown[] };
      let from = sent;
      if (history.length < from || (from > 0 && JSON.stringify(history[from - 1]) !== lastEvent)) from = 0;
      let events = '';
      for (let i = from; i < history.length; i++) {
        lastEvent = JSON.stringify(history[i]) ?? 'null';
        events += i === from ? lastEvent : `,${lastEvent}`;
      }
      if (history.length === 0) lastEvent = '';
      sent = history.length;
      return `${from}\n[${events}]\n${JSON.stringify(rest)}`;
    },
    reset() {
      sent = 0;
      lastEvent = '';
    },
  };
}
