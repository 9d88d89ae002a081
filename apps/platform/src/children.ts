/** The server and worker processes the launcher runs: the same entry points Docker runs. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVER_MAIN = `${ROOT}apps/server/src/main.ts`;
export const WORKER_MAIN = `${ROOT}apps/worker/src/main.ts`;

export interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL if it is still there after `graceMs`. */
  stop(graceMs: number): Promise<void>;
}

/**
 * `lifeline`: an IPC channel that carries nothing; a child that watches it (the worker) stops when
 * the launcher is gone, even killed (the child unrefs the channel, so it does not keep it alive).
 */
export function startChild(name: string, script: string, env: NodeJS.ProcessEnv, lifeline = false): Child {
  const stdio = lifeline ? (['ignore', 'inherit', 'inherit', 'ipc'] as const) : (['ignore', 'inherit', 'inherit'] as const);
  const child = spawn(process.execPath, ['--no-node-snapshot', script], { env, stdio: [...stdio] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // A spawn that fails emits 'error' and no 'exit'.
    child.once('error', () => resolve({ code: null, signal: null }));
  });
  return {
    name,
    process: child,
    exited,
    async stop(graceMs) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(killer);
    },
  };
}
