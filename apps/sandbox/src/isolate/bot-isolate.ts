/**
 * One bot in one isolated-vm isolate, seen from the host: a trusted prelude (the engine's view
 * decoders and PRNG, then harness.js) is installed before the bot's code, and every call is a synchronous
 * applySync with strings in and a string out, metered in CPU time and stopped by a wall-clock
 * watchdog (watchdog.ts). Isolates never get a Reference or ExternalCopy: the References below
 * stay on the host side. The harness gets one Callback, the clock (numbers in, a number out),
 * which it keeps to itself; the bot reads the clock through the harness.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import ivm from 'isolated-vm';
import { GAMES } from '@xix/engine';
import { CLOCK_SOURCE_KEY } from '@xix/sdk';
import { BUNDLE_GLOBAL } from '../bundler.ts';
import { wallTimeoutMs, type SandboxLimits } from '../limits.ts';
import { createWatchdog, type Watchdog } from './watchdog.ts';

const ENGINE_GLOBAL = 'xixEngine';

let prelude: string | undefined;
/**
 * The script every isolate runs first. It evaluates to the harness factory, with what the harness
 * needs of the engine bound to it: the view codec of every registered game (its own module, or the
 * generic one) and the seeded PRNG, bundled from the engine once per process without any rules.
 */
function preludeSource(): string {
  if (prelude !== undefined) return prelude;
  const games = [...GAMES.values()];
  const contents = [
    "export { createRandom } from '@xix/engine/random';",
    "import { genericViewCodec } from '@xix/engine/generic-view-codec';",
    ...games.map((game, i) => (game.viewCodecModule === null ? '' : `import { viewCodec as codec${i} } from ${JSON.stringify(fileURLToPath(game.viewCodecModule))};`)),
    `export const VIEW_CODECS = { ${games.map((game, i) => `${JSON.stringify(game.id)}: ${game.viewCodecModule === null ? 'genericViewCodec' : `codec${i}`}`).join(', ')} };`,
  ].join('\n');
  const resolveDir = fileURLToPath(new URL('.', import.meta.url));
  const engine = buildSync({ stdin: { contents, loader: 'ts', resolveDir }, bundle: true, write: false, format: 'iife', globalName: ENGINE_GLOBAL, platform: 'neutral', target: 'es2024', legalComments: 'none' }).outputFiles[0]!.text;
  // harness.js is one function expression; its closing semicolon cannot stand in an argument list.
  const harness = readFileSync(new URL('./harness.js', import.meta.url), 'utf8').trimEnd().replace(/;$/, '');
  prelude = `((harness, engine) => (config, hostClock) => harness(config, engine, hostClock))(\n${harness},\n(function () {\n${engine}\nreturn ${ENGINE_GLOBAL};\n})())`;
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

/** The codes of the harness's hostClock (harness.js has the same). */
const CALL_ELAPSED = 0;
const TOTAL = 1;
const DATE_READ = 2;
/**
 * What a clock read is charged, in CPU milliseconds: about what it costs the host (a read takes
 * ~1 µs of wall time here, of which the isolate's CPU time shows only ~0.35 µs), so that a bot
 * reading the clock in a loop cannot spend host time it is not charged for.
 */
export const CLOCK_READ_CHARGE_MS = 0.001;
/**
 * The bot's clock moves in steps of this many milliseconds. A bot needs milliseconds to budget a
 * search; a finer timer would let it time its own memory accesses (a Spectre-style side channel
 * against what else lives in its host process: the other seat's isolate, the series' seed key).
 */
export const CLOCK_RESOLUTION_MS = 0.1;
/**
 * isolated-vm's memory limit is a guideline: a builtin can fill far more than the limit and the
 * call still return, leaving its garbage in the host's memory, where the supervisor's balloon
 * check would blame whichever bot runs next. So after a call long enough to have allocated that
 * much (a heap check costs microseconds: not after every fast call), a heap over this multiple of
 * the limit is the caller's memory forfeit.
 */
const HEAP_CHECK_AFTER_CPU_MS = 2;
const HEAP_OVERSHOOT = 2;
const coarse = (ms: number): number => Math.floor(ms / CLOCK_RESOLUTION_MS) * CLOCK_RESOLUTION_MS;

/**
 * What a call came to. `answer` kinds are the harness's letters (see harness.js). `cpuMs`
 * includes the clock reads' charge; `readDate` is true when the bot read the frozen date
 * (Date.now(), Date(), new Date()) during the call.
 */
export type CallOutcome =
  | { readonly kind: 'answer'; readonly tag: string; readonly payload: string; readonly logs: string; readonly ms: number; readonly cpuMs: number; readonly readDate: boolean }
  | { readonly kind: 'timeout' | 'memory' | 'crash'; readonly message: string; readonly ms: number; readonly cpuMs: number; readonly readDate: boolean };

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
  /**
   * `cpuBudgetMs` is the limits' decisionMs plus the bank the call may draw on: the wall-clock
   * watchdog is set from it, and the bot's clock shows the bank part.
   */
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
  // The clock: the current call's CPU time at its start, and the clock reads charged so far.
  let callCpu0: bigint | null = null;
  let callReads = 0;
  let totalReads = 0;
  let readDate = false;
  const cpuNow = (): bigint | null => {
    try {
      return isolate.cpuTime;
    } catch {
      return null; // disposed
    }
  };
  /** The harness's hostClock. Only harness code calls it, with a code; the answer is a number. */
  const readClock = (code: unknown): number => {
    if (code === DATE_READ) {
      readDate = true;
      return 0;
    }
    callReads++;
    totalReads++;
    const now = cpuNow();
    if (now === null) return 0;
    if (code === TOTAL) return coarse(Number(now) / 1e6 + totalReads * CLOCK_READ_CHARGE_MS);
    return coarse((callCpu0 === null ? 0 : Number(now - callCpu0) / 1e6) + callReads * CLOCK_READ_CHARGE_MS);
  };
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
      decisionMs: limits.decisionMs,
      clockKey: CLOCK_SOURCE_KEY,
    });
    // The prelude is our own code: no bot code has run in this isolate yet.
    const factory = compilePrelude(isolate).runSync(context, { reference: true }) as ivm.Reference<(config: string, hostClock: ivm.Callback) => unknown>;
    const hostClock = new ivm.Callback(readClock, { sync: true });
    const api = factory.applySync(undefined, [config, hostClock], { result: { reference: true } }) as unknown as ivm.Reference<Record<string, unknown>>;
    const fn = (name: string): ivm.Reference => api.getSync(name, { reference: true }) as ivm.Reference;
    refs = { load: fn('load'), start: fn('start'), decide: fn('decide'), end: fn('end'), takeLogs: fn('takeLogs') };
  } catch (error) {
    watchdog?.dispose();
    isolate.dispose();
    throw error;
  }
  const guard = watchdog;
  const heapUsedMb = (): number => {
    const heap = isolate.getHeapStatisticsSync();
    return (heap.used_heap_size + heap.externally_allocated_size) / 2 ** 20;
  };

  const call = (ref: ivm.Reference, args: readonly (string | number)[], cpuBudgetMs: number): CallOutcome => {
    const timeout = wallTimeoutMs(limits, cpuBudgetMs);
    hooks.beforeCall?.(timeout);
    const cpu0 = cpuNow();
    callCpu0 = cpu0;
    callReads = 0;
    readDate = false;
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
    const cpuMs = (cpu0 !== null && cpu1 !== null ? Number(cpu1 - cpu0) / 1e6 : ms) + callReads * CLOCK_READ_CHARGE_MS;
    // A call the watchdog stopped is a timeout, even if its answer slipped out at the last moment.
    if (!inTime) return { kind: 'timeout', message: `did not finish within the ${timeout} ms wall-clock watchdog`, ms, cpuMs, readDate };
    if (failure !== null) {
      // Only host-side Errors made by isolated-vm arrive here: the harness never throws.
      const text = failure instanceof Error ? failure.message : 'the call failed';
      if (isolate.isDisposed) return { kind: 'memory', message: `ran out of memory (limit ${limits.memoryMb} MiB)`, ms, cpuMs, readDate };
      return { kind: 'crash', message: text, ms, cpuMs, readDate };
    }
    if (typeof value !== 'string' || value.length < 2) return { kind: 'crash', message: 'the sandbox harness gave no answer', ms, cpuMs, readDate };
    if (cpuMs >= HEAP_CHECK_AFTER_CPU_MS) {
      const heapMb = heapUsedMb();
      if (heapMb > limits.memoryMb * HEAP_OVERSHOOT) return { kind: 'memory', message: `ran out of memory (its heap reached ${Math.round(heapMb)} MiB, limit ${limits.memoryMb} MiB)`, ms, cpuMs, readDate };
    }
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
    return { kind: 'answer', tag: value[0]!, payload: value.slice(2), logs, ms, cpuMs, readDate };
  };

  const bankPart = (budget: number): number => Math.max(0, budget - limits.decisionMs);
  let disposed = false;
  return {
    get alive() {
      return !disposed && !isolate.isDisposed;
    },
    load: (code) => call(refs.load, [code], limits.loadMs),
    start: (seat, seed, budget) => call(refs.start, [seat, seed, bankPart(budget)], budget),
    decide: (viewPayload, budget) => call(refs.decide, [viewPayload, bankPart(budget)], budget),
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
