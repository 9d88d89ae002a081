/**
 * `xix login URL --name NAME | --token TOKEN`, and `xix login --rotate` (tokens.ts; so is `xix
 * logout`). A token on the command line shows in `ps` and in the shell's history, so it may come
 * instead from XIX_TOKEN or, with `--token -`, from standard input.
 */
import { fail, orFail } from '../cli-error.ts';
import { NAME_PATTERN, NAME_RULE } from './api-types.ts';
import { createClient } from './client.ts';
import { normalizeUrl, writeLogin } from './config.ts';
import { rotateLogin } from './tokens.ts';

export interface LoginOptions {
  readonly name?: string;
  readonly token?: string;
  /** Replace the saved login's token by a new one (tokens.ts). */
  readonly rotate?: boolean;
}

export const TOKEN_ENV = 'XIX_TOKEN';
/** What an HTTP header can carry: printable ASCII, no spaces. */
const TOKEN_PATTERN = /^[\x21-\x7e]+$/;

export async function login(address: string | undefined, options: LoginOptions): Promise<void> {
  if (options.rotate === true) {
    if (options.name !== undefined || options.token !== undefined) fail('--rotate replaces the saved login\'s token: give no --name or --token with it');
    return rotateLogin(address);
  }
  if (address === undefined) fail('give the server: xix login URL (or xix login --rotate for a new token in place of the saved one)');
  const { url } = orFail(normalizeUrl(address));
  if (options.name !== undefined && options.token !== undefined) fail('give either --name NAME (to register a new user) or --token TOKEN (an existing user\'s token), not both');
  if (options.name !== undefined) return register(url, options.name);
  const token = await givenToken(options.token);
  const me = (await createClient(url, token).request('GET', '/api/me')).body as { name?: unknown; admin?: unknown };
  if (typeof me.name !== 'string') fail(`the server at ${url} did not say whose token this is`);
  const file = writeLogin({ url, token, name: me.name });
  console.log(`logged in to ${url} as ${me.name}${me.admin === true ? ' (admin)' : ''}; the token is saved in ${file}`);
}

async function register(url: string, name: string): Promise<void> {
  if (!NAME_PATTERN.test(name)) fail(`--name must be ${NAME_RULE}; got ${JSON.stringify(name)}`);
  const reply = await createClient(url).request('POST', '/api/users', { body: { name } });
  const { token } = reply.body as { token?: unknown };
  if (typeof token !== 'string') fail(`the server at ${url} answered without a token`);
  const file = writeLogin({ url, token, name });
  console.log(`registered ${name} at ${url}; the token is saved in ${file}`);
  // The server shows a token once: print it, for logging in from another machine.
  console.log(`token (shown once, keep it secret): ${token}`);
}

/** The token from --token TOKEN, --token - (standard input) or XIX_TOKEN, checked. */
async function givenToken(option: string | undefined): Promise<string> {
  const env = process.env[TOKEN_ENV];
  let token: string;
  let from: string;
  if (option === '-') [token, from] = [await firstLineOfStdin(), 'standard input (--token -)'];
  else if (option !== undefined) [token, from] = [option, '--token'];
  else if (env !== undefined && env !== '') [token, from] = [env.trim(), TOKEN_ENV];
  else return fail(`give --name NAME (to register a new user), or an existing user's token: in ${TOKEN_ENV}, on standard input with --token -, or as --token TOKEN`);
  if (token === '') fail(`no token in ${from}`);
  if (!TOKEN_PATTERN.test(token)) fail(`the token in ${from} has spaces or characters a token never has`);
  return token;
}

/** One line (a pipe, a file, or pasted at a terminal), without its line end. */
async function firstLineOfStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('token (then Enter): ');
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split('\n')[0]!.trim();
}
