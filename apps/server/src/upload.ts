/**
 * An upload: checked, compiled in memory (only @xix/sdk and the bot's own files may be imported),
 * stored as a new version together with its validation series (one step), and queued for
 * validation. Nothing is stored unless it compiles.
 */
import type { Queue } from 'bullmq';
import { findGame } from '@xix/engine';
import { validationTableSizes } from '@xix/referee';
import { compileBot, DEFAULT_MAX_SOURCE_BYTES } from '@xix/sandbox';
import type { EntrantRef, Store, ValidationPlan } from '@xix/store';
import { parseDiagnostics } from './diagnostics.ts';
import { HttpError, badRequest, conflict } from './http-error.ts';
import { enqueueSeries } from './enqueue.ts';
import { HOUSE, houseBotName } from './house-bots.ts';

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

/** Games whose new versions also play a series against themselves (XIX: a mirror of its own play). */
const AGAINST_ITSELF: ReadonlySet<string> = new Set(['xix']);

/**
 * The validation of a new version of `game`: at each of the game's validation table sizes
 * (validationTableSizes: XIX 2 seats, 1923 2 and 3) beside the game's house random bot in every
 * other seat, and against itself where AGAINST_ITSELF says; without the house random bot, against
 * itself only.
 */
async function validationPlan(store: Store, gameId: string, deals: number): Promise<ValidationPlan> {
  const game = findGame(gameId);
  if (game === undefined) return { deals, opponents: [] };
  const houseId = await store.botIdByName(HOUSE, houseBotName(gameId, 'random'));
  const house = houseId === null ? null : await store.getBot(houseId);
  if (house === null || house.active === null || house.game !== gameId) return { deals, opponents: [] };
  const random: EntrantRef = { bot: house.id, version: house.active };
  return { deals, againstItself: AGAINST_ITSELF.has(gameId), opponents: validationTableSizes(game).map((seats) => Array<EntrantRef>(seats - 1).fill(random)) };
}

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

  // the version and its validation series are stored in one step: a crash leaves all or nothing
  const put = await store.putValidatingVersion(
    { owner, name: body.name, game: game.id, entry, files: body.files, bundle: compiled.code, bytes: compiled.bytes, compileMs },
    await validationPlan(store, game.id, validationDeals),
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
