/**
 * `xix check BOT [--game ID]`: one screen saying what is wrong (type errors as file:line:col,
 * compile and load errors, forfeits with their verdict, R12) or "ready to upload"; exit 0 only when
 * ready. A 1923 bot plays its validation games at 2 and 3 seats.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GAMES } from '@xix/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST, expectOneLineError, runXix, writeBot } from './test/run-xix.ts';

let dir: string;
const check = (...args: string[]) => runXix(dir, 'check', ...args, '--games', '2');
const lastLine = (text: string): string | undefined => text.trimEnd().split('\n').at(-1);

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'xix-check-'));
  writeBot(dir, 'first.ts', FIRST);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('xix check', () => {
  it('finds a good bot ready to upload, after type-checking it with strict defaults and playing validation games', () => {
    const run = runXix(dir, 'check', 'first.ts', '--games', '4');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('types    ok (strict defaults)');
    expect(run.stdout).toMatch(/compile {2}ok \(0\.\d kB of source\)/);
    expect(run.stdout).toContain('load     ok');
    expect(run.stdout).toMatch(/games {4}4 against random in the sandbox \(seed 1, each deal from both seats\): \d won, 0 forfeits/);
    expect(lastLine(run.stdout)).toBe('ready to upload');
    expect(run.code).toBe(0);
  });

  it('reports type errors as file:line:col, though the bot compiles and plays', () => {
    writeBot(dir, 'typo.ts', `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide: (view) => view.legalActions.at(0) });\n`);
    const run = check('typo.ts');
    expect(run.stdout).toMatch(/^ {6}typo\.ts:2:\d+ error TS2322: .*undefined/m);
    expect(run.stdout).toContain('load     ok');
    expect(lastLine(run.stdout)).toBe('not ready: 1 type error');
    expect(run.code).toBe(1);
  });

  it("uses the bot's own tsconfig.json when it has one", () => {
    const own = path.join(dir, 'own');
    mkdirSync(own);
    writeBot(own, 'bot.ts', `import { defineXixBot } from '@xix/sdk';\nconst unused = 19;\nexport default defineXixBot({ decide: (view) => view.legalActions[0]! });\n`);
    expect(runXix(own, 'check', 'bot.ts', '--games', '2').code).toBe(0);
    writeFileSync(path.join(own, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noUnusedLocals: true, module: 'preserve', moduleResolution: 'bundler', allowImportingTsExtensions: true, noEmit: true, types: [] } }));
    const run = runXix(own, 'check', 'bot.ts', '--games', '2');
    expect(run.stdout).toContain('(tsconfig.json):');
    expect(run.stdout).toMatch(/bot\.ts:2:7 error TS6133: 'unused' is declared but its value is never read/);
    expect(run.code).toBe(1);
  });

  it("issue 17 item 1: with its own laxer tsconfig.json, a bot is not ready when the platform's check of an upload finds type errors", () => {
    const lax = path.join(dir, 'lax');
    mkdirSync(lax);
    writeBot(lax, 'bot.ts', `import { defineXixBot } from '@xix/sdk';\nconst pick = (actions) => actions[0];\nexport default defineXixBot({ decide: (view) => pick(view.legalActions) });\n`);
    writeFileSync(path.join(lax, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: false, module: 'preserve', moduleResolution: 'bundler', noEmit: true, types: [] } }));
    const run = runXix(lax, 'check', 'bot.ts', '--games', '2');
    expect(run.stdout).toContain('types    ok (tsconfig.json)');
    expect(run.stdout).toMatch(/and 1 error that the platform's check of an upload finds \(strict defaults\):\n {6}bot\.ts:2:15 error TS7006: Parameter 'actions' implicitly has an 'any' type/);
    expect(lastLine(run.stdout)).toBe('not ready: 1 type error');
    expect(run.code).toBe(1);
  });

  it('issue 17 item 2: a bot may use performance.now() (the isolate\'s CPU time), and nothing the sandbox does not have', () => {
    writeBot(dir, 'timed.ts', `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide(view) { const start = performance.now(); while (performance.now() - start < 1); return view.legalActions[0]!; } });\n`);
    const timed = check('timed.ts');
    expect(timed.stdout).toContain('types    ok (strict defaults)');
    expect(lastLine(timed.stdout)).toBe('ready to upload');
    writeBot(dir, 'waits.ts', `import { defineXixBot } from '@xix/sdk';\nsetTimeout(() => performance.mark('x'), 1);\nexport default defineXixBot({ decide: (view) => view.legalActions[0]! });\n`);
    const waits = check('waits.ts');
    expect(waits.stdout).toMatch(/waits\.ts:2:1 error TS2304: Cannot find name 'setTimeout'/);
    expect(waits.stdout).toMatch(/waits\.ts:2:30 error TS2339: Property 'mark' does not exist on type 'Performance'/);
  });

  it('lists each forfeit with its verdict and message (R12)', () => {
    writeBot(dir, 'thrower.ts', `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide(view) { if (view.phase === 'strike') throw new Error('no idea'); return view.legalActions[0]!; } });\n`);
    const run = check('thrower.ts');
    expect(run.stdout).toMatch(/^ {6}game 1 \(seat 0, move \d+\): forfeited \(error\): .*no idea/m);
    expect(run.stdout).toMatch(/games .*: \d won, 2 forfeits/);
    expect(lastLine(run.stdout)).toBe('not ready: 2 forfeits');
    expect(run.code).toBe(1);
  });

  it('says when a bot does not compile or does not load, and stops there', () => {
    writeBot(dir, 'imports.ts', `import { readFileSync } from 'node:fs';\nexport default { decide: () => readFileSync('/etc/passwd') };\n`);
    const compile = check('imports.ts');
    expect(compile.stdout).toMatch(/compile {2}failed:\n {6}imports\.ts:1:\d+: error: Could not resolve "node:fs" \(a bot may import only @xix\/sdk\)/);
    expect(compile.stdout).not.toContain('games');
    expect(lastLine(compile.stdout)).toMatch(/^not ready: .*it does not compile$/);
    expect(compile.code).toBe(1);

    writeBot(dir, 'nobot.ts', `export default { name: 'no decide here' };\n`);
    const load = check('nobot.ts');
    expect(load.stdout).toMatch(/load {5}failed:\n {6}nobot\.ts is not a bot/);
    expect(lastLine(load.stdout)).toBe('not ready: it does not load');
    expect(load.code).toBe(1);
  });

  it('checks a JavaScript bot without type-checking it', () => {
    writeBot(dir, 'plain.js', `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide: (view) => view.legalActions[0] });\n`);
    const run = check('plain.js');
    expect(run.stdout).toContain('types    not checked: a JavaScript bot');
    expect(lastLine(run.stdout)).toBe('ready to upload');
    expect(run.code).toBe(0);
  });

  it('--game 1923 plays a good 1923 bot against 1923\'s random at 2 and 3 seats and finds it ready', () => {
    writeBot(dir, 'locker.ts', `import { defineNineteenTwentyThreeBot } from '@xix/sdk';\nexport default defineNineteenTwentyThreeBot({ decide: (view) => view.legalActions.at(-1)! });\n`);
    const run = runXix(dir, 'check', 'locker.ts', '--game', '1923', '--games', '6');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('types    ok (strict defaults)');
    expect(run.stdout).toMatch(/games {4}6 against random in the sandbox \(seed 1, each deal from both seats\): [\d.]+ won, 0 forfeits/);
    expect(run.stdout).toMatch(/games {4}6 against 2 random bots in the sandbox \(seed 1, each deal from all 3 seats\): [\d.]+ won, 0 forfeits/);
    expect(lastLine(run.stdout)).toBe('ready to upload');
    expect(run.code).toBe(0);
  });

  it('--game 1923 lists the forfeits of a 1923 bot that answers an illegal action, with their verdict (R12), at every table size', () => {
    writeBot(dir, 'folder.ts', `import { defineNineteenTwentyThreeBot } from '@xix/sdk';\nexport default defineNineteenTwentyThreeBot({ decide: () => ({ type: 'fold' }) as never });\n`);
    const run = runXix(dir, 'check', 'folder.ts', '--game', '1923', '--games', '6');
    expect(run.stdout).toMatch(/^ {6}game 1 \(seat 0, move \d+\): forfeited \(illegal\): .*fold/m);
    expect(run.stdout).toMatch(/each deal from both seats\): 0 won, 6 forfeits/);
    expect(run.stdout).toMatch(/each deal from all 3 seats\): 0 won, 6 forfeits/);
    expect(lastLine(run.stdout)).toBe('not ready: 12 forfeits');
    expect(run.code).toBe(1);
  });

  it('refuses a missing file or bad options in one line', () => {
    expectOneLineError(check('missing.ts'), /^xix: no such file: missing\.ts$/);
    expectOneLineError(runXix(dir, 'check', 'first.ts', '--games', '3'), /^xix: --games must be even/);
    expectOneLineError(runXix(dir, 'check', 'first.ts', '--game', '1923', '--games', '4'), /^xix: --games must be a multiple of 6 \(each deal is played once per seat rotation at 2 and 3 seats\)/);
    expectOneLineError(runXix(dir, 'check', 'first.ts', '--game', 'chess'), new RegExp(`^xix: --game must be one of ${[...GAMES.keys()].join(', ')}, got chess$`));
  });
});
