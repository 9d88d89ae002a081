/**
 * Which server a platform command talks to, and with which login. Every platform command takes
 * `--server URL`; without it the server is XIX_SERVER, else the one of `xix login`. The saved token
 * goes to the server it was saved for and to no other: public reads (bots, matches, leaderboards,
 * tournaments) send no token at all, and commands that need a login (upload, challenge, fetch,
 * bots --mine) refuse a server the login is not for. A saved token the server refuses is said one
 * way everywhere (invalidTokenMessage).
 */
import { fail, orFail } from '../cli-error.ts';
import { createClient, type Client } from './client.ts';
import { normalizeUrl, readLogin, type Login } from './config.ts';

export interface ServerOption {
  /** --server URL: the server, instead of XIX_SERVER or the login's. */
  readonly server?: string;
}

export interface Session {
  readonly login: Login;
  readonly client: Client;
}

export const SERVER_HELP = 'the server (default: XIX_SERVER, else the one of xix login)';

/** The one line for a saved token the server refuses, whichever command meets it. */
export function invalidTokenMessage(url: string): string {
  return `your saved token for ${url} is not valid: run xix login ${url}`;
}

/** --server URL, else XIX_SERVER, else null. */
function givenServer(options: ServerOption): string | null {
  const given = options.server ?? (process.env.XIX_SERVER || undefined);
  return given === undefined ? null : orFail(normalizeUrl(given)).url;
}

/** The server of a command: --server, XIX_SERVER or the login's. */
export function serverUrl(options: ServerOption): string {
  const given = givenServer(options);
  if (given !== null) return given;
  const login = readLogin();
  if (login.ok) return orFail(normalizeUrl(login.login.url)).url;
  fail('which server? give --server URL, set XIX_SERVER, or log in with xix login URL');
}

/** A client without a token, for what anyone may read. */
export function publicClient(options: ServerOption): Client {
  return createClient(serverUrl(options));
}

/** The login for the command's server, and a client sending its token; a one-line failure without one. */
export function session(options: ServerOption = {}): Session {
  const { login } = orFail(readLogin());
  const saved = orFail(normalizeUrl(login.url)).url;
  const url = givenServer(options) ?? saved;
  if (url !== saved) fail(`you are logged in to ${saved}, not ${url}: run xix login ${url}`);
  return { login, client: createClient(url, login.token, { refusedToken: invalidTokenMessage(url) }) };
}

/** `xix logout --server URL`: the saved login is forgotten only when it is for that server. */
export function checkLogoutServer(options: ServerOption): void {
  const given = givenServer(options);
  const read = readLogin();
  if (given === null || !read.ok) return;
  const saved = orFail(normalizeUrl(read.login.url)).url;
  if (saved !== given) fail(`you are logged in to ${saved}, not ${given}: nothing was forgotten`);
}

/** The session, with its token checked by the server (GET /api/me): for a command that relies on who the login is. */
export async function checkedSession(options: ServerOption = {}): Promise<Session> {
  const current = session(options);
  await current.client.get('/api/me');
  return current;
}
