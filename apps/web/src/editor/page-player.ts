/**
 * A bot played in the page (the editor's play worker, or Node in the editor's parity test): its
 * CommonJS module, which may require nothing but `@xix/sdk`, loaded afresh for each player, and run
 * with what the sandbox's isolate gives a bot (apps/sandbox/src/isolate/harness.js): a Date frozen
 * at the epoch, a `performance` whose timeOrigin is 0, a Math.random seeded per game from the bot's seed and seat with the harness's own
 * formula, and the SDK's clock (the referee's trusted player installs it and captures the console).
 * Those are swapped in around each call of the bot and put back after, so that bots sharing the
 * worker each see their own. So a game without timeouts is move for move the game `xix play` plays.
 *
 * Time: the decisions are timed (wall time, as the trusted player's clock counts it) against the
 * sandbox's limits, and one past its decision allowance and the game's bank is a timeout forfeit.
 * A call that never returns cannot be stopped from inside: the page's runner (runner.ts) stops the
 * whole worker when it goes silent.
 */
import { createRandom, type GameResult, type Random, type Seat } from '@xix/engine';
import { trustedPlayer, type Decision, type Player, type PlayerFailure } from '@xix/referee';
import { DEFAULT_TIME_LIMITS, type AnyBot } from '@xix/sdk';

/** A bot as the page plays it: a CommonJS module's code, requiring `@xix/sdk` only. */
export interface BotModule {
  readonly name: string;
  readonly code: string;
}

export interface TimeLimits {
  readonly decisionMs: number;
  readonly bankMs: number;
}

/** Called before each call of a player's bot: the runner's heartbeat, and its record of where a game stands. */
export type BeforeCall = (call: 'start' | 'decide' | 'end') => void;

/** The module `@xix/sdk` resolves to in a bot, and the only one it may require. */
export type SdkModule = Readonly<Record<string, unknown>>;

const SDK = '@xix/sdk';

/** The Date of the sandbox: its clock reads the epoch; dates built from values work as usual. */
const RealDate = Date;
function FrozenDate(this: unknown, ...args: unknown[]): unknown {
  if (new.target === undefined) return new RealDate(0).toString();
  return args.length === 0 ? new RealDate(0) : new RealDate(...(args as [number]));
}
FrozenDate.prototype = RealDate.prototype;
FrozenDate.now = () => 0;
FrozenDate.parse = RealDate.parse;
FrozenDate.UTC = RealDate.UTC;

/** The harness's fold of a bot's seed and seat into the 32-bit seed of its Math.random. */
export function mathRandomSeed(seed: number, seat: Seat): number {
  return ((seed >>> 0) ^ Math.floor(seed / 0x100000000) ^ Math.imul(seat + 1, 0x9e3779b9)) >>> 0;
}

/** The sandbox's performance: now() (here the wall time, there the isolate's CPU time) and a timeOrigin of 0. */
const realPerformance = globalThis.performance;
const SANDBOX_PERFORMANCE = Object.freeze({ now: () => realPerformance.now(), timeOrigin: 0 });

/** Runs `run` with the sandbox's Date, performance and the bot's Math.random in place, then puts the page's back. */
function inSandboxGlobals<T>(random: () => number, run: () => T): T {
  const saved = { date: globalThis.Date, random: Math.random, performance: globalThis.performance };
  globalThis.Date = FrozenDate as unknown as DateConstructor;
  globalThis.performance = SANDBOX_PERFORMANCE as unknown as Performance;
  Math.random = random;
  try {
    return run();
  } finally {
    globalThis.Date = saved.date;
    globalThis.performance = saved.performance;
    Math.random = saved.random;
  }
}

/** Evaluates a bot's module; its default export, or the reason it is no bot. */
export function loadBotModule(code: string, sdk: SdkModule, random: () => number): { ok: true; bot: AnyBot } | { ok: false; message: string } {
  const module = { exports: {} as Record<string, unknown> };
  const require = (name: string): unknown => {
    if (name === SDK) return sdk;
    throw new Error(`a bot may import only ${SDK}, not ${JSON.stringify(name)}`);
  };
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the author's own bot, in a worker whose policy allows nothing else
    inSandboxGlobals(random, () => new Function('require', 'exports', 'module', code)(require, module.exports, module));
  } catch (error) {
    return { ok: false, message: `failed to load: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}` };
  }
  const candidate = (module.exports as { default?: unknown }).default;
  if (candidate === null || typeof candidate !== 'object' || typeof (candidate as { decide?: unknown }).decide !== 'function') {
    return { ok: false, message: 'its default export needs a decide(view) function (export default defineBot({ decide(view) { ... } }))' };
  }
  return { ok: true, bot: candidate as AnyBot };
}

/** A player of `module`'s bot, its module loaded now, run as the sandbox runs it (see above). */
export function pagePlayer(module: BotModule, sdk: SdkModule, limits: TimeLimits = DEFAULT_TIME_LIMITS, beforeCall: BeforeCall = () => undefined): Player {
  let generator: Random = createRandom(mathRandomSeed(0, 0));
  const random = (): number => generator.next();
  const loaded = loadBotModule(module.code, sdk, random);
  const inner = loaded.ok ? trustedPlayer(loaded.bot, module.name, { limits }) : null;
  let bank = limits.bankMs;
  return {
    name: module.name,
    startGame(info: { readonly seat: Seat; readonly seed: number }): PlayerFailure | null {
      if (!loaded.ok) return { verdict: 'load_error', message: loaded.message };
      bank = limits.bankMs;
      generator = createRandom(mathRandomSeed(info.seed, info.seat));
      beforeCall('start');
      return inSandboxGlobals(random, () => inner!.startGame(info));
    },
    decide(view: unknown): Decision {
      beforeCall('decide');
      const decision = inSandboxGlobals(random, () => inner!.decide(view));
      const over = decision.ms - limits.decisionMs;
      if (over > bank) {
        return { ok: false, ms: decision.ms, verdict: 'timeout', message: `decide took ${Math.round(decision.ms)} ms: over its ${limits.decisionMs} ms and the ${Math.round(bank)} ms left in the game's bank`, ...(decision.logs !== undefined && { logs: decision.logs }) };
      }
      bank -= Math.max(0, over);
      return decision;
    },
    endGame(view: unknown, result: GameResult): void {
      if (inner === null) return;
      beforeCall('end');
      inSandboxGlobals(random, () => inner.endGame(view, result));
    },
    dispose(): void {},
  };
}
