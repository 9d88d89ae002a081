/**
 * A worker's background rounds (the ladder's scheduler, the SPRT runner): a round every
 * `intervalMs` after the last one ended, one at a time: a slow round is waited for, never overlapped.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface Rounds<T> {
  /** One round now, or the one running. */
  tick(): Promise<T>;
  /** Stops the timer; answers the round running, if any (to wait for it: bounded). */
  stop(): Promise<T> | null;
}

/** Runs `round` every `intervalMs` (unless `autorun` is false: the caller ticks), telling `failed` of a round that throws. */
export function repeatRounds<T>(round: () => Promise<T>, intervalMs: number, failed: (error: unknown) => void, autorun = true): Rounds<T> {
  let running: Promise<T> | null = null;
  const tick = (): Promise<T> => {
    running ??= round().finally(() => { running = null; });
    return running;
  };
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (): void => {
    if (closed) return;
    timer = setTimeout(() => {
      tick().catch(failed).finally(schedule);
    }, intervalMs);
  };
  if (autorun) schedule();
  return {
    tick,
    stop() {
      closed = true;
      clearTimeout(timer);
      return running;
    },
  };
}

/** Waits for `work` at most 2 s: a round or a command stuck on a Redis that is down is not waited for long at shutdown. */
export function bounded(work: Promise<unknown> | null): Promise<unknown> {
  return Promise.race([(work ?? Promise.resolve()).catch(() => undefined), sleep(2000, undefined, { ref: false })]);
}
