/** Where the login is kept, and that only its user can read it. */
import { linkSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configDir, normalizeUrl, readLogin, removeLogin, writeLogin } from './config.ts';

const temps: string[] = [];
const temp = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'xix-config-'));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const LOGIN = { url: 'http://127.0.0.1:8019', token: 'secret-token', name: 'alice' };

describe('configDir', () => {
  it('prefers XIX_CONFIG_DIR, then $XDG_CONFIG_HOME/xix, then ~/.config/xix', () => {
    expect(configDir({ XIX_CONFIG_DIR: '/tmp/a', XDG_CONFIG_HOME: '/tmp/b' })).toBe('/tmp/a');
    expect(configDir({ XDG_CONFIG_HOME: '/tmp/b' })).toBe('/tmp/b/xix');
    expect(configDir({})).toBe(path.join(homedir(), '.config', 'xix'));
  });
});

describe('writeLogin and readLogin', () => {
  it('round-trips the login in a 0600 file inside a 0700 directory', () => {
    const env = { XIX_CONFIG_DIR: path.join(temp(), 'nested', 'xix') };
    const file = writeLogin(LOGIN, env);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readLogin(env)).toEqual({ ok: true, login: LOGIN });
  });

  it('tightens a file that was readable by others', () => {
    const env = { XIX_CONFIG_DIR: temp() };
    writeFileSync(path.join(env.XIX_CONFIG_DIR, 'config.json'), '{}', { mode: 0o644 });
    const file = writeLogin(LOGIN, env);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(LOGIN);
  });

  it('replaces an old file readable by others instead of writing the token into it, and leaves no temp file', () => {
    const env = { XIX_CONFIG_DIR: temp() };
    const file = path.join(env.XIX_CONFIG_DIR, 'config.json');
    writeFileSync(file, '{"old": true}', { mode: 0o644 });
    // A second name for the old file: whatever is written into that file shows through it.
    const old = path.join(temp(), 'old-config.json');
    linkSync(file, old);
    writeLogin(LOGIN, env);
    expect(readFileSync(old, 'utf8')).toBe('{"old": true}');
    expect(statSync(old).ino).not.toBe(statSync(file).ino);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(LOGIN);
    expect(readdirSync(env.XIX_CONFIG_DIR)).toEqual(['config.json']);
  });

  it('says to log in when there is no login, and when the file is damaged', () => {
    const env = { XIX_CONFIG_DIR: temp() };
    const none = readLogin(env);
    expect(none.ok === false && none.message).toMatch(/^not logged in: run xix login URL/);
    writeFileSync(path.join(env.XIX_CONFIG_DIR, 'config.json'), '{"url": 1');
    const broken = readLogin(env);
    expect(broken.ok === false && broken.message).toMatch(/is not JSON: run xix login again/);
    writeFileSync(path.join(env.XIX_CONFIG_DIR, 'config.json'), '{"url": "http://x"}');
    const partial = readLogin(env);
    expect(partial.ok === false && partial.message).toMatch(/lacks url, token or name/);
  });

  it('removeLogin forgets it, and reports whether there was one', () => {
    const env = { XIX_CONFIG_DIR: temp() };
    writeLogin(LOGIN, env);
    expect(removeLogin(env)).toBe(true);
    expect(readLogin(env).ok).toBe(false);
    expect(removeLogin(env)).toBe(false);
  });
});

describe('normalizeUrl', () => {
  it('adds http:// to a bare host and drops trailing slashes', () => {
    expect(normalizeUrl('127.0.0.1:8019')).toEqual({ ok: true, url: 'http://127.0.0.1:8019' });
    expect(normalizeUrl('https://arena.example/xix/')).toEqual({ ok: true, url: 'https://arena.example/xix' });
  });

  it('issue 17 item 5: drops the API\'s own /api, so that a login URL ending in /api does not make /api/api/users', () => {
    expect(normalizeUrl('http://127.0.0.1:8019/api')).toEqual({ ok: true, url: 'http://127.0.0.1:8019' });
    expect(normalizeUrl('http://127.0.0.1:8019/api/')).toEqual({ ok: true, url: 'http://127.0.0.1:8019' });
    expect(normalizeUrl('https://arena.example/xix/api')).toEqual({ ok: true, url: 'https://arena.example/xix' });
    expect(normalizeUrl('https://arena.example/apiary')).toEqual({ ok: true, url: 'https://arena.example/apiary' });
  });

  it('refuses what is not an http(s) address', () => {
    expect(normalizeUrl('ftp://host').ok).toBe(false);
    expect(normalizeUrl('http://').ok).toBe(false);
  });
});
