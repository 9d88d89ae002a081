/**
 * esbuild for bots: one tree-shaken bundle of the bot and the parts of the SDK (and engine) it
 * uses. Only the bot's own files come through the handlers (the 'bot' namespace); the SDK's and
 * the engine's imports resolve natively, without a round trip to this process.
 */
import { createRequire } from 'node:module';
import { build, stop, type BuildOptions, type BuildResult, type OnLoadArgs, type OnLoadResult, type OnResolveArgs, type OnResolveResult, type Plugin } from 'esbuild';

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

/** How long a compile may take; a bot of 1.3 MB compiles in about 60 ms. */
export const DEFAULT_COMPILE_TIMEOUT_MS = 2000;

class CompileTimeout extends Error {
  override name = 'CompileTimeout';
}

/** What a compile's race gives when esbuild's service was replaced under it. */
const REPLACED = Symbol('service replaced');

/**
 * The current esbuild service's end: resolved when this process replaces it. esbuild's stop()
 * kills the service without settling the builds it was running, so they learn it from this.
 */
let serviceReplaced = Promise.withResolvers<typeof REPLACED>();

async function replaceService(): Promise<void> {
  const ending = serviceReplaced;
  serviceReplaced = Promise.withResolvers<typeof REPLACED>();
  // the next build starts a new service; the old one (and the work it was doing) is killed
  await stop();
  ending.resolve(REPLACED);
}

const isServiceGone = (error: unknown): boolean => /^The service (was stopped|is no longer running)/.test((error as Error | undefined)?.message ?? '');

/**
 * Bundles the bot the handlers describe; rejects with esbuild's errors ({ errors: Message[] }).
 * esbuild's service is one process shared by every compile of this one, so a compile over
 * `timeoutMs` is stopped by killing it: a compile that was running beside it tries once more in a
 * new service, as does one whose service died (a crash) while another compile was replacing it.
 */
export async function bundle(handlers: BotHandlers, timeoutMs = DEFAULT_COMPILE_TIMEOUT_MS): Promise<Bundle> {
  const plugin: Plugin = {
    name: 'xix-bot-files',
    setup(b) {
      b.onResolve({ filter: /^xix-bot-entry$/ }, (args) => handlers.resolve(args));
      b.onResolve({ filter: /.*/, namespace: 'bot' }, (args) => handlers.resolve(args));
      b.onLoad({ filter: /.*/, namespace: 'bot' }, (args) => handlers.load(args));
    },
  };
  const options: BuildOptions & { write: false } = {
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
    // without indentation the output grows with the source, not with the square of its nesting
    minifyWhitespace: true,
  };
  const out = await buildWithin(options, timeoutMs, 1);
  const code = out.outputFiles[0]?.text;
  if (code === undefined) throw new Error('esbuild produced no output');
  // the files that put code in the bundle (tree shaking left the others out)
  const inputs = Object.values(out.metafile?.outputs ?? {}).flatMap((output) => Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([file]) => file));
  return { code, inputs };
}

async function buildWithin(options: BuildOptions & { write: false }, timeoutMs: number, retries: number): Promise<BuildResult<typeof options>> {
  const replaced = serviceReplaced.promise;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CompileTimeout(`compiling took longer than ${timeoutMs} ms, the limit: very long or deeply nested expressions are slow to compile`)), timeoutMs);
  });
  try {
    const result = await Promise.race([build(options), timeout, replaced]);
    if (result !== REPLACED) return result;
  } catch (error) {
    if (error instanceof CompileTimeout) {
      await replaceService();
      throw error;
    }
    if (!isServiceGone(error)) throw error;
    // the service died under this compile (a crash): the next compile needs a new one
    if (serviceReplaced.promise === replaced) await replaceService();
  } finally {
    clearTimeout(timer);
  }
  // another compile replaced the service this one was running in, or it died: once more in a new one
  if (retries > 0) return buildWithin(options, timeoutMs, retries - 1);
  throw new Error('the compiler stopped while compiling this source (a source nested too deeply can do this)');
}
