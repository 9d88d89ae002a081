/**
 * Where `xix login` keeps the server address and the token: one JSON file in the user's config
 * directory, readable by the user alone (the token is a password). XIX_CONFIG_DIR overrides the
 * directory (tests), else $XDG_CONFIG_HOME/xix, else ~/.config/xix.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { CliError } from '../cli-error.ts';

export interface Login {
  /** The server's base address, without a trailing slash, e.g. http://127.0.0.1:8019. */
  readonly url: string;
  readonly token: string;
  /** The user name the token belongs to (from GET /api/me). */
  readonly name: string;
}

export type ReadLogin = { readonly ok: true; readonly login: Login } | { readonly ok: false; readonly message: string };

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XIX_CONFIG_DIR) return path.resolve(env.XIX_CONFIG_DIR);
  const base = env.XDG_CONFIG_HOME ? env.XDG_CONFIG_HOME : path.join(homedir(), '.config');
  return path.join(path.resolve(base), 'xix');
}

export const configFile = (env: NodeJS.ProcessEnv = process.env): string => path.join(configDir(env), 'config.json');

export function readLogin(env: NodeJS.ProcessEnv = process.env): ReadLogin {
  const file = configFile(env);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: false, message: 'not logged in: run xix login URL --name NAME (new user) or xix login URL --token TOKEN' };
    return { ok: false, message: `cannot read ${file}: ${(error as Error).message}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: `${file} is not JSON: run xix login again` };
  }
  const v = value as Partial<Record<keyof Login, unknown>> | null;
  if (typeof v !== 'object' || v === null || typeof v.url !== 'string' || typeof v.token !== 'string' || typeof v.name !== 'string') {
    return { ok: false, message: `${file} lacks url, token or name: run xix login again` };
  }
  return { ok: true, login: { url: v.url, token: v.token, name: v.name } };
}

/**
 * Writes the login with mode 0600 in a 0700 directory (tightened if it existed). The text goes to
 * a new 0600 file that is then renamed over the old one: an old file readable by others is
 * replaced, never rewritten, so it does not hold the new token even for a moment.
 */
export function writeLogin(login: Login, env: NodeJS.ProcessEnv = process.env): string {
  const dir = configDir(env);
  const file = configFile(env);
  const temp = path.join(dir, `.config.json.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    writeFileSync(temp, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new CliError(`cannot save the login in ${file}: ${(error as Error).message}`);
  }
  return file;
}

/** Forgets the login; true when there was one. */
export function removeLogin(env: NodeJS.ProcessEnv = process.env): boolean {
  const file = configFile(env);
  try {
    readFileSync(file);
  } catch {
    return false;
  }
  rmSync(file, { force: true });
  return true;
}

/**
 * A server address as typed by the user, checked, without a trailing slash and without the API's
 * own `/api` (issue 17 item 5: `xix login http://host:8019/api` is the server at http://host:8019,
 * whose routes all start with /api).
 */
export function normalizeUrl(text: string): { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string } {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    return { ok: false, message: `not a server address: ${text} (e.g. http://127.0.0.1:8019)` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: `the server address must be http:// or https://, got ${text}` };
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/api$/, '')}` };
}
