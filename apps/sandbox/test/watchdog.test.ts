/**
 * The wall-clock watchdog that replaces isolated-vm's per-call timeout: it stops a call that
 * overruns its deadline by disposing the isolate, leaves calls that finish in time alone, and ends
 * its own loop when idle (so a process can exit), starting again with the next call.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import ivm from 'isolated-vm';
import { afterEach, describe, expect, it } from 'vitest';
import { createWatchdog, watchdogRunning, type Watchdog } from '../src/isolate/watchdog.ts';

const RUNAWAY = 3000;

let cleanup: (() => void)[] = [];
afterEach(() => {
  cleanup.forEach((dispose) => dispose());
  cleanup = [];
});

/**
 * An isolate with `spin(ms)`: busy for `ms` of wall-clock time, then 'done'. Runaways spin for
 * 3 s rather than forever, so that a broken watchdog fails these tests instead of hanging them.
 */
function spinner(): { isolate: ivm.Isolate; spin: (ms: number) => unknown; watchdog: Watchdog } {
  const isolate = new ivm.Isolate({ memoryLimit: 16 });
  const context = isolate.createContextSync();
  const fn = context.evalSync('(ms) => { const end = Date.now() + ms; while (Date.now() < end); return "done"; }', { reference: true }) as ivm.Reference<(ms: number) => string>;
  const watchdog = createWatchdog(isolate);
  cleanup.push(() => {
    watchdog.dispose();
    if (!isolate.isDisposed) isolate.dispose();
  });
  return { isolate, watchdog, spin: (ms) => fn.applySync(undefined, [ms]) };
}

/** A call under the watchdog, as bot-isolate.ts makes it. */
function guarded(watchdog: Watchdog, timeoutMs: number, call: () => unknown): { value?: unknown; error?: Error; inTime: boolean; ms: number } {
  const t0 = performance.now();
  watchdog.begin(timeoutMs);
  let value: unknown;
  let error: Error | undefined;
  try {
    value = call();
  } catch (thrown) {
    error = thrown as Error;
  }
  const inTime = watchdog.end();
  return { ...(error === undefined ? { value } : { error }), inTime, ms: performance.now() - t0 };
}

describe('createWatchdog', () => {
  it('stops an endless call at its deadline by disposing the isolate', () => {
    const { isolate, spin, watchdog } = spinner();
    const outcome = guarded(watchdog, 100, () => spin(RUNAWAY));
    expect(outcome.error?.message).toMatch(/disposed during execution/);
    expect(outcome.inTime).toBe(false);
    // Never before its time: the watchdog counts time in waits of its own, each at least 5 ms.
    expect(outcome.ms).toBeGreaterThanOrEqual(99);
    expect(watchdog.killed).toBe(true);
    expect(isolate.isDisposed).toBe(true);
  });

  it('leaves calls that end in time alone, however many', () => {
    const { isolate, spin, watchdog } = spinner();
    for (let i = 0; i < 1000; i++) expect(guarded(watchdog, 200, () => spin(0))).toMatchObject({ value: 'done', inTime: true });
    expect(guarded(watchdog, 500, () => spin(50))).toMatchObject({ value: 'done', inTime: true });
    expect(watchdog.killed).toBe(false);
    expect(isolate.isDisposed).toBe(false);
  });

  it('ends its loop when idle (after 1 s) and starts it again with the next call, still on guard', async () => {
    const { isolate, spin, watchdog } = spinner();
    expect(guarded(watchdog, 200, () => spin(0)).value).toBe('done');
    for (let waited = 0; watchdogRunning() && waited < 10_000; waited += 20) await sleep(20);
    expect(watchdogRunning()).toBe(false);
    const outcome = guarded(watchdog, 80, () => spin(RUNAWAY));
    expect(outcome.error?.message).toMatch(/disposed during execution/);
    expect(watchdog.killed).toBe(true);
    expect(isolate.isDisposed).toBe(true);
  });

  it('guards each isolate on its own, and a released slot serves the next isolate', () => {
    const a = spinner();
    const b = spinner();
    expect(guarded(a.watchdog, 60, () => a.spin(RUNAWAY)).error).toBeDefined();
    expect(guarded(b.watchdog, 1000, () => b.spin(100)).value).toBe('done');
    expect([a.watchdog.killed, b.watchdog.killed]).toEqual([true, false]);
    a.watchdog.dispose();
    const c = spinner();
    expect(guarded(c.watchdog, 1000, () => c.spin(0))).toMatchObject({ value: 'done', inTime: true });
    expect(guarded(c.watchdog, 60, () => c.spin(RUNAWAY))).toMatchObject({ inTime: false });
    expect(guarded(b.watchdog, 1000, () => b.spin(0))).toMatchObject({ value: 'done', inTime: true });
  });
});
