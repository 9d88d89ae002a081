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
  /** The request's body as sent ('' without one). */
  readonly body: string;
}

export interface FakePlatform {
  readonly url: string;
  readonly requests: readonly FakeRequest[];
  /** Path (without the query) → the JSON body answered with 200; any other path is a 404. */
  readonly answers: Map<string, unknown>;
  /** When set, every request sending a token gets this answer: 401, the token is not valid. */
  refuseTokens: boolean;
  close(): Promise<void>;
}

export async function startFakePlatform(): Promise<FakePlatform> {
  const requests: FakeRequest[] = [];
  const answers = new Map<string, unknown>();
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      requests.push({ method: req.method ?? '', path: pathname, authorization: req.headers.authorization, body: text });
      const json = (status: number, body: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (platform.refuseTokens && req.headers.authorization !== undefined) return json(401, { error: 'unauthorized', message: 'the token is not valid' });
      if (answers.has(pathname)) return json(200, answers.get(pathname));
      json(404, { error: 'not_found', message: `no route ${req.method ?? ''} ${pathname}` });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const platform: FakePlatform = { url: `http://127.0.0.1:${port}`, requests, answers, refuseTokens: false, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  return platform;
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
