/**
 * The wall-clock watchdog of one bot isolate, without isolated-vm's per-call `timeout`.
 *
 * Why: isolated-vm arms a timer for every call with a timeout and, when the call returns, only
 * marks it dead; the timer stays queued until it falls due, and creating timers while dead ones
 * are drained made every call ~2 µs dearer (`npm run bench:ivm-timeouts`, docs/benchmarks.md).
 * Instead, a small watchdog isolate of our own, running on isolated-vm's thread pool, watches the
 * current call in shared memory and disposes the bot's isolate when the call overruns its time;
 * V8 then stops the bot's code as a timeout would ("disposed during execution"). A call costs a
 * few atomic operations. The watchdog isolate never runs bot code, and the bot's isolate never
 * sees the shared memory.
 *
 * Shared memory, Int32 words:
 *   CALL      the current call: its sequence number << 2 | its phase (IDLE, IN_CALL, STOPPED,
 *             KILLED). Both sides change it only by compare-and-swap, so the watchdog can kill
 *             only the call it timed, and the host's end() learns whether that call was killed.
 *   BUDGET    the current call's wall-clock allowance, ms.
 *   DOORBELL  0; set to 1 (and notified) to end the loop for good.
 * The watchdog has no monotonic clock (no `performance` in an isolate, and Date.now() can jump),
 * so it counts time in its own timed-out waits, each at least POLL_MS: it kills a call between
 * its budget and about POLL_MS after, never before. It ends its loop after `idleMs` without a call,
 * so that an idle process can exit; the next call starts it again.
 */
import ivm from 'isolated-vm';

const POLL_MS = 5;
const DEFAULT_IDLE_MS = 1000;

const CALL = 0;
const BUDGET = 1;
const DOORBELL = 2;
const IDLE = 0;
const IN_CALL = 1;
const STOPPED = 2;
const KILLED = 3;
const PHASE_BITS = 2;
const SEQUENCE_MASK = 0x1fffffff;

const WATCH = `(function watch(idleMs) {
  const words = new Int32Array(shared);
  let timedSequence = -1;
  let elapsed = 0;
  let idle = 0;
  for (;;) {
    const slept = Atomics.wait(words, ${DOORBELL}, 0, ${POLL_MS}) === 'timed-out' ? ${POLL_MS} : 0;
    if (Atomics.load(words, ${DOORBELL}) !== 0) return;
    const call = Atomics.load(words, ${CALL});
    const phase = call & 3;
    const sequence = call >>> ${PHASE_BITS};
    if (phase === ${IN_CALL}) {
      idle = 0;
      if (sequence !== timedSequence) {
        timedSequence = sequence;
        elapsed = 0;
      } else {
        elapsed += slept;
      }
      if (elapsed >= Atomics.load(words, ${BUDGET}) && Atomics.compareExchange(words, ${CALL}, call, (sequence << ${PHASE_BITS}) | ${KILLED}) === call) {
        try { target.dispose(); } catch {}
        return;
      }
    } else if (phase === ${IDLE}) {
      idle += slept;
      if (idle >= idleMs && Atomics.compareExchange(words, ${CALL}, call, (sequence << ${PHASE_BITS}) | ${STOPPED}) === call) return;
    } else {
      return;
    }
  }
})`;

export interface Watchdog {
  /** A call into the target starts: it must end within `timeoutMs` of wall-clock time. */
  begin(timeoutMs: number): void;
  /** The call returned (or threw): true if it ended in time, false if the watchdog killed it. */
  end(): boolean;
  /** True once the watchdog disposed the target for overrunning a call. */
  readonly killed: boolean;
  /** True while the loop is meant to run (for tests: it ends itself when idle). */
  readonly watching: boolean;
  dispose(): void;
}

export interface WatchdogOptions {
  /** How long the loop keeps polling without a call before it ends itself. */
  readonly idleMs?: number;
}

export function createWatchdog(target: ivm.Isolate, options: WatchdogOptions = {}): Watchdog {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const shared = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  const words = new Int32Array(shared);
  words[CALL] = STOPPED;
  const isolate = new ivm.Isolate({ memoryLimit: 8 });
  let watch: ivm.Reference<(idleMs: number) => void>;
  try {
    const context = isolate.createContextSync();
    context.global.setSync('shared', new ivm.ExternalCopy(shared).copyInto({ release: true }));
    context.global.setSync('target', target);
    watch = isolate.compileScriptSync(WATCH, { filename: 'xix-watchdog.js' }).runSync(context, { reference: true }) as typeof watch;
  } catch (error) {
    isolate.dispose();
    throw error;
  }
  const phase = (): number => Atomics.load(words, CALL) & 3;
  /** The CALL word of the call under way (or the last one). */
  let current = STOPPED;

  return {
    begin(timeoutMs) {
      const before = Atomics.load(words, CALL);
      const next = ((((before >>> PHASE_BITS) + 1) & SEQUENCE_MASK) << PHASE_BITS) | IN_CALL;
      Atomics.store(words, BUDGET, Math.ceil(timeoutMs));
      current = next;
      if ((before & 3) === IDLE && Atomics.compareExchange(words, CALL, before, next) === before) return;
      // The loop is not running (new, or it ended itself while idle): start it. It runs on a pool
      // thread; until it starts, the call is already recorded, and its time counts from then.
      Atomics.store(words, CALL, next);
      watch.apply(undefined, [idleMs]).catch(() => {
        // Only when the watchdog isolate is disposed under it; the supervisor's lease remains.
      });
    },
    end() {
      return Atomics.compareExchange(words, CALL, current, current - IN_CALL + IDLE) === current;
    },
    get killed() {
      return phase() === KILLED;
    },
    get watching() {
      const now = phase();
      return now === IDLE || now === IN_CALL;
    },
    dispose() {
      Atomics.store(words, DOORBELL, 1);
      Atomics.notify(words, DOORBELL);
      if (!isolate.isDisposed) isolate.dispose();
    },
  };
}
