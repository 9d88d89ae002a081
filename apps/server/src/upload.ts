/**
 * An upload: checked, compiled in memory (only @xix/sdk and the bot's own files may be imported),
 * stored as a new version together with its validation series (one step), and queued for
 * validation. Nothing is stored unless it compiles.
 */
import type { Queue } from 'bullmq';
import { findGame } from '@xix/engine';
import { compileBot, DEFAULT_MAX_SOURCE_BYTES } from '@xix/sandbox';
import type { EntrantRef, Store } from '@xix/store';
import { parseDiagnostics } from './diagnostics.ts';
import { HttpError, badRequest, conflict } from './http-error.ts';
import { enqueueSeries } from './enqueue.ts';

export interface UploadBody {
  readonly game: string;
  readonly name: string;
  readonly entry?: string;
  readonly files: Readonly<Record<string, string>>;
}

export interface UploadResult {
  readonly bot: string;
  readonly version: number;
  readonly state: 'validating';
  readonly compileMs: number;
  readonly validation: readonly string[];
}

/** The house bot every new version plays in validation, besides itself. */
export const VALIDATION_OPPONENT = { owner: 'house', name: 'random' } as const;

/** The entry: as given, else `bot.ts`, else the only file. */
export function entryOf(body: UploadBody): string {
  const names = Object.keys(body.files);
  const entry = body.entry ?? (names.includes('bot.ts') ? 'bot.ts' : names.length === 1 ? names[0] : undefined);
  if (entry === undefined) throw badRequest('body.entry is required when there are several files and none is bot.ts');
  if (!Object.hasOwn(body.files, entry)) throw badRequest(`body.entry names ${JSON.stringify(entry)}, which is not in body.files`);
  return entry;
}

export async function uploadBot(store: Store, queue: Queue, owner: string, body: UploadBody, validationDeals: number): Promise<UploadResult> {
  const game = findGame(body.game);
  if (game === undefined) throw badRequest(`body.game: no game ${JSON.stringify(body.game)} here`);
  const entry = entryOf(body);
  const bytes = Object.values(body.files).reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  if (bytes > DEFAULT_MAX_SOURCE_BYTES) throw new HttpError(413, 'too_large', `body.files: ${bytes} bytes of source, over the limit of ${DEFAULT_MAX_SOURCE_BYTES}`);

  const started = performance.now();
  const compiled = await compileBot({ entry, files: new Map(Object.entries(body.files)), maxBytes: DEFAULT_MAX_SOURCE_BYTES });
  const compileMs = Math.round(performance.now() - started);
  if (!compiled.ok) throw new HttpError(422, 'compile_error', compiled.message, { diagnostics: parseDiagnostics(compiled.message, entry) });

  const houseId = await store.botIdByName(VALIDATION_OPPONENT.owner, VALIDATION_OPPONENT.name);
  const house = houseId === null ? null : await store.getBot(houseId);
  const opponents: EntrantRef[] = house !== null && house.active !== null && house.game === game.id ? [{ bot: house.id, version: house.active }] : [];
  // the version and its validation series are stored in one step: a crash leaves all or nothing
  const put = await store.putValidatingVersion(
    { owner, name: body.name, game: game.id, entry, files: body.files, bundle: compiled.code, bytes: compiled.bytes, compileMs },
    { deals: validationDeals, opponents },
  );
  if (!put.ok) {
    throw put.reason === 'retired'
      ? conflict(`body.name: your bot ${body.name} (${put.bot}) is retired; upload under another name`)
      : conflict(`body.name: your bot ${body.name} (${put.bot}) plays another game than ${game.id}`);
  }
  // a server that dies before enqueuing them all leaves the rest to the reconcile at its next start
  for (const seriesId of put.validation) await enqueueSeries(queue, 'validation', seriesId);
  return { bot: put.bot, version: put.version, state: 'validating', compileMs, validation: put.validation };
}
