/**
 * esbuild for bots: one tree-shaken bundle of the bot and the parts of the SDK (and engine) it
 * uses. Only the bot's own files come through the handlers (the 'bot' namespace); the SDK's and
 * the engine's imports resolve natively, without a round trip to this process.
 *
 * Compiles share one esbuild build context, so the SDK and the engine are parsed once per process
 * instead of once per bot (esbuild reuses the parse of a file whose contents did not change). The
 * context's plugin serves one bot at a time, so compiles are queued. A live context keeps Node
 * running, so it is disposed once no compile has come for IDLE_MS.
 */
import { createRequire } from 'node:module';
import { context, type BuildContext, type BuildOptions, type OnLoadArgs, type OnLoadResult, type OnResolveArgs, type OnResolveResult } from 'esbuild';

export const BUNDLE_GLOBAL = '__xixBot';
export const SDK_NAME = '@xix/sdk';
export const SDK_ENTRY = createRequire(import.meta.url).resolve(SDK_NAME);
/** The entry point every compile asks for; the bot's handlers resolve it to its real entry. */
export const ENTRY = 'xix-bot-entry';
/** How long an unused build context is kept (a CLI exits this much later after its last compile). */
const IDLE_MS = 100;

export interface BotHandlers {
  /** Resolves the entry (ENTRY) and every import made by a file of the bot ('bot' namespace). */
  resolve(args: OnResolveArgs): Promise<OnResolveResult>;
  load(args: OnLoadArgs): Promise<OnLoadResult>;
}

let current: BotHandlers | null = null;
let shared: Promise<BuildContext> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let idle: ReturnType<typeof setTimeout> | null = null;

const serving = (): BotHandlers => {
  if (current === null) throw new Error('no bot is being compiled');
  return current;
};

const OPTIONS: BuildOptions = {
  entryPoints: [ENTRY],
  bundle: true,
  write: false,
  format: 'iife',
  globalName: BUNDLE_GLOBAL,
  platform: 'neutral',
  target: 'es2024',
  logLevel: 'silent',
  legalComments: 'none',
  plugins: [
    {
      name: 'xix-bot-files',
      setup(b) {
        b.onResolve({ filter: /^xix-bot-entry$/ }, (args) => serving().resolve(args));
        b.onResolve({ filter: /.*/, namespace: 'bot' }, (args) => serving().resolve(args));
        b.onLoad({ filter: /.*/, namespace: 'bot' }, (args) => serving().load(args));
      },
    },
  ],
};

async function build(handlers: BotHandlers): Promise<string> {
  if (idle !== null) clearTimeout(idle);
  idle = null;
  shared ??= context(OPTIONS);
  const ctx = await shared;
  current = handlers;
  try {
    const out = await ctx.rebuild();
    const code = out.outputFiles?.[0]?.text;
    if (code === undefined) throw new Error('esbuild produced no output');
    return code;
  } finally {
    current = null;
    idle = setTimeout(() => {
      shared = null;
      void ctx.dispose();
    }, IDLE_MS);
  }
}

/** Bundles the bot the handlers describe; rejects with esbuild's errors ({ errors: Message[] }). */
export function bundle(handlers: BotHandlers): Promise<string> {
  const result = queue.then(() => build(handlers));
  queue = result.catch(() => undefined);
  return result;
}
