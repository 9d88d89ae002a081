/**
 * Stream positions a client hands back as `after=` (docs/api.md "Streams"): a Redis stream entry id
 * (`<ms>-<seq>`) for the lobby; for a match, `r<K>` (the events of its stored replay) or
 * `<match>:<k>` (its follow stream, while it is in progress).
 */
import { FOLLOW_ID } from './broadcast.ts';

const REDIS_ID = /^(0|[1-9][0-9]{0,14})-(0|[1-9][0-9]{0,14})$/;
const REPLAY_ID = /^r(0|[1-9][0-9]{0,5})$/;

/** Parses the lobby's `after=`: a stream id, null (from now), or an error message. */
export function parseLobbyAfter(value: unknown): string | null | { readonly error: string } {
  if (value === undefined) return null;
  if (typeof value !== 'string') return { error: 'query.after must be given once' };
  if (REDIS_ID.test(value)) return value;
  return { error: `query.after ${JSON.stringify(value.slice(0, 40))} is not a lobby event id (<ms>-<seq>)` };
}

export type MatchAfter =
  | { readonly kind: 'none' }
  | { readonly kind: 'replay'; readonly index: number }
  | { readonly kind: 'follow'; readonly match: string; readonly k: number };

/** Parses a match's `after=`; a string that is neither kind of id (or another match's) is an error message. */
export function parseMatchAfter(match: string, value: unknown): MatchAfter | string {
  if (value === undefined) return { kind: 'none' };
  if (typeof value !== 'string') return 'query.after must be given once';
  const replay = REPLAY_ID.exec(value);
  if (replay !== null) return { kind: 'replay', index: Number(replay[1]) };
  const followed = FOLLOW_ID.exec(value);
  if (followed !== null && followed[1] === match) return { kind: 'follow', match, k: Number(followed[2]) };
  return `query.after ${JSON.stringify(value.slice(0, 40))} is not an event id of this match (r<K>, or ${match}:<k> while it is in progress)`;
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
