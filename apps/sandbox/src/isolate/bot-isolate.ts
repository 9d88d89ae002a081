/**
 * One bot in one isolated-vm isolate, seen from the host: a trusted prelude (the engine's view
 * decoders and PRNG, then harness.js) is installed before the bot's code, and every call is a synchronous
 * applySync with strings in and a string out, metered in CPU time and stopped by a wall-clock
 * watchdog (watchdog.ts). Isolates never get a Reference or ExternalCopy: the References below
 * stay on the host side.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import ivm from 'isolated-vm';
import { BUNDLE_GLOBAL } from '../bundler.ts';
import { wallTimeoutMs, type SandboxLimits } from '../limits.ts';
import { createWatchdog, type Watchdog } from './watchdog.ts';

const ENGINE_GLOBAL = 'xixEngine';

let prelude: string | undefined;
/**
 * The script every isolate runs first. It evaluates to the harness factory, with what the harness
 * needs of the engine bound to it: every game's view codec and the seeded PRNG (bundled from the
 * engine once per process).
 */
function preludeSource(): string {
  if (prelude !== undefined) return prelude;
  const contents = "export { VIEW_CODECS } from '@xix/engine/view-codecs';\nexport { createRandom } from '@xix/engine';";
  const resolveDir = fileURLToPath(new URL('.', import.meta.url));
  const engine = buildSync({ stdin: { contents, loader: 'ts', resolveDir }, bundle: true, write: false, format: 'iife', globalName: ENGINE_GLOBAL, platform: 'neutral', target: 'es2024', legalComments: 'none' }).outputFiles[0]!.text;
  // harness.js is one function expression; its closing semicolon cannot stand in an argument list.
  const harness = readFileSync(new URL('./harness.js', import.meta.url), 'utf8').trimEnd().replace(/;$/, '');
  prelude = `((harness, engine) => (config) => harness(config, engine))(\n${harness},\n(function () {\n${engine}\nreturn ${ENGINE_GLOBAL};\n})())`;
  return prelude;
}

/** V8's code cache of the prelude, made by the first isolate of this process: later isolates skip compiling it. */
let preludeCache: ivm.ExternalCopy<ArrayBuffer> | undefined;

/** What isolated-vm adds to a script compiled with cachedData options (its typings leave it out). */
type CachedScript = ivm.Script & { readonly cachedData?: ivm.ExternalCopy<ArrayBuffer>; readonly cachedDataRejected?: boolean };

function compilePrelude(isolate: ivm.Isolate): ivm.Script {
  const options = { filename: 'xix-prelude.js' };
  if (preludeCache !== undefined) {
    const script = isolate.compileScriptSync(preludeSource(), { ...options, cachedData: preludeCache }) as CachedScript;
    if (script.cachedDataRejected !== true) return script;
  }
  const script = isolate.compileScriptSync(preludeSource(), { ...options, produceCachedData: true }) as CachedScript;
  preludeCache = script.cachedData;
  return script;
}

/** What a call came to. `answer` kinds are the harness's letters (see harness.js). */
export type CallOutcome =
  | { readonly kind: 'answer'; readonly tag: string; readonly payload: string; readonly logs: string; readonly ms: number; readonly cpuMs: number }
  | { readonly kind: 'timeout' | 'memory' | 'crash'; readonly message: string; readonly ms: number; readonly cpuMs: number };

export interface IsolateHooks {
  /** Called right before each call with its wall-clock watchdog (the host's lease to its supervisor). */
  readonly beforeCall?: (timeoutMs: number) => void;
  /** isolated-vm lost control of the isolate; the process must end (README: onCatastrophicError). */
  readonly onCatastrophicError?: (message: string) => void;
}

export interface BotIsolate {
  /** False once the isolate is disposed (memory limit, timeout, dispose()). */
  readonly alive: boolean;
  load(code: string): CallOutcome;
  start(seat: number, seed: number, cpuBudgetMs: number): CallOutcome;
  decide(viewPayload: string, cpuBudgetMs: number): CallOutcome;
  end(viewPayload: string, resultJson: string, cpuBudgetMs: number): CallOutcome;
  dispose(): void;
}

function defaultCatastrophe(message: string): void {
  // README: v8 lost the isolate; nothing in this process can be trusted any more.
  process.stderr.write(`isolated-vm catastrophic error: ${message}\n`);
  process.abort();
}

/** An isolate for a bot of the game `gameId` (its views arrive in that game's view code). */
export function createBotIsolate(gameId: string, limits: SandboxLimits, hooks: IsolateHooks = {}): BotIsolate {
  const isolate = new ivm.Isolate({ memoryLimit: limits.memoryMb, onCatastrophicError: hooks.onCatastrophicError ?? defaultCatastrophe });
  let watchdog: Watchdog | undefined;
  let refs: Record<'load' | 'start' | 'decide' | 'end' | 'takeLogs', ivm.Reference>;
  try {
    watchdog = createWatchdog(isolate);
    const context = isolate.createContextSync();
    const config = JSON.stringify({
      game: gameId,
      bundleGlobal: BUNDLE_GLOBAL,
      logMoveChars: limits.logMoveChars,
      logGameChars: limits.logGameChars,
      outputChars: limits.outputChars,
    });
    // The prelude is our own code: no bot code has run in this isolate yet.
    const factory = compilePrelude(isolate).runSync(context, { reference: true }) as ivm.Reference<(config: string) => unknown>;
    const api = factory.applySync(undefined, [config], { result: { reference: true } }) as unknown as ivm.Reference<Record<string, unknown>>;
    const fn = (name: string): ivm.Reference => api.getSync(name, { reference: true }) as ivm.Reference;
    refs = { load: fn('load'), start: fn('start'), decide: fn('decide'), end: fn('end'), takeLogs: fn('takeLogs') };
  } catch (error) {
    watchdog?.dispose();
    isolate.dispose();
    throw error;
  }
  const guard = watchdog;

  const cpuNow = (): bigint | null => {
    try {
      return isolate.cpuTime;
    } catch {
      return null; // disposed
    }
  };

  const call = (ref: ivm.Reference, args: readonly (string | number)[], cpuBudgetMs: number): CallOutcome => {
    const timeout = wallTimeoutMs(limits, cpuBudgetMs);
    hooks.beforeCall?.(timeout);
    const cpu0 = cpuNow();
    const t0 = performance.now();
    let value: unknown;
    let failure: unknown = null;
    guard.begin(timeout);
    try {
      value = ref.applySync(undefined, args as (string | number)[]);
    } catch (error) {
      failure = error ?? 'unknown';
    }
    const inTime = guard.end();
    const ms = performance.now() - t0;
    const cpu1 = cpuNow();
    const cpuMs = cpu0 !== null && cpu1 !== null ? Number(cpu1 - cpu0) / 1e6 : ms;
    // A call the watchdog stopped is a timeout, even if its answer slipped out at the last moment.
    if (!inTime) return { kind: 'timeout', message: `did not finish within the ${timeout} ms wall-clock watchdog`, ms, cpuMs };
    if (failure !== null) {
      // Only host-side Errors made by isolated-vm arrive here: the harness never throws.
      const text = failure instanceof Error ? failure.message : 'the call failed';
      if (isolate.isDisposed) return { kind: 'memory', message: `ran out of memory (limit ${limits.memoryMb} MiB)`, ms, cpuMs };
      return { kind: 'crash', message: text, ms, cpuMs };
    }
    if (typeof value !== 'string' || value.length < 2) return { kind: 'crash', message: 'the sandbox harness gave no answer', ms, cpuMs };
    let logs = '';
    if (value[1] === '1') {
      try {
        // Harness code only (it hands over a string it holds): no bot code runs here.
        const taken = refs.takeLogs.applySync(undefined, []) as unknown;
        if (typeof taken === 'string') logs = taken;
      } catch {
        // Lost logs never change a result.
      }
    }
    return { kind: 'answer', tag: value[0]!, payload: value.slice(2), logs, ms, cpuMs };
  };

  let disposed = false;
  return {
    get alive() {
      return !disposed && !isolate.isDisposed;
    },
    load: (code) => call(refs.load, [code], limits.loadMs),
    start: (seat, seed, budget) => call(refs.start, [seat, seed], budget),
    decide: (viewPayload, budget) => call(refs.decide, [viewPayload], budget),
    end: (viewPayload, resultJson, budget) => call(refs.end, [viewPayload, resultJson], budget),
    dispose() {
      if (disposed) return;
      disposed = true;
      guard.dispose();
      try {
        isolate.dispose();
      } catch {
        // Already disposed: by its memory limit, or by the watchdog a moment ago.
      }
    },
  };
}
