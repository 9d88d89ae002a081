/**
 * The wall-clock watchdog of bot isolates, without isolated-vm's per-call `timeout`.
 *
 * Why: isolated-vm arms a timer for every call with a timeout and, when the call returns, only
 * marks it dead; the timer stays queued until it falls due, and creating timers while dead ones
 * are drained made every call ~2 µs dearer (`npm run bench:ivm-timeouts`, docs/benchmarks.md).
 * Instead, one small watchdog isolate per process, running on isolated-vm's thread pool, watches
 * every bot isolate's current call in shared memory and disposes a bot's isolate when its call
 * overruns; V8 then stops the bot's code as a timeout would ("disposed during execution"). A call
 * costs a few atomic operations. The watchdog isolate never runs bot code, and bot isolates never
 * see the shared memory.
 *
 * Shared memory, Int32 words: a header (GENERATION, LOOP), then two words a guarded isolate:
 *   CALL    its current call: sequence number << 2 | phase (IDLE, IN_CALL, KILLED). Both sides
 *           change it only by compare-and-swap, so the watchdog can kill only the call it timed,
 *           and the host's end() learns whether that call was killed.
 *   BUDGET  that call's wall-clock allowance, ms.
 * The watchdog has no monotonic clock (no `performance` in an isolate, and Date.now() can jump),
 * so it counts time in its own timed-out waits, each at least POLL_MS: it kills a call between its
 * budget and about POLL_MS after, never before. Its loop ends itself after IDLE_MS without a call,
 * so that an idle process can exit; the next call starts it again. Registering a new isolate stops
 * the loop (a new GENERATION) so that the handle can be passed in; no call is under way then, since
 * the host makes its calls and registrations from one thread.
 */
import ivm from 'isolated-vm';

const POLL_MS = 5;
const IDLE_MS = 1000;
/** Isolates guarded at once in one process: far above what a host (four) or a test holds. */
const MAX_GUARDED = 4096;

const GENERATION = 0;
const LOOP = 1;
const HEADER_WORDS = 2;
const SLOT_WORDS = 2;
const CALL_WORD = 0;
const BUDGET_WORD = 1;
/** Phases of a call word; LOOP is RUNNING or STOPPED. */
const IDLE = 0;
const IN_CALL = 1;
const KILLED = 3;
const STOPPED = 0;
const RUNNING = 1;
const PHASE_BITS = 2;
const SEQUENCE_MASK = 0x1fffffff;

const WATCHDOG_SOURCE = `
const words = new Int32Array(shared);
const targets = [];
const timedSequence = [];
const elapsed = [];
const slotCall = (slot) => ${HEADER_WORDS} + slot * ${SLOT_WORDS} + ${CALL_WORD};
const slotBudget = (slot) => ${HEADER_WORDS} + slot * ${SLOT_WORDS} + ${BUDGET_WORD};
const register = (slot, target) => {
  targets[slot] = target;
  timedSequence[slot] = -1;
};
const anyCall = () => {
  for (let slot = 0; slot < targets.length; slot++) if (targets[slot] !== undefined && (Atomics.load(words, slotCall(slot)) & 3) === ${IN_CALL}) return true;
  return false;
};
const watch = (generation) => {
  let idle = 0;
  for (;;) {
    const slept = Atomics.wait(words, ${GENERATION}, generation, ${POLL_MS}) === 'timed-out' ? ${POLL_MS} : 0;
    if (Atomics.load(words, ${GENERATION}) !== generation) return;
    let calls = 0;
    for (let slot = 0; slot < targets.length; slot++) {
      if (targets[slot] === undefined) continue;
      const call = Atomics.load(words, slotCall(slot));
      if ((call & 3) !== ${IN_CALL}) continue;
      calls++;
      const sequence = call >>> ${PHASE_BITS};
      if (sequence !== timedSequence[slot]) {
        timedSequence[slot] = sequence;
        elapsed[slot] = 0;
        continue;
      }
      elapsed[slot] += slept;
      if (elapsed[slot] >= Atomics.load(words, slotBudget(slot)) && Atomics.compareExchange(words, slotCall(slot), call, (sequence << ${PHASE_BITS}) | ${KILLED}) === call) {
        try { targets[slot].dispose(); } catch {}
      }
    }
    idle = calls === 0 ? idle + slept : 0;
    if (idle < ${IDLE_MS}) continue;
    // Idle: stop, unless a call began meanwhile (the host starts a loop when it sees STOPPED).
    Atomics.store(words, ${LOOP}, ${STOPPED});
    if (!anyCall() || Atomics.compareExchange(words, ${LOOP}, ${STOPPED}, ${RUNNING}) !== ${STOPPED}) return;
    idle = 0;
  }
};
({ register, watch });
`;

interface SharedWatchdog {
  readonly words: Int32Array;
  readonly register: ivm.Reference<(slot: number, target: ivm.Isolate | undefined) => void>;
  readonly watch: ivm.Reference<(generation: number) => void>;
  readonly freeSlots: number[];
  slots: number;
}

let sharedWatchdog: SharedWatchdog | undefined;

function watchdogIsolate(): SharedWatchdog {
  if (sharedWatchdog !== undefined) return sharedWatchdog;
  const memory = new SharedArrayBuffer((HEADER_WORDS + MAX_GUARDED * SLOT_WORDS) * Int32Array.BYTES_PER_ELEMENT);
  const isolate = new ivm.Isolate({ memoryLimit: 8 });
  const context = isolate.createContextSync();
  context.global.setSync('shared', new ivm.ExternalCopy(memory).copyInto({ release: true }));
  const api = isolate.compileScriptSync(WATCHDOG_SOURCE, { filename: 'xix-watchdog.js' }).runSync(context, { reference: true }) as ivm.Reference<Record<string, unknown>>;
  sharedWatchdog = {
    words: new Int32Array(memory),
    register: api.getSync('register', { reference: true }) as SharedWatchdog['register'],
    watch: api.getSync('watch', { reference: true }) as SharedWatchdog['watch'],
    freeSlots: [],
    slots: 0,
  };
  return sharedWatchdog;
}

/** Ends the running loop (if any) and runs `fn` in the watchdog isolate once it is free. */
function withLoopStopped(dog: SharedWatchdog, fn: () => void): void {
  Atomics.add(dog.words, GENERATION, 1);
  Atomics.notify(dog.words, GENERATION);
  fn(); // an applySync: it waits for the loop's task to return
  Atomics.store(dog.words, LOOP, STOPPED);
}

export interface Watchdog {
  /** A call into the target starts: it must end within `timeoutMs` of wall-clock time. */
  begin(timeoutMs: number): void;
  /** The call returned (or threw): true if it ended in time, false if the watchdog killed it. */
  end(): boolean;
  /** True once the watchdog disposed the target for overrunning a call. */
  readonly killed: boolean;
  /** No longer guard the target. */
  dispose(): void;
}

/** True while the process's watchdog loop runs (for tests: it ends itself when idle). */
export function watchdogRunning(): boolean {
  return sharedWatchdog !== undefined && Atomics.load(sharedWatchdog.words, LOOP) === RUNNING;
}

/** Guards `target`: its calls go between begin() and end(). */
export function createWatchdog(target: ivm.Isolate): Watchdog {
  const dog = watchdogIsolate();
  const slot = dog.freeSlots.pop() ?? dog.slots++;
  if (slot >= MAX_GUARDED) {
    dog.slots--;
    throw new Error(`the sandbox guards at most ${MAX_GUARDED} isolates in one process`);
  }
  const callWord = HEADER_WORDS + slot * SLOT_WORDS + CALL_WORD;
  const budgetWord = HEADER_WORDS + slot * SLOT_WORDS + BUDGET_WORD;
  const { words } = dog;
  // A slot may be reused: its sequence goes on, its phase starts idle.
  Atomics.store(words, callWord, Atomics.load(words, callWord) & ~3);
  withLoopStopped(dog, () => dog.register.applySync(undefined, [slot, target]));
  let current = Atomics.load(words, callWord);
  let released = false;

  return {
    begin(timeoutMs) {
      const before = Atomics.load(words, callWord);
      current = ((((before >>> PHASE_BITS) + 1) & SEQUENCE_MASK) << PHASE_BITS) | IN_CALL;
      Atomics.store(words, budgetWord, Math.ceil(timeoutMs));
      Atomics.store(words, callWord, current);
      // Start the loop if it is not running. (A loop that is stopping for idleness sees this call
      // and carries on, or has already stopped, and then this starts a new one: see the loop.)
      if (Atomics.compareExchange(words, LOOP, STOPPED, RUNNING) === STOPPED) {
        dog.watch.apply(undefined, [Atomics.load(words, GENERATION)]).catch(() => {
          // Only if the watchdog isolate is gone; the supervisor's lease remains.
        });
      }
    },
    end() {
      return Atomics.compareExchange(words, callWord, current, current - IN_CALL + IDLE) === current;
    },
    get killed() {
      return (Atomics.load(words, callWord) & 3) === KILLED;
    },
    dispose() {
      if (released) return;
      released = true;
      Atomics.store(words, callWord, Atomics.load(words, callWord) & ~3);
      withLoopStopped(dog, () => dog.register.applySync(undefined, [slot, undefined]));
      dog.freeSlots.push(slot);
    },
  };
}
