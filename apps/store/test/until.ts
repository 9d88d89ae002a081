/** Waiting in tests for a condition read from outside (Redis, HTTP, a process), with a deadline. */
import { setTimeout as sleep } from 'node:timers/promises';

export interface UntilOptions {
  /** Give up after this long; default 60 s. */
  readonly timeoutMs?: number;
  /** Pause between reads; default 100 ms. */
  readonly everyMs?: number;
  /** A read that throws counts as "not yet" (a server restarting under the test) instead of failing at once. */
  readonly readErrorsWait?: boolean;
  /** More to say when it times out (what a process printed, say). */
  readonly context?: () => string;
}

/**
 * Reads until `done` holds and answers that value; after the deadline it fails with `what` and the
 * last value (or read error) seen.
 */
export async function until<T, U extends T>(what: string, read: () => Promise<T>, done: (value: T) => value is U, options?: UntilOptions): Promise<U>;
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, options?: UntilOptions): Promise<T>;
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, options: UntilOptions = {}): Promise<T> {
  const { timeoutMs = 60_000, everyMs = 100, readErrorsWait = false } = options;
  const deadline = Date.now() + timeoutMs;
  let last: unknown = 'nothing read';
  for (;;) {
    try {
      const value = await read();
      if (done(value)) return value;
      last = value;
    } catch (error) {
      if (!readErrorsWait) throw error;
      last = error instanceof Error ? error.message : error;
    }
    if (Date.now() > deadline) {
      const context = options.context === undefined ? '' : `; ${options.context()}`;
      throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeoutMs} ms${context}`);
    }
    await sleep(everyMs);
  }
}
