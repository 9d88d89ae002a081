/**
 * Stream positions a client hands back as `after=`: a Redis stream entry id (`<ms>-<seq>`) for
 * live streams, or `r<K>` for the events of a stored replay (docs/api.md "Streams").
 */

const REDIS_ID = /^(0|[1-9][0-9]{0,14})-(0|[1-9][0-9]{0,14})$/;
const REPLAY_ID = /^r(0|[1-9][0-9]{0,5})$/;

export type After =
  | { readonly kind: 'none' }
  | { readonly kind: 'stream'; readonly id: string }
  | { readonly kind: 'replay'; readonly index: number };

/** Parses `after=`; a string that is neither kind of id is an error message. */
export function parseAfter(value: unknown): After | string {
  if (value === undefined) return { kind: 'none' };
  if (typeof value !== 'string') return 'query.after must be given once';
  if (REDIS_ID.test(value)) return { kind: 'stream', id: value };
  const replay = REPLAY_ID.exec(value);
  if (replay !== null) return { kind: 'replay', index: Number(replay[1]) };
  return `query.after ${JSON.stringify(value.slice(0, 40))} is not an event id (<ms>-<seq> or r<K>)`;
}

/** The id of a replay's event K. */
export function replayEventId(index: number): string {
  return `r${index}`;
}

/** Orders two Redis stream ids (`<ms>-<seq>`, both parts within 2^53 here). */
export function compareStreamIds(a: string, b: string): number {
  const dashA = a.indexOf('-');
  const dashB = b.indexOf('-');
  const byMs = Number(a.slice(0, dashA)) - Number(b.slice(0, dashB));
  return byMs !== 0 ? byMs : Number(a.slice(dashA + 1)) - Number(b.slice(dashB + 1));
}

/** The id before every entry. */
export const STREAM_START = '0-0';
