/** Runs the worker's main.ts as a child process, as the launcher and Docker do. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface WorkerProcess {
  readonly child: ChildProcess;
  /** Resolves when the worker logged that it takes jobs. */
  readonly ready: Promise<void>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

export function spawnWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--no-node-snapshot', MAIN], { env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (output.includes('"worker ready"')) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then(() => reject(new Error(`the worker exited before it was ready:\n${output}`)));
  });
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => output };
}
