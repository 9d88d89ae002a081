/**
 * A finished game's blob: its replay and its bots' logs, gzipped JSON (a game repeats the same few
 * shapes on every move). Stored in the blob store under a key that says its kind and the hour it
 * finished, so retention deletes a whole day of a kind at once and no folder holds more than an
 * hour of games.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { SeriesKind } from './types.ts';

export interface GameDocument {
  readonly replay: unknown;
  /** What each seat's bot printed, by seat. */
  readonly logs: readonly string[];
}

export function compressGame(game: GameDocument): { readonly gz: Buffer; readonly rawBytes: number } {
  const json = Buffer.from(JSON.stringify(game));
  return { gz: gzipSync(json, { level: 6 }), rawBytes: json.length };
}

export function decompressGame(gz: Buffer): GameDocument {
  return gunzipJson(gz) as GameDocument;
}

/** Gzipped JSON: a game's blob, or a replay as Redis kept it before issue 24. */
export function gunzipJson(gz: Buffer): unknown {
  return JSON.parse(gunzipSync(gz).toString('utf8'));
}

/** The folder of a kind's games of one UTC day: `games/<kind>/<YYYY-MM-DD>`. */
export const gameDayFolder = (kind: SeriesKind, day: string): string => `games/${kind}/${day}`;

/** `games/<kind>/<YYYY-MM-DD>/<HH>/<match id>.json.gz` (UTC). */
export function gameBlobKey(kind: SeriesKind, finishedAt: number, id: string): string {
  const iso = new Date(finishedAt).toISOString();
  return `${gameDayFolder(kind, iso.slice(0, 10))}/${iso.slice(11, 13)}/${id}.json.gz`;
}
