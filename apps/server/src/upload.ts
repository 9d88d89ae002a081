/**
 * An upload: checked, compiled in memory (only @xix/sdk and the bot's own files may be imported),
 * stored as a new version together with its validation series (one step), and queued for
 * validation. Nothing is stored unless it compiles and is of the game its source was written for.
 * The answer does not wait for the type-check (the TypeScript compiler is the worker's: issue 17
 * item 1): the version is stored 'checking', and its validation series type-check it first.
 */
import type { Queue } from 'bullmq';
import { GAMES, defaultGame, entrantsAt, findGame, type AnyGame } from '@xix/engine';
import { validationTableSizes } from '@xix/referee';
import { compileBot, DEFAULT_MAX_SOURCE_BYTES } from '@xix/sandbox/compile';
import { houseBotFile } from '@xix/sdk/files';
import type { EntrantRef, Store, ValidationPlan } from '@xix/store';
import type { UploadResult } from './api-types.ts';
import { parseDiagnostics } from './diagnostics.ts';
import { validationTables } from './games/registry.ts';
import { HttpError, badRequest, conflict } from './http-error.ts';
import { enqueueSeries } from './enqueue.ts';
import { HOUSE, HOUSE_RANDOM, houseBotName } from './house-bots.ts';

export interface UploadBody {
  /** The game; absent: the game the source was written for (uploadGame). */
  readonly game?: string;
  readonly name: string;
  readonly entry?: string;
  readonly files: Readonly<Record<string, string>>;
}

/**
 * The validation of a new version of `game`: the game's plan (games/registry.ts: the generic one
 * is each validation table size against the game's house random bot) or, without the house
 * random bot, a series against itself at the game's smallest table.
 */
async function validationPlan(store: Store, game: AnyGame, deals: number): Promise<ValidationPlan> {
  const houseId = houseBotFile(game.id, HOUSE_RANDOM) !== undefined ? await store.botIdByName(HOUSE, houseBotName(game.id, HOUSE_RANDOM)) : null;
  const house = houseId === null ? null : await store.getBot(houseId);
  if (house === null || house.active === null || house.game !== game.id) {
    const seats = validationTableSizes(game)[0]!;
    return { deals, tables: [{ seats, opponents: [], selfEntrants: entrantsAt(game, seats) }] };
  }
  const random: EntrantRef = { bot: house.id, version: house.active };
  return { deals, tables: validationTables(game, random) };
}

/**
 * The game of an upload (issue 16 item 7): the one named, else the one its source was written for
 * (the games whose own SDK or engine code its bundle holds), else the default game for a bot that
 * uses nothing game-specific. A source written for another game than the one named, or for
 * several, is refused with the `game` to give.
 */
export function uploadGame(named: string | undefined, sourceGames: readonly string[]): AnyGame {
  const written = sourceGames.filter((id) => GAMES.has(id));
  if (named !== undefined) {
    const game = findGame(named);
    if (game === undefined) throw badRequest(`body.game: no game ${JSON.stringify(named)} here; the games: ${[...GAMES.keys()].join(', ')}`);
    if (written.length > 0 && !written.includes(game.id)) {
      throw badRequest(`body.game: the bot is written for ${written.join(' and ')} (it uses ${written.length === 1 ? 'that game\'s' : 'their'} SDK), not ${game.id}: give game ${written[0]} (xix upload --game ${written[0]})`);
    }
    return game;
  }
  if (written.length === 1) return findGame(written[0]!)!;
  if (written.length > 1) throw badRequest(`body.game is needed: the bot uses the SDK of several games (${written.join(', ')}); name its game (xix upload --game ${written[0]})`);
  return defaultGame();
}

/** A file of a bot: a relative path inside its folder (no leading '/', no '.' or '..' part), of a source extension. */
const BOT_FILE = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9_][A-Za-z0-9_./-]{0,127}\.(ts|js|mts|mjs)$/;
const SOURCE_EXTENSION = /\.(ts|js|mts|mjs)$/;
export const BOT_FILE_RULE = "a bot is a .ts or .js file (or .mts, .mjs): a path inside the bot's folder of letters, digits, _, -, . and /, at most 128 characters before the extension, with no '.' or '..' part";

/** What is wrong with a bot's file name, in words, or null. */
export function botFileProblem(name: string): string | null {
  if (BOT_FILE.test(name)) return null;
  if (!SOURCE_EXTENSION.test(name)) return `${JSON.stringify(name.slice(0, 140))} is not a bot's file: a bot is a .ts or .js file (or .mts, .mjs)`;
  return `${JSON.stringify(name.slice(0, 140))} is not allowed: ${BOT_FILE_RULE}`;
}

/** The entry: as given, else `bot.ts`, else the only file. Every file name is checked first. */
export function entryOf(body: UploadBody): string {
  const names = Object.keys(body.files);
  for (const name of names) {
    const problem = botFileProblem(name);
    if (problem !== null) throw badRequest(`body.files: ${problem}`);
  }
  if (body.entry !== undefined) {
    const problem = botFileProblem(body.entry);
    if (problem !== null) throw badRequest(`body.entry: ${problem}`);
  }
  const entry = body.entry ?? (names.includes('bot.ts') ? 'bot.ts' : names.length === 1 ? names[0] : undefined);
  if (entry === undefined) throw badRequest('body.entry is required when there are several files and none is bot.ts');
  if (!Object.hasOwn(body.files, entry)) throw badRequest(`body.entry names ${JSON.stringify(entry)}, which is not in body.files`);
  return entry;
}

export async function uploadBot(store: Store, queue: Queue, owner: string, body: UploadBody, validationDeals: number): Promise<UploadResult> {
  if (body.game !== undefined && findGame(body.game) === undefined) throw badRequest(`body.game: no game ${JSON.stringify(body.game)} here; the games: ${[...GAMES.keys()].join(', ')}`);
  const entry = entryOf(body);
  const bytes = Object.values(body.files).reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  if (bytes > DEFAULT_MAX_SOURCE_BYTES) throw new HttpError(413, 'too_large', `body.files: ${bytes} bytes of source, over the limit of ${DEFAULT_MAX_SOURCE_BYTES}`);

  const started = performance.now();
  const compiled = await compileBot({ entry, files: new Map(Object.entries(body.files)), maxBytes: DEFAULT_MAX_SOURCE_BYTES });
  const compileMs = Math.round(performance.now() - started);
  if (!compiled.ok) throw new HttpError(422, 'compile_error', compiled.message, { diagnostics: parseDiagnostics(compiled.message, entry) });
  const game = uploadGame(body.game, compiled.games);

  // the version and its validation series are stored in one step: a crash leaves all or nothing
  const put = await store.putValidatingVersion(
    { owner, name: body.name, game: game.id, entry, files: body.files, bundle: compiled.code, bytes: compiled.bytes, compileMs },
    await validationPlan(store, game, validationDeals),
  );
  if (!put.ok) {
    throw put.reason === 'retired'
      ? conflict(`body.name: your bot ${body.name} (${put.bot}) is retired; upload under another name`)
      : conflict(`body.name: your bot ${body.name} (${put.bot}) plays another game than ${game.id}`);
  }
  // a server that dies before enqueuing them all leaves the rest to the reconcile at its next start
  for (const seriesId of put.validation) await enqueueSeries(queue, 'validation', seriesId);
  return { bot: put.bot, game: game.id, version: put.version, state: 'checking', compileMs, validation: put.validation };
}
