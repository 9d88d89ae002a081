import { DEFAULT_TIME_LIMITS } from '@xix/sdk';

/**
 * The limits a sandboxed bot runs under. CPU time is what a bot is charged (a busy machine must
 * not make an honest bot lose); wall-clock limits sit above it as watchdogs.
 */
export interface SandboxLimits {
  /** Heap limit of the bot's isolate, MiB (isolated-vm's minimum is 8). */
  readonly memoryMb: number;
  /** CPU milliseconds a decision may use before it draws on the bank. */
  readonly decisionMs: number;
  /** CPU milliseconds per game that slow decisions draw from before they time out. */
  readonly bankMs: number;
  /** CPU milliseconds for loading the bot (evaluating its module). */
  readonly loadMs: number;
  /** The wall-clock watchdog of a call is `wallFactor` × its CPU budget + `wallSlackMs`. */
  readonly wallFactor: number;
  readonly wallSlackMs: number;
  /** Characters of console output kept per decision and per game. */
  readonly logMoveChars: number;
  readonly logGameChars: number;
  /** Characters of JSON an action may serialise to (more is `output_limit`). */
  readonly outputChars: number;
}

/** The time limits are the SDK's, which the in-process player counts against too: a bot's clock reads the same. */
export const DEFAULT_LIMITS: SandboxLimits = {
  memoryMb: 64,
  decisionMs: DEFAULT_TIME_LIMITS.decisionMs,
  bankMs: DEFAULT_TIME_LIMITS.bankMs,
  loadMs: DEFAULT_TIME_LIMITS.loadMs,
  wallFactor: 3,
  wallSlackMs: 50,
  logMoveChars: 8 * 1024,
  logGameChars: 64 * 1024,
  outputChars: 4 * 1024,
};

const BOUNDS: Record<keyof SandboxLimits, readonly [number, number]> = {
  memoryMb: [8, 4096],
  decisionMs: [1, 60_000],
  bankMs: [0, 600_000],
  loadMs: [1, 60_000],
  wallFactor: [1, 100],
  wallSlackMs: [0, 60_000],
  logMoveChars: [0, 1 << 20],
  logGameChars: [0, 1 << 24],
  outputChars: [64, 1 << 20],
};

/** The defaults with `overrides` applied; throws RangeError naming the first bad limit. */
export function resolveLimits(overrides: Partial<SandboxLimits> = {}): SandboxLimits {
  const limits = { ...DEFAULT_LIMITS, ...overrides };
  for (const [key, [min, max]] of Object.entries(BOUNDS) as [keyof SandboxLimits, readonly [number, number]][]) {
    const value = limits[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      throw new RangeError(`sandbox limit ${key} must be a number from ${min} to ${max}, got ${String(value)}`);
    }
  }
  return limits;
}

/** The wall-clock watchdog for a call with `cpuBudgetMs` of CPU time. */
export function wallTimeoutMs(limits: SandboxLimits, cpuBudgetMs: number): number {
  return Math.ceil(cpuBudgetMs * limits.wallFactor + limits.wallSlackMs);
}
