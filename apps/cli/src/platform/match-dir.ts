/**
 * What `xix fetch` writes for a match and `xix play --match` reads: DIR/replay.json (the replay as
 * the server stored it), DIR/match.json (who sat where, where each seat's code is, the bot seeds)
 * and, when your bots printed something, DIR/replay.log (what `xix replay show --seat` shows).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Replay } from '@xix/engine';

export const MATCH_FILE = 'match.json';
export const REPLAY_FILE = 'replay.json';
/** Beside the replay, named as `xix replay show` looks for it (replay/bot-log.ts). */
export const LOG_FILE = 'replay.log';

/** Where a seat's bot comes from for a re-run. */
export type SeatSource =
  /** Its source, downloaded (the caller's own bots and the house bots): DIR/<dir>/<entry>. */
  | { readonly kind: 'files'; readonly dir: string; readonly entry: string }
  /** Not available to this user: give it with --seat N=FILE. */
  | { readonly kind: 'none' };

export interface FetchedSeat {
  readonly bot: string;
  readonly version: number;
  readonly name: string;
  readonly owner: string;
  readonly source: SeatSource;
}

export interface FetchedMatch {
  readonly match: string;
  readonly server: string;
  readonly game: string;
  readonly seats: readonly FetchedSeat[];
  /** The seats' own seeds when the server gives them (for bots that use randomness). */
  readonly botSeeds?: readonly number[];
}

export type ReadFetched = { readonly ok: true; readonly fetched: FetchedMatch } | { readonly ok: false; readonly message: string };

export function readFetchedMatch(dir: string): ReadFetched {
  const file = path.join(dir, MATCH_FILE);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, message: missing ? `no ${MATCH_FILE} in ${dir}: download a match with xix fetch MATCH --out ${dir}` : `cannot read ${file}: ${(error as Error).message}` };
  }
  const v = value as Partial<FetchedMatch> | null;
  if (typeof v?.match !== 'string' || typeof v.game !== 'string' || !Array.isArray(v.seats) || !v.seats.every(isSeat)) {
    return { ok: false, message: `${file} is not a match written by xix fetch` };
  }
  if (v.botSeeds !== undefined && !(Array.isArray(v.botSeeds) && v.botSeeds.every(Number.isSafeInteger))) return { ok: false, message: `${file}: botSeeds must be whole numbers` };
  return { ok: true, fetched: v as FetchedMatch };
}

function isSeat(seat: unknown): seat is FetchedSeat {
  const s = seat as Partial<FetchedSeat> | null;
  const source = s?.source as Partial<Record<string, unknown>> | undefined;
  if (typeof s?.bot !== 'string' || typeof s.name !== 'string' || typeof source?.kind !== 'string') return false;
  if (source.kind === 'files') return typeof source.dir === 'string' && typeof source.entry === 'string';
  return source.kind === 'none';
}

/**
 * The server's bot seeds for a replay in a folder `xix fetch` wrote (DIR/replay.json, or the
 * DIR/rerun.json of `xix play --match`): those of DIR/match.json when it has them and names the
 * replay's seats; else null.
 */
export function fetchedBotSeeds(replayFile: string, replay: Replay): { readonly seeds: readonly number[]; readonly file: string } | null {
  const dir = path.dirname(replayFile);
  const read = readFetchedMatch(dir);
  if (!read.ok || read.fetched.botSeeds === undefined) return null;
  const { seats, botSeeds } = read.fetched;
  const same = seats.length === replay.seats.length && botSeeds.length === seats.length && seats.every((s, i) => s.name === replay.seats[i]?.name);
  return same ? { seeds: botSeeds, file: path.join(dir, MATCH_FILE) } : null;
}
