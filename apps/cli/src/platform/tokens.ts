/**
 * `xix tokens` (list, new, revoke ID), `xix login --rotate` and the server side of `xix logout`:
 * a user's tokens on the platform (docs/api.md "Tokens"). The server lists ids, never tokens; a
 * new token is shown once; a user always keeps one (revoking the last would lock the account).
 */
import { CliError, fail } from '../cli-error.ts';
import { table } from '../format.ts';
import { createClient } from './client.ts';
import { configFile, normalizeUrl, readLogin, removeLogin, writeLogin } from './config.ts';
import { session, type ServerOption } from './session.ts';

interface TokenInfo {
  readonly id: string;
  readonly createdAt: number;
  readonly current: boolean;
}

interface IssuedToken {
  readonly id: string;
  readonly token: string;
}

const TOKEN_ID = /^[0-9a-f]{12}$/;
const when = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function issued(body: unknown, what: string): IssuedToken {
  const { id, token } = (body ?? {}) as Partial<Record<keyof IssuedToken, unknown>>;
  if (typeof id !== 'string' || typeof token !== 'string') fail(`the server answered ${what} without a token`);
  return { id, token };
}

export async function tokensList(options: ServerOption = {}): Promise<void> {
  const { client, login } = session(options);
  const { tokens } = await client.get<{ tokens: TokenInfo[] }>('/api/tokens');
  console.log(table([['token', 'made', ''], ...tokens.map((t) => [t.id, when(t.createdAt), t.current ? 'this login' : ''])]));
  console.log(`${tokens.length} active token${tokens.length === 1 ? '' : 's'} of ${login.name} at ${login.url}; revoke one with xix tokens revoke ID`);
}

export async function tokensNew(options: ServerOption = {}): Promise<void> {
  const { client, login } = session(options);
  const made = issued((await client.request('POST', '/api/tokens')).body, 'POST /api/tokens');
  console.log(`a new token ${made.id} for ${login.name} at ${login.url} (shown once, keep it secret; log in elsewhere with XIX_TOKEN=... xix login ${login.url}):`);
  console.log(made.token);
}

export async function tokensRevoke(id: string, options: ServerOption = {}): Promise<void> {
  if (!TOKEN_ID.test(id)) fail(`ID must be a token id as xix tokens lists it (12 hex digits), got ${JSON.stringify(id)}`);
  const { client, login } = session(options);
  await client.request('DELETE', `/api/tokens/${id}`);
  console.log(`revoked token ${id} of ${login.name} at ${login.url}: it no longer works`);
}

/** `xix login [URL] --rotate`: a new token in place of the saved one, which stops working. */
export async function rotateLogin(address: string | undefined): Promise<void> {
  const { login } = session();
  if (address !== undefined) {
    const url = normalizeUrl(address);
    if (url.ok && url.url !== login.url) fail(`you are logged in to ${login.url}, not ${url.url}: --rotate replaces the saved login's token`);
  }
  const made = issued((await createClient(login.url, login.token).request('POST', '/api/tokens/rotate')).body, 'POST /api/tokens/rotate');
  const file = writeLogin({ ...login, token: made.token });
  console.log(`rotated the token of ${login.name} at ${login.url}: the old one no longer works; the new one (${made.id}) is saved in ${file}`);
}

/**
 * `xix logout`: revokes the saved token on the server, then forgets it; `--local` only forgets
 * it (the token keeps working: for a server that is gone, or a token kept elsewhere too).
 */
export async function logout(options: { readonly local?: boolean } = {}): Promise<void> {
  const current = readLogin();
  if (!current.ok || options.local === true) {
    if (!removeLogin()) return console.log('not logged in');
    return console.log(current.ok
      ? `logged out of ${current.login.url} (${current.login.name}) here only: the token was not revoked and still works; removed ${configFile()}`
      : `removed ${configFile()}`);
  }
  const { url, token, name } = current.login;
  let status: number;
  try {
    status = (await createClient(url, token).request('DELETE', '/api/tokens/current', { accept: [401, 409] })).status;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    fail(`not logged out: ${error.message}; the token is still saved and works (xix logout --local forgets it without revoking it)`);
  }
  if (status === 409) fail(`not logged out: this is ${name}'s only token, and revoking it would lock the account; replace it with xix login --rotate, or forget it here without revoking it with xix logout --local`);
  removeLogin();
  const revoked = status === 401 ? 'the server no longer accepted the token' : 'the token is revoked on the server';
  console.log(`logged out of ${url} (${name}): ${revoked}; removed ${configFile()}`);
}
