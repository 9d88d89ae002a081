/**
 * Issue 16 item 4: the API process never loads isolated-vm (compiling an upload needs esbuild
 * only: @xix/sandbox/compile), nor the TypeScript compiler (issue 17 item 1: an upload's
 * type-check is the worker's, so that the upload is answered at once). A child process loads the
 * server's modules, as main.ts does, and lists the modules it loaded: neither among them.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../src/index.ts', import.meta.url));

const PROBE = `
import { createRequire } from 'node:module';
await import(${JSON.stringify(SERVER)});
const loaded = Object.keys(createRequire(import.meta.url).cache);
const under = (name) => loaded.filter((file) => new RegExp('[\\\\/]' + name + '[\\\\/]').test(file));
console.log(JSON.stringify({ loaded: loaded.length, isolatedVm: under('isolated-vm'), typescript: under('typescript') }));
`;

describe('the API process', () => {
  it('loads the server without isolated-vm and without the TypeScript compiler', () => {
    const out = execFileSync(process.execPath, ['--no-node-snapshot', '--input-type=module', '-e', PROBE], { encoding: 'utf8', cwd: fileURLToPath(new URL('.', import.meta.url)) });
    const { loaded, isolatedVm, typescript } = JSON.parse(out.trim().split('\n').at(-1)!) as { loaded: number; isolatedVm: string[]; typescript: string[] };
    // the probe sees the modules required through Node's CommonJS loader (fastify's, ioredis's, ...)
    expect(loaded).toBeGreaterThan(10);
    expect(isolatedVm).toEqual([]);
    expect(typescript).toEqual([]);
  });
});
