/**
 * Finds the bot a user named on the command line (a bundled bot's name or a file) and loads a bot
 * in this process (trusted play). Bots are compiled by the sandbox's compiler, so a bot obeys the
 * same import rules whether it runs trusted or not.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Bot } from '@xix/sdk';
import { BUNDLE_GLOBAL, compileBot } from '@xix/sandbox';

/** The bots that come with the SDK (sdk/examples/NAME.ts), callable by name. */
export const BUNDLED_BOTS = ['random', 'heuristic', 'search'] as const;

const EXAMPLES = fileURLToPath(new URL('../../../sdk/examples/', import.meta.url));
const SOURCE = /\.[cm]?[jt]s$/;

export type BotFile = { readonly ok: true; readonly file: string; readonly name: string } | { readonly ok: false; readonly message: string };

/**
 * The file of the bot `arg` names: an existing path wins (a file called `random` beside you is
 * yours), then a bundled bot's name, the `game`'s own where it has one (sdk/examples/<game>/).
 * Everything else says what is wrong in one line.
 */
export function findBotFile(arg: string, game = 'xix'): BotFile {
  const stat = statOf(arg);
  if (stat === 'directory') return { ok: false, message: `${arg} is a directory, not a bot file (give the bot's .ts file)` };
  if (stat === 'file') {
    if (!SOURCE.test(arg)) return { ok: false, message: `${arg} is not a TypeScript file (a bot is a .ts or .js file, or one of: ${BUNDLED_BOTS.join(', ')})` };
    return { ok: true, file: arg, name: botName(arg) };
  }
  if ((BUNDLED_BOTS as readonly string[]).includes(arg)) {
    const own = path.join(EXAMPLES, game, `${arg}.ts`);
    return { ok: true, file: game !== 'xix' && statOf(own) === 'file' ? own : path.join(EXAMPLES, `${arg}.ts`), name: arg };
  }
  if (SOURCE.test(arg) || arg.includes('/')) return { ok: false, message: `no such file: ${arg}` };
  return { ok: false, message: `no bot named ${arg}: not a file, nor a bundled bot (${BUNDLED_BOTS.join(', ')})` };
}

function statOf(file: string): 'file' | 'directory' | 'other' | 'missing' {
  try {
    const stat = statSync(file);
    return stat.isDirectory() ? 'directory' : stat.isFile() ? 'file' : 'other';
  } catch {
    return 'missing';
  }
}

export type LoadedBot = { readonly ok: true; readonly bot: Bot; readonly name: string } | { readonly ok: false; readonly message: string };

export async function loadBot(file: string): Promise<LoadedBot> {
  const compiled = await compileBot({ entry: file });
  if (!compiled.ok) return compiled;
  const name = botName(file);
  let module: { default?: unknown };
  try {
    // The bundle is a script that assigns the bot's module to BUNDLE_GLOBAL. Each load evaluates
    // it afresh, so a bot playing itself does not share module state between its two seats.
    module = new Function(`${compiled.code}\nreturn ${BUNDLE_GLOBAL};`)() as { default?: unknown };
  } catch (error) {
    return { ok: false, message: `${file} failed to load: ${error instanceof Error ? error.message : String(error)}` };
  }
  const bot = module.default;
  if (!hasDecide(bot)) {
    return { ok: false, message: `${file} is not a bot: its default export needs a decide(view) function (export default defineBot({ decide(view) { ... } }))` };
  }
  return { ok: true, bot, name };
}

/** A bot's name from its file: `my-bot.ts` is my-bot, and so is `my-bot/bot.ts` (xix new-bot's layout). */
export function botName(file: string): string {
  const base = path.basename(file).replace(SOURCE, '');
  const folder = path.basename(path.dirname(path.resolve(file)));
  return (base === 'bot' || base === 'index') && folder !== '' ? folder : base;
}

function hasDecide(bot: unknown): bot is Bot {
  try {
    return typeof bot === 'object' && bot !== null && typeof (bot as { decide?: unknown }).decide === 'function';
  } catch {
    // A getter or a Proxy that throws: not a usable bot either.
    return false;
  }
}
