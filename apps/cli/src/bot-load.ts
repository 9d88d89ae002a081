/**
 * Loads a compiled bot in this process (trusted play) and checks it has the shape of a bot.
 */
import path from 'node:path';
import type { Bot } from '@xix/sdk';
import { compileBot } from './bot-compile.ts';

export type LoadedBot = { readonly ok: true; readonly bot: Bot; readonly name: string } | { readonly ok: false; readonly message: string };

let loads = 0;

export async function loadBot(file: string): Promise<LoadedBot> {
  const compiled = await compileBot(file);
  if (!compiled.ok) return compiled;
  const name = botName(file);
  let module: { default?: unknown };
  try {
    // Each load gets its own module instance (a distinct URL), so a bot playing itself does not
    // share module state between its two seats.
    const code = `${compiled.code}\n// load ${++loads}\n`;
    module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default?: unknown };
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
