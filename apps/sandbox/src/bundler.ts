/**
 * esbuild for bots: one tree-shaken bundle of the bot and the parts of the SDK (and engine) it
 * uses. Only the bot's own files come through the handlers (the 'bot' namespace); the SDK's and
 * the engine's imports resolve natively, without a round trip to this process.
 */
import { createRequire } from 'node:module';
import { build, type OnLoadArgs, type OnLoadResult, type OnResolveArgs, type OnResolveResult, type Plugin } from 'esbuild';

export const BUNDLE_GLOBAL = '__xixBot';
export const SDK_NAME = '@xix/sdk';
export const SDK_ENTRY = createRequire(import.meta.url).resolve(SDK_NAME);
/** The entry point every compile asks for; the bot's handlers resolve it to its real entry. */
export const ENTRY = 'xix-bot-entry';

export interface BotHandlers {
  /** Resolves the entry (ENTRY) and every import made by a file of the bot ('bot' namespace). */
  resolve(args: OnResolveArgs): Promise<OnResolveResult>;
  load(args: OnLoadArgs): Promise<OnLoadResult>;
}

/** A bundle, and the files whose code is in it (paths as esbuild names them: relative to the working directory). */
export interface Bundle {
  readonly code: string;
  readonly inputs: readonly string[];
}

/** Bundles the bot the handlers describe; rejects with esbuild's errors ({ errors: Message[] }). */
export async function bundle(handlers: BotHandlers): Promise<Bundle> {
  const plugin: Plugin = {
    name: 'xix-bot-files',
    setup(b) {
      b.onResolve({ filter: /^xix-bot-entry$/ }, (args) => handlers.resolve(args));
      b.onResolve({ filter: /.*/, namespace: 'bot' }, (args) => handlers.resolve(args));
      b.onLoad({ filter: /.*/, namespace: 'bot' }, (args) => handlers.load(args));
    },
  };
  const out = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: BUNDLE_GLOBAL,
    platform: 'neutral',
    target: 'es2024',
    plugins: [plugin],
    logLevel: 'silent',
    legalComments: 'none',
    metafile: true,
  });
  const code = out.outputFiles[0]?.text;
  if (code === undefined) throw new Error('esbuild produced no output');
  // the files that put code in the bundle (tree shaking left the others out)
  const inputs = Object.values(out.metafile.outputs).flatMap((output) => Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([file]) => file));
  return { code, inputs };
}
