/**
 * Loads a bot in this process (trusted play) and checks it has the shape of a bot. It is compiled
 * by the sandbox's compiler, so a bot obeys the same import rules whether it runs trusted or not.
 */
import path from 'node:path';
import type { Bot } from '@xix/sdk';
import { BUNDLE_GLOBAL, compileBot } from '@xix/sandbox';

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

export function botName(file: string): string {
  return path.basename(file).replace(/\.[cm]?[jt]s$/, '');
}

function hasDecide(bot: unknown): bot is Bot {
  try {
    return typeof bot === 'object' && bot !== null && typeof (bot as { decide?: unknown }).decide === 'function';
  } catch {
    // A getter or a Proxy that throws: not a usable bot either.
    return false;
  }
}
