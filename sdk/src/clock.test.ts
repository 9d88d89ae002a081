/**
 * The clock's arithmetic over a runner's ClockSource: the decision's allowance first, then the
 * bank (R12: past both, a timeout); and no reading at all outside a call. The runners' sources
 * are tested with them (apps/sandbox/test/clock.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CLOCK_SOURCE_KEY, clock, type ClockCall, type ClockSource } from './clock.ts';

const key = Symbol.for(CLOCK_SOURCE_KEY);
const global = globalThis as Record<symbol, unknown>;

/** Installs a source whose call has `call` allowances and has used `elapsed` ms. */
function install(call: ClockCall | null, elapsed: number): void {
  const source: ClockSource = { call: () => call, elapsedMs: () => elapsed };
  global[key] = source;
}

afterEach(() => {
  delete global[key];
});

describe('clock', () => {
  it('spends the decision allowance before the bank', () => {
    install({ decisionMs: 100, bankMs: 2000 }, 30);
    expect([clock.elapsedMs(), clock.decisionLeftMs(), clock.bankLeftMs(), clock.untilTimeoutMs()]).toEqual([30, 70, 2000, 2070]);
    install({ decisionMs: 100, bankMs: 2000 }, 100);
    expect([clock.decisionLeftMs(), clock.bankLeftMs(), clock.untilTimeoutMs()]).toEqual([0, 2000, 2000]);
    install({ decisionMs: 100, bankMs: 2000 }, 350);
    expect([clock.decisionLeftMs(), clock.bankLeftMs(), clock.untilTimeoutMs()]).toEqual([0, 1750, 1750]);
  });

  it('reads zero left, never a negative amount, once a call is past its time', () => {
    install({ decisionMs: 100, bankMs: 50 }, 400);
    expect([clock.elapsedMs(), clock.decisionLeftMs(), clock.bankLeftMs(), clock.untilTimeoutMs()]).toEqual([400, 0, 0, 0]);
  });

  it('has no bank in a call that may not draw on it (onGameEnd)', () => {
    install({ decisionMs: 100, bankMs: 0 }, 10);
    expect([clock.decisionLeftMs(), clock.bankLeftMs(), clock.untilTimeoutMs()]).toEqual([90, 0, 90]);
  });

  it('throws outside a call, with or without a runner, instead of a number a loop could run on', () => {
    const outside = /^the clock counts only during a call \(decide, onGameStart, onGameEnd\)/;
    for (const read of [clock.elapsedMs, clock.decisionLeftMs, clock.bankLeftMs, clock.untilTimeoutMs]) {
      expect(read).toThrow(outside);
      install(null, 0);
      expect(read).toThrow(outside);
      delete global[key];
    }
  });

  it('cannot be changed by the bot that imports it', () => {
    expect(Object.isFrozen(clock)).toBe(true);
  });
});
