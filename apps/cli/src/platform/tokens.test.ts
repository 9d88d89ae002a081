/**
 * Issue 23, item 1, from the command line: `xix tokens` (list, new, revoke), `xix login --rotate`
 * and `xix logout`, which revokes the token on the server. Against a real server (the platform's
 * routes on a test Redis prefix, on a free port); the commands run in this process with their
 * output captured, and two runs of the real `xix` check the wiring.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenId } from '@xix/store';
import { openApp, type TestApp } from '../../../server/test/app.ts';
import { CliError } from '../cli-error.ts';
import { runXixAsync } from '../test/fake-platform.ts';
import { readLogin, writeLogin } from './config.ts';
import { login } from './login.ts';
import { logout, tokensList, tokensNew, tokensRevoke } from './tokens.ts';

let t: TestApp;
let url: string;
let dir: string;
let configDir: string;
let printed: string[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'xix-tokens-cli-'));
  t = await openApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

let users = 0;
/** A new user logged in here (a fresh config folder), with its registration token. */
async function loggedIn(): Promise<{ name: string; token: string }> {
  const name = `user${++users}`;
  const token = await t.register(name);
  configDir = path.join(dir, name);
  vi.stubEnv('XIX_CONFIG_DIR', configDir);
  writeLogin({ url, token, name });
  return { name, token };
}

beforeEach(() => {
  printed = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void printed.push(parts.join(' ')));
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const works = async (token: string) => (await t.call({ method: 'GET', url: '/api/me', token })).statusCode === 200;
const saved = () => { const read = readLogin(); return read.ok ? read.login.token : null; };

describe('issue 23 item 1: xix tokens, xix login --rotate, xix logout', () => {
  it('item 1: xix tokens new prints a token once; xix tokens lists ids only; xix tokens revoke kills one', async () => {
    const { token } = await loggedIn();
    await tokensNew();
    const made = printed[1]!;
    expect(printed[0]).toMatch(new RegExp(`^a new token ${tokenId(made)} for user\\d+ at ${url} \\(shown once`));
    expect(await works(made)).toBe(true);
    expect(saved()).toBe(token);

    printed = [];
    await tokensList();
    const listing = printed.join('\n');
    expect(listing).toMatch(new RegExp(`^${tokenId(token)} .* UTC  this login$`, 'm'));
    expect(listing).toMatch(new RegExp(`^${tokenId(made)} .* UTC$`, 'm'));
    expect(listing).not.toContain(token);
    expect(listing).not.toContain(made);

    await tokensRevoke(tokenId(made));
    expect(await works(made)).toBe(false);
    await expect(tokensRevoke('nope')).rejects.toThrow(/^ID must be a token id/);
  });

  it('item 1: xix login --rotate saves a new token; the old one stops working', async () => {
    const { token } = await loggedIn();
    await login(undefined, { rotate: true });
    const rotated = saved();
    expect(rotated).not.toBe(token);
    expect(await works(token)).toBe(false);
    expect(await works(rotated!)).toBe(true);
    expect(printed[0]).toMatch(/^rotated the token of user\d+ at .*: the old one no longer works; the new one \([0-9a-f]{12}\) is saved in /);
    await expect(login(undefined, { rotate: true, name: 'x' })).rejects.toThrow(/give no --name or --token/);
  });

  it('item 1: xix logout revokes the token on the server, and will not revoke the last one', async () => {
    const { name, token } = await loggedIn();
    await expect(logout()).rejects.toThrow(new CliError(`not logged out: this is ${name}'s only token, and revoking it would lock the account; replace it with xix login --rotate, or forget it here without revoking it with xix logout --local`));
    expect(saved()).toBe(token);
    expect(await works(token)).toBe(true);

    await tokensNew();
    await logout();
    expect(await works(token)).toBe(false);
    expect(saved()).toBeNull();
    expect(printed.at(-1)).toMatch(new RegExp(`^logged out of ${url} \\(${name}\\): the token is revoked on the server; removed `));
  });

  it('item 1: the real xix lists tokens and rotates', async () => {
    const { token } = await loggedIn();
    const env = { XIX_CONFIG_DIR: configDir, XIX_TOKEN: '' };
    const listed = await runXixAsync({ cwd: dir, env }, 'tokens');
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toContain(`${tokenId(token)}`);
    const rotated = await runXixAsync({ cwd: dir, env }, 'login', '--rotate');
    expect(rotated.stderr).toBe('');
    expect(rotated.code).toBe(0);
    expect(await works(token)).toBe(false);
    const after = readLogin({ XIX_CONFIG_DIR: configDir });
    expect(after.ok && await works(after.login.token)).toBe(true);
  });
});
