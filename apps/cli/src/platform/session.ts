/** The stored login and a client for it, for the commands that talk to the platform. */
import { orFail } from '../cli-error.ts';
import { createClient, type Client } from './client.ts';
import { readLogin, type Login } from './config.ts';

export interface Session {
  readonly login: Login;
  readonly client: Client;
}

/** The logged-in session, or a one-line failure saying to run xix login. */
export function session(): Session {
  const { login } = orFail(readLogin());
  return { login, client: createClient(login.url, login.token) };
}

/** The session if there is one: read-only commands work without a login too. */
export function optionalSession(): Session | null {
  const read = readLogin();
  return read.ok ? { login: read.login, client: createClient(read.login.url, read.login.token) } : null;
}
