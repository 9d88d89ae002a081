/**
 * `xix new-bot NAME`: a bot folder that works outside this repository: `tsc --noEmit -p` finds
 * `@xix/sdk` there (no errors for the template, a TS diagnostic for a type error) and
 * `xix check` passes it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneLineError, runXix } from './test/run-xix.ts';

const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
let dir: string;

function tsc(project: string): { code: number | null; stdout: string } {
  const run = spawnSync(process.execPath, [TSC, '--noEmit', '-p', project], { cwd: dir, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout + run.stderr };
}

beforeAll(() => {
  // The system's temp folder: outside the repository, no node_modules above it.
  dir = mkdtempSync(path.join(tmpdir(), 'xix-new-bot-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('xix new-bot', () => {
  it('makes a folder whose bot type-checks with tsc outside the repository, and whose type errors tsc reports', () => {
    const made = runXix(dir, 'new-bot', 'foo');
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const bot = path.join(dir, 'foo', 'bot.ts');
    expect(readFileSync(bot, 'utf8')).toContain("from '@xix/sdk'");
    expect(JSON.parse(readFileSync(path.join(dir, 'foo', 'package.json'), 'utf8'))).toMatchObject({ name: 'foo', type: 'module' });

    const clean = tsc(path.join(dir, 'foo'));
    expect(clean.stdout).toBe('');
    expect(clean.code).toBe(0);

    writeFileSync(bot, `${readFileSync(bot, 'utf8')}\nconst wrong: number = 'nineteen';\nvoid wrong;\n`);
    const broken = tsc(path.join(dir, 'foo'));
    expect(broken.code).not.toBe(0);
    expect(broken.stdout).toMatch(/bot\.ts\(\d+,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/);
  });

  it('makes a bot that xix check finds ready to upload', () => {
    runXix(dir, 'new-bot', 'ready');
    const run = runXix(path.join(dir, 'ready'), 'check', 'bot.ts', '--games', '2');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('types    ok (tsconfig.json)');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('ready to upload');
    expect(run.code).toBe(0);
  });

  it('never writes into an existing folder, and wants a sensible name', () => {
    runXix(dir, 'new-bot', 'taken');
    expectOneLineError(runXix(dir, 'new-bot', 'taken'), /^xix: taken already exists$/);
    expectOneLineError(runXix(dir, 'new-bot', '9lives'), /^xix: a bot name starts with a letter/);
  });
});
