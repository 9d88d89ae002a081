/** `xix login URL --name NAME | --token TOKEN` and `xix logout`. */
import { fail, orFail } from '../cli-error.ts';
import { NAME_PATTERN, NAME_RULE } from './api-types.ts';
import { createClient } from './client.ts';
import { configFile, normalizeUrl, readLogin, removeLogin, writeLogin } from './config.ts';

export interface LoginOptions {
  readonly name?: string;
  readonly token?: string;
}


export async function login(address: string, options: LoginOptions): Promise<void> {
  const { url } = orFail(normalizeUrl(address));
  if ((options.name === undefined) === (options.token === undefined)) {
    fail('give either --name NAME (to register a new user) or --token TOKEN (an existing user\'s token)');
  }
  if (options.name !== undefined) {
    const name = options.name;
    if (!NAME_PATTERN.test(name)) fail(`--name must be ${NAME_RULE}; got ${JSON.stringify(name)}`);
    const reply = await createClient(url).request('POST', '/api/users', { body: { name } });
    const { token } = reply.body as { token?: unknown };
    if (typeof token !== 'string') fail(`the server at ${url} answered without a token`);
    const file = writeLogin({ url, token, name });
    console.log(`registered ${name} at ${url}; the token is saved in ${file}`);
    // The server shows a token once: print it, for logging in from another machine.
    console.log(`token (shown once, keep it secret): ${token}`);
    return;
  }
  const token = options.token!;
  const me = (await createClient(url, token).request('GET', '/api/me')).body as { name?: unknown; admin?: unknown };
  if (typeof me.name !== 'string') fail(`the server at ${url} did not say whose token this is`);
  const file = writeLogin({ url, token, name: me.name });
  console.log(`logged in to ${url} as ${me.name}${me.admin === true ? ' (admin)' : ''}; the token is saved in ${file}`);
}

export function logout(): void {
  const current = readLogin();
  if (!removeLogin()) {
    console.log('not logged in');
    return;
  }
  console.log(current.ok ? `logged out of ${current.login.url} (${current.login.name}); removed ${configFile()}` : `removed ${configFile()}`);
}
