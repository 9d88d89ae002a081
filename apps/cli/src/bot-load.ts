/**
 * Finds the bot a user named on the command line (a file, or a house bot of the game by name) and loads a bot
 * in this process (trusted play). Bots are compiled by the sandbox's compiler, so a bot obeys the
 * same import rules whether it runs trusted or not.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { AnyGame } from '@xix/engine';
import type { AnyBot } from '@xix/sdk';
import { BUNDLE_GLOBAL, compileBot } from '@xix/sandbox';
import { houseBotFile, houseBotFiles } from './repo.ts';

const SOURCE = /\.[cm]?[jt]s$/;

export type BotFile = { readonly ok: true; readonly file: string; readonly name: string } | { readonly ok: false; readonly message: string };

/** The names of `game`'s house bots (the SDK's sdk/examples/<id>/), for help and error messages. */
export function houseBotNames(game: AnyGame): string[] {
  return houseBotFiles(game.id).map((bot) => bot.name);
}

/**
 * The file of the bot `arg` names: an existing path wins (a file called `random` beside you is
 * yours), then the name of one of `game`'s house bots. Everything else says what is wrong in one line.
 */
export function findBotFile(arg: string, game: AnyGame): BotFile {
  const stat = statOf(arg);
  if (stat === 'directory') return { ok: false, message: `${arg} is a directory, not a bot file (give the bot's .ts file)` };
  if (stat === 'file') {
    if (!SOURCE.test(arg)) return { ok: false, message: `${arg} is not a TypeScript file (a bot is a .ts or .js file, or one of ${game.id}'s house bots: ${houseBotNames(game).join(', ')})` };
    return { ok: true, file: arg, name: botName(arg) };
  }
  const house = /^[a-z][\w-]*$/.test(arg) ? houseBotFile(game.id, arg) : undefined;
  if (house !== undefined) return { ok: true, file: house, name: arg };
  if (SOURCE.test(arg) || arg.includes('/')) return { ok: false, message: `no such file: ${arg}` };
  return { ok: false, message: `no bot named ${arg}: not a file, nor a house bot of ${game.id} (${houseBotNames(game).join(', ')})` };
}

function statOf(file: string): 'file' | 'directory' | 'other' | 'missing' {
  try {
    const stat = statSync(file);
    return stat.isDirectory() ? 'directory' : stat.isFile() ? 'file' : 'other';
  } catch {
    return 'missing';
  }
}

export type LoadedBot = { readonly ok: true; readonly bot: AnyBot; readonly name: string } | { readonly ok: false; readonly message: string };

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
    return { ok: false, message: `${file} is not a bot: its default export needs a decide(view) function (as in the bot xix new-bot makes)` };
  }
  return { ok: true, bot, name };
}

/** A bot's name from its file: `my-bot.ts` is my-bot, and so is `my-bot/bot.ts` (xix new-bot's layout). */
export function botName(file: string): string {
  const base = path.basename(file).replace(SOURCE, '');
  const folder = path.basename(path.dirname(path.resolve(file)));
  return (base === 'bot' || base === 'index') && folder !== '' ? folder : base;
}

function hasDecide(bot: unknown): bot is AnyBot {
  try {
    return typeof bot === 'object' && bot !== null && typeof (bot as { decide?: unknown }).decide === 'function';
  } catch {
    // A getter or a Proxy that throws: not a usable bot either.
    return false;
  }
}
