import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Heartbeat, type Pingable } from '../src/live/heartbeat.ts';

/** A socket whose client answers each ping (a pong sets `alive` again) unless it is gone. */
function member(answers: boolean) {
  const m = {
    alive: true,
    pings: 0,
    terminated: false,
    socket: {
      ping: () => { m.pings++; if (answers) m.alive = true; },
      terminate: () => { m.terminated = true; },
    },
  };
  return m satisfies Pingable;
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('the websocket heartbeat', () => {
  it('pings every socket once a period, a slice a tick, never all at once', () => {
    const heartbeat = new Heartbeat(30_000, 30);
    const members = Array.from({ length: 300 }, () => member(true));
    for (const m of members) heartbeat.add(m);
    const pinged: number[] = [];
    for (let tick = 0; tick < 30; tick++) {
      const before = members.reduce((sum, m) => sum + m.pings, 0);
      vi.advanceTimersByTime(1000);
      pinged.push(members.reduce((sum, m) => sum + m.pings, 0) - before);
    }
    expect(pinged).toEqual(Array(30).fill(10));
    expect(members.every((m) => m.pings === 1 && !m.terminated)).toBe(true);
    vi.advanceTimersByTime(30_000);
    expect(members.every((m) => m.pings === 2 && !m.terminated)).toBe(true);
    heartbeat.stop();
  });

  it('terminates a socket that did not answer its last ping, one period later, and only it', () => {
    const heartbeat = new Heartbeat(3000, 3);
    const [gone, answering] = [member(false), member(true)];
    heartbeat.add(gone);
    heartbeat.add(answering);
    vi.advanceTimersByTime(3000);
    expect([gone.pings, gone.terminated]).toEqual([1, false]);
    vi.advanceTimersByTime(3000);
    expect([gone.pings, gone.terminated]).toEqual([1, true]);
    expect([answering.pings, answering.terminated]).toEqual([2, false]);
    heartbeat.stop();
  });

  it('forgets a deleted socket, and stops', () => {
    const heartbeat = new Heartbeat(2000, 2);
    const [left, stays] = [member(true), member(true)];
    heartbeat.add(left);
    heartbeat.add(stays);
    heartbeat.delete(left);
    vi.advanceTimersByTime(2000);
    expect([left.pings, stays.pings]).toEqual([0, 1]);
    heartbeat.stop();
    vi.advanceTimersByTime(10_000);
    expect(stays.pings).toBe(1);
  });

  it('refuses a period shorter than its ticks', () => {
    expect(() => new Heartbeat(10, 30)).toThrow(RangeError);
    expect(() => new Heartbeat(1000, 0)).toThrow(RangeError);
  });
});
