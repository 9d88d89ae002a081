/**
 * Issue 16 item 4: the API process never loads isolated-vm (compiling an upload needs esbuild
 * only: @xix/sandbox/compile). A child process loads the server's modules, as main.ts does, and
 * lists the modules it loaded: no isolated-vm among them.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../src/index.ts', import.meta.url));

const PROBE = `
import { createRequire } from 'node:module';
await import(${JSON.stringify(SERVER)});
const loaded = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify({ loaded: loaded.length, isolatedVm: loaded.filter((file) => /[\\\\/]isolated-vm[\\\\/]/.test(file)) }));
`;

describe('the API process', () => {
  it('loads the server without isolated-vm', () => {
    const out = execFileSync(process.execPath, ['--no-node-snapshot', '--input-type=module', '-e', PROBE], { encoding: 'utf8', cwd: fileURLToPath(new URL('.', import.meta.url)) });
    const { loaded, isolatedVm } = JSON.parse(out.trim().split('\n').at(-1)!) as { loaded: number; isolatedVm: string[] };
    // the probe sees the modules required through Node's CommonJS loader (fastify's, ioredis's, ...)
    expect(loaded).toBeGreaterThan(10);
    expect(isolatedVm).toEqual([]);
  });
});
