/**
 * `xix upload bot.ts`: sends the bot's files, shows compile errors as file:line:column, then
 * follows the new version: its type-check (errors as file:line:column, as `xix check` shows them)
 * and its validation, until it is active or rejected (or the wait runs out). What the server would
 * refuse at once is refused here first: a file that is not a bot's, a bot over the size limit.
 * With --sprt it then follows the version's background test against the previous active version
 * (docs/sprt.md "On the platform") to its verdict, with `xix play --sprt`'s exit statuses.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_MAX_SOURCE_BYTES } from '@xix/sandbox/compile';
import { sprtSummary } from '@xix/ratings/sprt-summary';
import { EXIT_SPRT_H0, EXIT_SPRT_INCONCLUSIVE } from '../play/exit-status.ts';
import { botName } from '../bot-load.ts';
import { CliError, fail, orFail } from '../cli-error.ts';
import { collectBotFiles } from './bot-files.ts';
import { session, type ServerOption } from './session.ts';
import { versionReport } from './version-report.ts';
import { NAME_PATTERN, NAME_RULE, type BotDetail, type Diagnostic } from './api-types.ts';

export interface UploadOptions extends ServerOption {
  readonly name?: string;
  /** Absent: the server takes the game whose SDK the bot uses, else the default game. */
  readonly game?: string;
  /** Seconds to follow the validation; 0 = do not wait. */
  readonly wait: string;
  /** Then follow the version's SPRT against the previous active version to its verdict. */
  readonly sprt?: boolean;
  /** Seconds to follow the SPRT once the version is active (with --sprt only; default SPRT_WAIT_DEFAULT). */
  readonly sprtWait?: string;
}

/** --sprt-wait's default and largest value (s): a test of 20,000 games on a busy platform takes hours. */
export const SPRT_WAIT_DEFAULT = '3600';
const SPRT_WAIT_MAX = 7 * 86_400;

/** What `--name` defaults to, said the same in the help and in the error. */
export const NAME_DEFAULT_HELP = "the file's name without .ts or .js; for bot.ts or index.ts, its folder's (xix new-bot's layout: my-bot/bot.ts is my-bot)";

const POLL_MS = 500;
/** A bot's entry and the files it imports: what the platform compiles. */
const BOT_SOURCE = /\.(ts|js|mts|mjs)$/;

export async function upload(file: string, options: UploadOptions): Promise<void> {
  const waitSeconds = Number(options.wait);
  if (!/^\d+$/.test(options.wait) || waitSeconds > 3600) fail(`--wait must be a whole number of seconds from 0 to 3600, got ${options.wait}`);
  // no commander default for --sprt-wait, so that one given without --sprt is seen (as `xix play --elo0` without --sprt)
  if (options.sprtWait !== undefined && options.sprt !== true) fail('--sprt-wait goes with --sprt');
  const sprtWait = options.sprtWait ?? SPRT_WAIT_DEFAULT;
  const sprtSeconds = Number(sprtWait);
  if (!/^\d+$/.test(sprtWait) || sprtSeconds < 1 || sprtSeconds > SPRT_WAIT_MAX) fail(`--sprt-wait must be a whole number of seconds from 1 to ${SPRT_WAIT_MAX}, got ${sprtWait}`);
  if (options.sprt === true && waitSeconds === 0) fail('--sprt follows the version to its test: it needs --wait above 0');
  if (!BOT_SOURCE.test(file)) fail(`${file} is not a bot: a bot is a .ts or .js file (its entry; the files it imports go with it)`);
  const { client } = session(options);
  const source = orFail(await collectBotFiles(file));
  if (source.bytes > DEFAULT_MAX_SOURCE_BYTES) {
    fail(`${file} and the files it imports are ${source.bytes} bytes, over the platform's limit of ${DEFAULT_MAX_SOURCE_BYTES} bytes (${DEFAULT_MAX_SOURCE_BYTES / 1024 / 1024} MiB) of source`);
  }
  const name = options.name ?? botName(file);
  if (!NAME_PATTERN.test(name)) {
    fail(`${options.name === undefined ? `the bot's name "${name}" (from its file name)` : `--name "${name}"`} must be ${NAME_RULE}${options.name === undefined ? '; give one with --name NAME' : ''}`);
  }
  const reply = await client.request('POST', '/api/bots', { body: { ...(options.game !== undefined && { game: options.game }), name, entry: source.entry, files: source.files }, accept: [422] });
  if (reply.status === 422) {
    const { message, diagnostics } = reply.body as { message?: string; diagnostics?: Partial<Diagnostic>[] };
    const lines = (diagnostics ?? []).map((d) => `${d.file ?? source.entry}:${d.line ?? 0}:${d.column ?? 0}: error: ${d.text ?? ''}`);
    for (const line of lines) console.error(line);
    throw new CliError(lines.length > 0 ? `${name} does not compile (${lines.length} error${lines.length === 1 ? '' : 's'}); nothing was stored` : `${name} does not compile: ${message ?? 'no details'}`);
  }
  const created = reply.body as { bot: string; game?: string; version: number; compileMs?: number };
  const files = Object.keys(source.files).length;
  console.log(`uploaded ${name} as ${created.bot} version ${created.version} (${files} file${files === 1 ? '' : 's'}, ${source.bytes} bytes${created.compileMs === undefined ? '' : `, compiled in ${created.compileMs} ms`})`);
  if (options.game === undefined && created.game !== undefined) console.log(`game: ${created.game} (the game its source is written for; give --game to choose)`);
  if (waitSeconds === 0) {
    console.log(`type-check and validation: see xix bots --mine`);
    return;
  }
  console.log('type-checking, then validating: games against itself and against random…');
  const deadline = Date.now() + waitSeconds * 1000;
  let said = 'checking';
  for (;;) {
    const bot = await client.get<BotDetail>(`/api/bots/${encodeURIComponent(created.bot)}`);
    const version = bot.versions.find((v) => v.version === created.version);
    if (version === undefined) fail(`the server lists no version ${created.version} of ${created.bot}`);
    if (version.state === 'active') {
      console.log(`${created.bot} version ${version.version} is active: it plays challenges and appears on the leaderboard`);
      if (options.sprt === true) await followSprt(client, created.bot, version.version, sprtSeconds);
      return;
    }
    if (version.state === 'rejected') {
      for (const line of versionReport(created.bot, version, client.url)) console.log(line);
      throw new CliError(`${created.bot} version ${version.version} was not accepted`);
    }
    if (version.state !== said && version.state === 'validating') console.log('types ok; validating…');
    said = version.state;
    if (Date.now() > deadline) fail(`${created.bot} version ${created.version} is still ${version.state} after ${waitSeconds} s; check later with xix bots --mine`);
    await sleep(POLL_MS);
  }
}

/**
 * Follows the version's SPRT to its verdict, a line each time more games are counted; exits as
 * `xix play --sprt` does: 0 better (H1), 4 not better (H0), 5 no verdict (the cap, a stopped test,
 * no previous active version to test against, or --sprt-wait ran out).
 */
async function followSprt(client: ReturnType<typeof session>['client'], bot: string, n: number, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  let shown = -1;
  for (;;) {
    const detail = await client.get<BotDetail>(`/api/bots/${encodeURIComponent(bot)}`);
    const version = detail.versions.find((v) => v.version === n);
    const test = version?.sprt ?? null;
    if (test === null && !detail.versions.some((v) => v.version < n && v.state === 'active')) {
      throw new CliError(`no SPRT: ${bot} has no earlier active version to test version ${n} against`, EXIT_SPRT_INCONCLUSIVE);
    }
    if (test !== null && (test.games !== shown || test.status !== 'running')) {
      shown = test.games;
      console.log(sprtSummary(n, test));
    }
    if (test !== null && test.status !== 'running') {
      if (test.status === 'H1') return;
      throw new CliError(test.status === 'H0' ? `${bot} version ${n} is not better than version ${test.base} by ${test.elo1} Elo` : `${bot} version ${n}: no verdict (${test.status})`,
        test.status === 'H0' ? EXIT_SPRT_H0 : EXIT_SPRT_INCONCLUSIVE);
    }
    if (Date.now() > deadline) {
      throw new CliError(`${bot} version ${n}: ${test === null ? 'no SPRT started' : 'the SPRT is still running'} after ${seconds} s; follow it on the bot page or with GET /api/bots/${bot}`, EXIT_SPRT_INCONCLUSIVE);
    }
    await sleep(POLL_MS);
  }
}
