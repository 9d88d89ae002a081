/**
 * Issue 23, item 5: compiling an upload is bounded. esbuild's parser recurses once per level of
 * nesting: 100 000 nested brackets (a 200 KB bot) took 1.7–2.7 s to compile, deeper nesting
 * crashes esbuild's service (and with it every later compile of the process), and some flat
 * sources are slow too (100 KB of `(1,1,1,…)` took 11 s). Deep brackets are refused before
 * compiling; anything else is stopped at the compile time limit; a dead service is replaced.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, compileBot, deepestNesting } from '../src/index.ts';

const inMemory = (source: string, timeoutMs?: number) => ({ entry: 'bot.ts', files: new Map([['bot.ts', source]]), ...(timeoutMs !== undefined && { timeoutMs }) });
const GOOD = 'export default { decide: (v) => v.legalActions[0] };\n';
/** 100 KB that esbuild takes seconds over: a comma expression 50 000 terms long, no nesting. */
const SLOW = `export default (1${',1'.repeat(50_000)});\n`;
/** Slow enough (about half a second) to be still compiling when something happens to the service. */
const PATIENT = `export default (1${',1'.repeat(12_000)});\n`;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

describe('issue 23 item 5: compile time per upload', () => {
  it('item 5: a 200 KB bot of nested brackets is refused at once, naming where', async () => {
    const source = `// a bot\nexport default ${'['.repeat(100_000)}${']'.repeat(100_000)};\n`;
    expect(source.length).toBeGreaterThan(200_000);
    const [result, ms] = await timed(() => compileBot(inMemory(source)));
    expect(result).toEqual({ ok: false, message: `bot.ts:2:${16 + MAX_NESTING}: error: brackets nested more than ${MAX_NESTING} deep: refused before compiling` });
    expect(ms).toBeLessThan(1000);
  });

  it('item 5: the nesting scan skips strings, comments, regular expressions and template text, and counts ${', () => {
    const nested = (n: number) => `${'('.repeat(n)}1${')'.repeat(n)}`;
    expect(deepestNesting(`const a = ${nested(10)};`).depth).toBe(10);
    expect(deepestNesting(`const s = "${'('.repeat(500)}"; const t = '${'['.repeat(500)}'; // ${'{'.repeat(500)}\n/* ${'('.repeat(500)} */ const r = /\\(\\[${'['.repeat(3)}]/g;`).depth).toBe(0);
    expect(deepestNesting(`const t = \`${'('.repeat(500)} \${ f(${nested(3)}) } \`;`).depth).toBe(5);
    expect(deepestNesting(`const x = \`a\${ \`b\${ [1] }\` }\`;`).depth).toBe(3);
    expect(deepestNesting(`if (a) { b = c / d / e; }`).depth).toBe(1);
    expect(deepestNesting(`{${'{'.repeat(MAX_NESTING)}`)).toMatchObject({ depth: MAX_NESTING + 1, line: 1, column: MAX_NESTING });
  });

  it('item 5: a source slow to compile is stopped at the time limit, and the next compile works', async () => {
    const [result, ms] = await timed(() => compileBot(inMemory(SLOW, 300)));
    expect(result).toEqual({ ok: false, message: 'cannot compile bot.ts: compiling took longer than 300 ms, the limit: very long or deeply nested expressions are slow to compile' });
    expect(ms).toBeLessThan(3000);
    expect((await compileBot(inMemory(GOOD))).ok).toBe(true);
  });

  it('item 5: a compile running beside one that is stopped tries again in a new service, and succeeds', async () => {
    const [stopped, retried] = await Promise.all([compileBot(inMemory(SLOW, 300)), compileBot(inMemory(PATIENT, 30_000))]);
    expect(stopped.ok).toBe(false);
    expect(retried.ok).toBe(true);
  });

  it('item 5: a compile whose esbuild service dies under it runs once more in a new one; dying again, it fails clearly', async () => {
    // the service is this process's esbuild child: killing it is what a crash looks like from here
    const survives = compileBot(inMemory(PATIENT, 30_000));
    process.kill(await esbuildChild(), 'SIGKILL');
    expect((await survives).ok).toBe(true);

    const fails = compileBot(inMemory(PATIENT, 30_000));
    const first = await esbuildChild();
    process.kill(first, 'SIGKILL');
    process.kill(await esbuildChild(first), 'SIGKILL');
    expect(await fails).toEqual({ ok: false, message: 'cannot compile bot.ts: the compiler stopped while compiling this source (a source nested too deeply can do this)' });
    expect((await compileBot(inMemory(GOOD))).ok).toBe(true);
  });
});

/** The pid of this process's esbuild service once one runs (another than `not`). */
async function esbuildChild(not?: number): Promise<number> {
  for (;;) {
    const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
    const pids = out.split('\n').map((line) => line.trim().split(/\s+/)).filter(([, comm]) => comm === 'esbuild').map(([pid]) => Number(pid));
    const found = pids.find((pid) => pid !== not);
    if (found !== undefined) return found;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
