/**
 * `xix upload bot.ts`: sends the bot's files, shows compile errors as file:line:column, then
 * follows the new version's validation until it is active or rejected (or the wait runs out).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { botName } from '../bot-load.ts';
import { CliError, fail, orFail } from '../cli-error.ts';
import { collectBotFiles } from './bot-files.ts';
import { session } from './session.ts';
import { NAME_PATTERN, NAME_RULE, type BotDetail, type BotVersion } from './api-types.ts';

export interface UploadOptions {
  readonly name?: string;
  /** Absent: the server takes the game whose SDK the bot uses, else the default game. */
  readonly game?: string;
  /** Seconds to follow the validation; 0 = do not wait. */
  readonly wait: string;
}

interface Diagnostic {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly text?: string;
}

const POLL_MS = 500;


export async function upload(file: string, options: UploadOptions): Promise<void> {
  const waitSeconds = Number(options.wait);
  if (!/^\d+$/.test(options.wait) || waitSeconds > 3600) fail(`--wait must be a whole number of seconds from 0 to 3600, got ${options.wait}`);
  const { client } = session();
  const source = orFail(await collectBotFiles(file));
  const name = options.name ?? botName(file);
  if (!NAME_PATTERN.test(name)) {
    fail(`${options.name === undefined ? `the bot's name "${name}" (from its file name)` : `--name "${name}"`} must be ${NAME_RULE}${options.name === undefined ? '; give one with --name NAME' : ''}`);
  }
  const reply = await client.request('POST', '/api/bots', { body: { ...(options.game !== undefined && { game: options.game }), name, entry: source.entry, files: source.files }, accept: [422] });
  if (reply.status === 422) {
    const { message, diagnostics } = reply.body as { message?: string; diagnostics?: Diagnostic[] };
    const lines = (diagnostics ?? []).map((d) => `${d.file ?? source.entry}:${d.line ?? 0}:${d.column ?? 0}: error: ${d.text ?? ''}`);
    for (const line of lines) console.error(line);
    throw new CliError(lines.length > 0 ? `${name} does not compile (${lines.length} error${lines.length === 1 ? '' : 's'}); nothing was stored` : `${name} does not compile: ${message ?? 'no details'}`);
  }
  const created = reply.body as { bot: string; game?: string; version: number; compileMs?: number };
  const files = Object.keys(source.files).length;
  console.log(`uploaded ${name} as ${created.bot} version ${created.version} (${files} file${files === 1 ? '' : 's'}, ${source.bytes} bytes${created.compileMs === undefined ? '' : `, compiled in ${created.compileMs} ms`})`);
  if (options.game === undefined && created.game !== undefined) console.log(`game: ${created.game} (the game its source is written for; give --game to choose)`);
  if (waitSeconds === 0) {
    console.log(`validating: see xix bots --mine`);
    return;
  }
  console.log('validating: games against itself and against random…');
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    const bot = await client.get<BotDetail>(`/api/bots/${encodeURIComponent(created.bot)}`);
    const version = bot.versions.find((v) => v.version === created.version);
    if (version === undefined) fail(`the server lists no version ${created.version} of ${created.bot}`);
    if (version.state !== 'validating') return outcome(client.url, created.bot, version);
    if (Date.now() > deadline) fail(`${created.bot} version ${created.version} is still validating after ${waitSeconds} s; check later with xix bots --mine`);
    await sleep(POLL_MS);
  }
}

function outcome(url: string, bot: string, version: BotVersion): void {
  if (version.state === 'active') {
    console.log(`${bot} version ${version.version} is active: it plays challenges and appears on the leaderboard`);
    return;
  }
  console.log(`${bot} version ${version.version} was ${version.state}${version.verdict ? ` (${version.verdict})` : ''}: ${version.message ?? 'no reason given'}`);
  if (version.failingMatch) {
    console.log(`failing game: ${url}/api/matches/${version.failingMatch}/replay`);
    console.log(`download it with: xix fetch ${version.failingMatch}`);
  }
  throw new CliError(`${bot} version ${version.version} was not accepted`);
}
