/**
 * `xix new-bot NAME [--game ID]`: a bot folder that works outside this repository: `tsc --noEmit -p`
 * finds `@xix/sdk` there (no errors for the template, a TS diagnostic for a type error) and
 * `xix check` passes a XIX one; `--game 1923` starts from 1923's template, and its `check` script
 * (`xix check bot.ts --game 1923`) passes it.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GAMES } from '@xix/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_DIR } from './repo.ts';
import { BIN, expectOneLineError, runXix } from './test/run-xix.ts';

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

  it('issue 17 item 3: its npm run typecheck works outside the repository, where there is an xix and no tsc', () => {
    runXix(dir, 'new-bot', 'typed');
    const folder = path.join(dir, 'typed');
    // PATH as a user's outside the repository: an installed xix (here a launcher of this one), the system's npm, no tsc
    const bin = path.join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, 'xix'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
    chmodSync(path.join(bin, 'xix'), 0o755);
    const npmRun = () => spawnSync('npm', ['run', '--silent', 'typecheck'], { cwd: folder, encoding: 'utf8', env: { HOME: dir, PATH: `${bin}:/usr/bin:/bin`, NO_COLOR: '1' } });
    const clean = npmRun();
    expect(clean.stderr).toBe('');
    expect(clean.stdout).toContain('types    ok (tsconfig.json)');
    expect(clean.status).toBe(0);
    writeFileSync(path.join(folder, 'bot.ts'), `${readFileSync(path.join(folder, 'bot.ts'), 'utf8')}\nconst wrong: number = 'nineteen';\nvoid wrong;\n`);
    const broken = npmRun();
    expect(broken.stdout).toMatch(/bot\.ts:\d+:7 error TS2322: Type 'string' is not assignable to type 'number'/);
    expect(broken.status).not.toBe(0);
  });

  it('never writes into an existing folder, and wants a sensible name', () => {
    runXix(dir, 'new-bot', 'taken');
    expectOneLineError(runXix(dir, 'new-bot', 'taken'), /^xix: taken already exists$/);
    expectOneLineError(runXix(dir, 'new-bot', '9lives'), /^xix: a bot name starts with a letter/);
  });

  it('--game 1923 starts from the 1923 template: its folder type-checks outside the repository against 1923\'s types, with 1923 scripts', () => {
    const made = runXix(dir, 'new-bot', 'drawer', '--game', '1923');
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('xix play --game 1923 bot.ts random random\n');
    const bot = path.join(dir, 'drawer', 'bot.ts');
    expect(readFileSync(bot, 'utf8')).toBe(readFileSync(path.join(SDK_DIR, 'templates', '1923', 'bot.ts'), 'utf8'));
    expect(made.stdout).toContain('xix check bot.ts --game 1923');
    const { scripts } = JSON.parse(readFileSync(path.join(dir, 'drawer', 'package.json'), 'utf8'));
    expect(scripts).toMatchObject({ check: 'xix check bot.ts --game 1923', play: 'xix play --game 1923 bot.ts random random' });
    // The check script, as npm would run it: the template is ready to upload.
    const [command, ...args] = (scripts.check as string).split(' ');
    expect(command).toBe('xix');
    const checked = runXix(path.join(dir, 'drawer'), ...args);
    expect(checked.stderr).toBe('');
    expect(checked.stdout).toContain('types    ok (tsconfig.json)');
    expect(checked.stdout).toContain('each deal from all 3 seats');
    expect(checked.stdout.trimEnd().split('\n').at(-1)).toBe('ready to upload');
    expect(checked.code).toBe(0);

    const clean = tsc(path.join(dir, 'drawer'));
    expect(clean.stdout).toBe('');
    expect(clean.code).toBe(0);

    // A XIX action is not a 1923 one (T16: hit or lock): the folder checks against 1923's types.
    writeFileSync(bot, `${readFileSync(bot, 'utf8')}\nimport { LOCK as lockAction } from '@xix/sdk';\nexport const notAnAction: typeof lockAction = { type: 'raise' };\n`);
    const broken = tsc(path.join(dir, 'drawer'));
    expect(broken.code).not.toBe(0);
    expect(broken.stdout).toMatch(/bot\.ts\(\d+,\d+\): error TS2322: Type '"raise"' is not assignable to type '"lock"'/);
  });

  it('keeps XIX the default and refuses a game it has no template for, making nothing', () => {
    runXix(dir, 'new-bot', 'plain');
    expect(readFileSync(path.join(dir, 'plain', 'bot.ts'), 'utf8')).toBe(readFileSync(path.join(SDK_DIR, 'templates', 'xix', 'bot.ts'), 'utf8'));
    expectOneLineError(runXix(dir, 'new-bot', 'chess-bot', '--game', 'chess'), new RegExp(`^xix: no bot template for a game "chess": --game is one of ${[...GAMES.keys()].join(', ')}$`));
    expect(existsSync(path.join(dir, 'chess-bot'))).toBe(false);
  });
});
