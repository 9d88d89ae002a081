/**
 * A stand-in for the platform's HTTP API, for tests of the `xix` commands that talk to it: a local
 * server on a free port that answers fixed JSON per path and records what it was asked. The
 * command runs as a child process without blocking this one (the server answers from here).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BIN, type Run } from './run-xix.ts';

export interface FakeRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
}

export interface FakePlatform {
  readonly url: string;
  readonly requests: readonly FakeRequest[];
  /** Path (without the query) → the JSON body answered with 200; any other path is a 404. */
  readonly answers: Map<string, unknown>;
  close(): Promise<void>;
}

export async function startFakePlatform(): Promise<FakePlatform> {
  const requests: FakeRequest[] = [];
  const answers = new Map<string, unknown>();
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push({ method: req.method ?? '', path: pathname, authorization: req.headers.authorization });
    const found = answers.has(pathname);
    const body = found ? answers.get(pathname) : { error: 'not_found', message: `no route ${pathname}` };
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, answers, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface AsyncRunOptions {
  readonly cwd: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Written to the command's standard input, which is then closed. */
  readonly stdin?: string;
}

/** The real `xix` command, spawned asynchronously. */
export async function runXixAsync(options: AsyncRunOptions, ...args: string[]): Promise<Run> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env: { ...process.env, NO_COLOR: '1', ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.stdin ?? '');
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}
