/**
 * Type-checks uploads for their validation (issue 17 item 1) in a thread of its own: the
 * TypeScript compiler is loaded there once (about 0.3 s, then tens of ms a check), the worker's
 * event loop never waits on it, and a check that does not end (types built to be too much) is
 * stopped: the thread is terminated and the next check gets a new one. The thread also goes after
 * a while without checks, giving its memory back.
 */
import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '@xix/store';
import type { TypeCheckAnswer, TypeCheckRequest } from './type-check-thread.ts';

export type TypeCheckOutcome =
  /** `message` sums the diagnostics up in a sentence (none: ''). */
  | { readonly kind: 'checked'; readonly diagnostics: readonly Diagnostic[]; readonly message: string }
  /** The check took longer than the time allowed: the bot's types are too much to check. */
  | { readonly kind: 'timeout'; readonly ms: number }
  /** The thread failed (out of memory, or a fault of ours): not a verdict on the bot. */
  | { readonly kind: 'failed'; readonly message: string };

export interface TypeChecker {
  check(entry: string, files: Readonly<Record<string, string>>): Promise<TypeCheckOutcome>;
  close(): Promise<void>;
}

export interface TypeCheckerOptions {
  /** Time a check may take once the thread runs it; default 60 s (a check takes well under 1 s). */
  readonly timeoutMs?: number;
  /** The thread ends after this long without checks; default 5 minutes. */
  readonly idleMs?: number;
  /** The thread's heap; default 1024 MiB. */
  readonly memoryMb?: number;
}

const THREAD = new URL('./type-check-thread.ts', import.meta.url);

interface Pending {
  readonly request: TypeCheckRequest;
  readonly resolve: (outcome: TypeCheckOutcome) => void;
}

export function createTypeChecker(options: TypeCheckerOptions = {}): TypeChecker {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const idleMs = options.idleMs ?? 5 * 60_000;
  const queue: Pending[] = [];
  let thread: Worker | null = null;
  let running: { pending: Pending; timer: NodeJS.Timeout } | null = null;
  let idle: NodeJS.Timeout | null = null;
  let nextId = 1;
  let closed = false;

  const finish = (outcome: TypeCheckOutcome): void => {
    if (running === null) return;
    clearTimeout(running.timer);
    const { resolve } = running.pending;
    running = null;
    resolve(outcome);
    next();
  };

  const stopThread = (): void => {
    const stopping = thread;
    thread = null;
    void stopping?.terminate();
  };

  const startThread = (): Worker => {
    const worker = new Worker(THREAD, { resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? 1024 } });
    worker.unref();
    worker.on('message', (answer: TypeCheckAnswer) => {
      if (running?.pending.request.id !== answer.id) return;
      finish(answer.ok ? { kind: 'checked', diagnostics: answer.diagnostics, message: answer.message } : { kind: 'failed', message: answer.error });
    });
    const died = (reason: string): void => {
      if (thread !== worker) return;
      thread = null;
      finish({ kind: 'failed', message: `the type-check thread ${reason}` });
    };
    worker.on('error', (error) => died(`failed: ${error.message}`));
    worker.on('exit', (code) => died(`exited (code ${code})`));
    return worker;
  };

  const next = (): void => {
    if (running !== null || closed) return;
    const pending = queue.shift();
    if (pending === undefined) {
      idle ??= setTimeout(() => {
        idle = null;
        if (running === null && queue.length === 0) stopThread();
      }, idleMs).unref();
      return;
    }
    if (idle !== null) clearTimeout(idle);
    idle = null;
    thread ??= startThread();
    const timer = setTimeout(() => {
      stopThread();
      finish({ kind: 'timeout', ms: timeoutMs });
    }, timeoutMs);
    running = { pending, timer };
    thread.postMessage(pending.request);
  };

  return {
    check(entry, files) {
      if (closed) return Promise.resolve({ kind: 'failed', message: 'the type-checker is closed' });
      return new Promise((resolve) => {
        queue.push({ request: { id: nextId++, entry, files }, resolve });
        next();
      });
    },
    async close() {
      closed = true;
      if (idle !== null) clearTimeout(idle);
      for (const pending of queue.splice(0)) pending.resolve({ kind: 'failed', message: 'the type-checker is closed' });
      finish({ kind: 'failed', message: 'the type-checker is closed' });
      const stopping = thread;
      thread = null;
      await stopping?.terminate();
    },
  };
}
