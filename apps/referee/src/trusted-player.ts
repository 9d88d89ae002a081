/**
 * Runs an SDK bot object in this process. For bots we trust (the bundled ones, your own while you
 * write it): a bot stuck in a loop blocks the process, so untrusted bots go to the sandbox.
 * Whatever the bot throws becomes a failure result; what it logs to the console is captured.
 *
 * Time: the bot's clock (clock in @xix/sdk) counts the wall time of each call against the same
 * limits as the sandbox (decisionMs per decision, then the game's bankMs), so that a bot bounded
 * by its clock searches about as long here as there. Wall time, not CPU: it is what a call costs
 * this process, it is cheap to read, and on a busy machine it only makes the bot stop earlier. The
 * limits are not enforced here: a trusted bot that overruns them keeps playing.
 */
import type { GameResult, Seat } from '@xix/engine';
import { CLOCK_SOURCE_KEY, DEFAULT_TIME_LIMITS, type AnyBot, type ClockCall, type ClockSource } from '@xix/sdk';
import { errorText } from './match.ts';
import type { Decision, Player, PlayerFailure } from './player.ts';
import { captureConsole, type Captured } from './console-capture.ts';

export interface TrustedPlayerOptions {
  /** What the bot's clock counts against; the sandbox's defaults unless given. */
  readonly limits?: { readonly decisionMs?: number; readonly bankMs?: number };
}

export function trustedPlayer(bot: AnyBot, name: string, options: TrustedPlayerOptions = {}): Player {
  const decisionMs = options.limits?.decisionMs ?? DEFAULT_TIME_LIMITS.decisionMs;
  const bankMs = options.limits?.bankMs ?? DEFAULT_TIME_LIMITS.bankMs;
  for (const [limit, value] of [['decisionMs', decisionMs], ['bankMs', bankMs]] as const) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`trustedPlayer limit ${limit} must be a finite number of ms from 0, got ${String(value)}`);
  }
  let bank = bankMs;
  // Logs of the start hook are handed over with the first decision.
  let pendingLogs = '';
  const hasDecide = (): boolean => {
    try {
      return typeof (bot as Partial<AnyBot> | null)?.decide === 'function';
    } catch {
      return false;
    }
  };
  /** Runs a call of the bot with its clock: the decision allowance and `drawable` of the bank. */
  const clocked = <T>(drawable: number, run: () => T): { readonly run: Captured<T>; readonly ms: number } => {
    const timed = withClock(Object.freeze({ decisionMs, bankMs: drawable }), () => captureConsole(run));
    bank = Math.max(0, bank - Math.max(0, timed.ms - decisionMs));
    return timed;
  };
  return {
    name,
    startGame(info: { readonly seat: Seat; readonly seed: number }): PlayerFailure | null {
      bank = bankMs;
      if (!hasDecide()) return { verdict: 'load_error', message: 'the bot has no decide(view) function' };
      if (typeof bot.onGameStart !== 'function') return null;
      const { run } = clocked(bank, () => bot.onGameStart?.(info));
      pendingLogs = run.logs;
      return run.ok ? null : { verdict: 'error', message: `onGameStart threw ${errorText(run.error)}` };
    },
    decide(view: unknown): Decision {
      const timed = clocked(bank, () => bot.decide(view as never));
      const { run } = timed;
      const ms = roundMs(timed.ms);
      const logs = pendingLogs + run.logs;
      pendingLogs = '';
      const withLogs = logs === '' ? {} : { logs };
      if (!run.ok) return { ok: false, ms, verdict: 'error', message: `decide threw ${errorText(run.error)}`, ...withLogs };
      return { ok: true, action: run.value, ms, ...withLogs };
    },
    endGame(view: unknown, result: GameResult): void {
      // onGameEnd has no bank, as in the sandbox.
      if (typeof bot.onGameEnd === 'function') clocked(0, () => bot.onGameEnd?.(view as never, result));
      pendingLogs = '';
    },
    dispose(): void {},
  };
}

/**
 * Runs `run` with the bot's clock source installed (the global the SDK's clock reads), counting
 * wall time from now, and puts back what was there before. Per call rather than once per process,
 * so that every copy of this module (and of the SDK, bundled into each bot) agrees on the source.
 */
function withClock<T>(call: ClockCall, run: () => T): { readonly run: T; readonly ms: number } {
  const key = Symbol.for(CLOCK_SOURCE_KEY);
  const global = globalThis as Record<symbol, unknown>;
  const previous = global[key];
  const start = performance.now();
  const source: ClockSource = Object.freeze({ call: () => call, elapsedMs: () => performance.now() - start });
  global[key] = source;
  try {
    const result = run();
    return { run: result, ms: performance.now() - start };
  } finally {
    if (previous === undefined) delete global[key];
    else global[key] = previous;
  }
}

/** Microsecond precision is plenty and keeps replays small. */
function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
