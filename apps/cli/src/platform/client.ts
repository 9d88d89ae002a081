/**
 * The platform's HTTP API as the `xix` command uses it. Every failure becomes one clear line
 * (a CliError): the server unreachable, a token refused (run xix login), the server's own message
 * for a 4xx, an answer that is not JSON. Statuses a command handles itself (e.g. 422 compile
 * errors) are passed through with `accept`.
 */
import { CliError } from '../cli-error.ts';

export interface Reply {
  readonly status: number;
  readonly body: unknown;
}

export interface RequestOptions {
  readonly body?: unknown;
  /** Non-2xx statuses the caller handles itself; they are returned instead of failing. */
  readonly accept?: readonly number[];
  readonly query?: Readonly<Record<string, string | number | undefined>>;
}

export interface Client {
  readonly url: string;
  request(method: 'GET' | 'POST' | 'DELETE', route: string, options?: RequestOptions): Promise<Reply>;
  /** GET and the body of a 2xx answer. */
  get<T>(route: string, query?: RequestOptions['query']): Promise<T>;
}

/** Long enough for an upload on a busy server, short enough that a stuck one does not hang the command. */
const TIMEOUT_MS = 30_000;

export interface ClientOptions {
  /** What to say when the server refuses the token (401): default, to log in again. */
  readonly refusedToken?: string;
}

export function createClient(url: string, token?: string, clientOptions: ClientOptions = {}): Client {
  const request = async (method: 'GET' | 'POST' | 'DELETE', route: string, options: RequestOptions = {}): Promise<Reply> => {
    const address = new URL(`${url}${route}`);
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) address.searchParams.set(key, String(value));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(address, {
        method,
        headers,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
      });
    } catch (error) {
      throw new CliError(`cannot reach the server at ${url} (${networkReason(error)})`);
    }
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        throw new CliError(`the server at ${url} answered ${method} ${route} with ${response.status} and no JSON: is ${url} an XIX Arena server?`);
      }
    }
    if (response.ok || options.accept?.includes(response.status)) return { status: response.status, body };
    if (response.status === 401 && token !== undefined && clientOptions.refusedToken !== undefined) throw new CliError(clientOptions.refusedToken);
    throw new CliError(failureMessage(response.status, body, token !== undefined));
  };
  return {
    url,
    request,
    async get<T>(route: string, query?: RequestOptions['query']): Promise<T> {
      return (await request('GET', route, query === undefined ? {} : { query })).body as T;
    },
  };
}

/** The one line for a refused request: 401 says what to do, others carry the server's message. */
export function failureMessage(status: number, body: unknown, sentToken: boolean): string {
  const { error, message } = (typeof body === 'object' && body !== null ? body : {}) as { error?: unknown; message?: unknown };
  const said = typeof message === 'string' && message !== '' ? message : typeof error === 'string' ? error : `HTTP ${status}`;
  if (status === 401) return sentToken ? `the server refused your token (${said}): run xix login again` : `this needs a login: run xix login URL first (${said})`;
  if (status === 429) return `rate limited by the server: ${said}`;
  if (status >= 500) return `the server failed (${status}): ${said}`;
  return `${said} (${status}${typeof error === 'string' ? ` ${error}` : ''})`;
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if ((error as Error).name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  return typeof cause?.message === 'string' ? cause.message : (error as Error).message;
}
