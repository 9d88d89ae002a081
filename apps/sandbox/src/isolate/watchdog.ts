/**
 * The wall-clock watchdog of one bot isolate, without isolated-vm's per-call `timeout`.
 *
 * Why: isolated-vm arms a timer for every call with a timeout and, when the call returns, only
 * marks it dead; the timer stays queued until it falls due, and a timer thread wakes for each
 * one. A host making ~100,000 calls a second keeps ~100,000 dead timers falling due every second,
 * which measured here raised the cost of a call from ~4 µs to ~6–7 µs once they start to expire
 * (docs/benchmarks.md). Instead, a small watchdog isolate of our own, running on isolated-vm's
 * thread pool, watches a deadline in shared memory and disposes the bot's isolate when a call
 * overruns it; V8 then stops the bot's code as a timeout would ("disposed during execution").
 * A call costs two atomic stores. The watchdog isolate never runs bot code and the bot's isolate
 * never sees the shared memory.
 *
 * The loop polls every POLL_MS (a deadline is enforced within that), and ends itself after
 * `idleMs` without a call so that an idle process can exit; the next call starts it again.
 */
import ivm from 'isolated-vm';

const POLL_MS = 5;
const DEFAULT_IDLE_MS = 1000;

// Int32 slots of the shared memory, then the deadline as a Float64 (Date.now() milliseconds).
const PHASE = 0;
const KILLED = 1;
const DEADLINE_BYTE = 8;
/** Phases: the loop runs and no call is under way; a call is under way; the loop is not running. */
const IDLE = 0;
const IN_CALL = 1;
const STOPPED = 2;

const WATCH = `(function watch(idleMs) {
  const state = new Int32Array(shared, 0, 2);
  const deadline = new Float64Array(shared, ${DEADLINE_BYTE}, 1);
  let lastCall = Date.now();
  for (;;) {
    Atomics.wait(state, ${PHASE}, Atomics.load(state, ${PHASE}), ${POLL_MS});
    const phase = Atomics.load(state, ${PHASE});
    const now = Date.now();
    if (phase === ${STOPPED}) return;
    if (phase === ${IN_CALL}) {
      lastCall = now;
      if (now > deadline[0]) {
        Atomics.store(state, ${KILLED}, 1);
        try { target.dispose(); } catch {}
        Atomics.store(state, ${PHASE}, ${STOPPED});
        return;
      }
    } else if (now - lastCall > idleMs && Atomics.compareExchange(state, ${PHASE}, ${IDLE}, ${STOPPED}) === ${IDLE}) {
      return;
    }
  }
})`;

export interface Watchdog {
  /** A call into the target starts: it must end within `timeoutMs` of wall-clock time. */
  begin(timeoutMs: number): void;
  /** The call returned (or threw). */
  end(): void;
  /** True once the watchdog disposed the target for overrunning a call. */
  readonly killed: boolean;
  /** True while the loop polls (for tests: it ends itself when idle). */
  readonly watching: boolean;
  dispose(): void;
}

export interface WatchdogOptions {
  /** How long the loop keeps polling without a call before it ends itself. */
  readonly idleMs?: number;
}

export function createWatchdog(target: ivm.Isolate, options: WatchdogOptions = {}): Watchdog {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const shared = new SharedArrayBuffer(DEADLINE_BYTE + 8);
  const state = new Int32Array(shared, 0, 2);
  const deadline = new Float64Array(shared, DEADLINE_BYTE, 1);
  state[PHASE] = STOPPED;
  const isolate = new ivm.Isolate({ memoryLimit: 8 });
  const context = isolate.createContextSync();
  context.global.setSync('shared', new ivm.ExternalCopy(shared).copyInto({ release: true }));
  context.global.setSync('target', target);
  const watch = isolate.compileScriptSync(WATCH, { filename: 'xix-watchdog.js' }).runSync(context, { reference: true }) as ivm.Reference<(idleMs: number) => void>;

  return {
    begin(timeoutMs) {
      deadline[0] = Date.now() + timeoutMs;
      if (Atomics.compareExchange(state, PHASE, IDLE, IN_CALL) === IDLE) return;
      // The loop is not running (new, or it ended itself while idle): start it. It runs on a
      // pool thread; until it starts, the deadline already stands in the shared memory.
      Atomics.store(state, PHASE, IN_CALL);
      watch.apply(undefined, [idleMs]).catch(() => {
        // Only when the watchdog isolate is disposed under it; the supervisor's lease remains.
      });
    },
    end() {
      Atomics.compareExchange(state, PHASE, IN_CALL, IDLE);
    },
    get killed() {
      return Atomics.load(state, KILLED) === 1;
    },
    get watching() {
      return Atomics.load(state, PHASE) !== STOPPED;
    },
    dispose() {
      Atomics.store(state, PHASE, STOPPED);
      Atomics.notify(state, PHASE);
      if (!isolate.isDisposed) isolate.dispose();
    },
  };
}
