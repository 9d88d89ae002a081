/** Replays are stored gzip-compressed: JSON of a game repeats the same few shapes on every move. */
import { gunzipSync, gzipSync } from 'node:zlib';

export function compressReplay(replay: unknown): { readonly gz: Buffer; readonly rawBytes: number } {
  const json = Buffer.from(JSON.stringify(replay));
  return { gz: gzipSync(json, { level: 6 }), rawBytes: json.length };
}

export function decompressReplay(gz: Buffer): unknown {
  return JSON.parse(gunzipSync(gz).toString('utf8'));
}
