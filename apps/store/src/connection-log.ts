/**
 * How every process of the platform reports the troubles of its Redis connections (ioredis clients,
 * and BullMQ queues, workers and queue events, which pass their connections' errors on): one
 * structured line when an outage starts, then at most one line every `everyMs` with the count of
 * errors since, and one line when the connection is ready again. An ioredis client reconnecting to
 * a Redis that is down errs every attempt (several a second); unbounded, that drowns the log, and
 * a client with no 'error' listener at all prints `[ioredis] Unhandled error event` to stderr.
 */

/** What it logs with: pino's and fastify's loggers both fit. */
export interface ConnectionLogger {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/** An ioredis client, or a BullMQ object: it emits 'error', and 'ready' once connected (if it does). */
export interface ConnectionEvents {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
}

export interface ConnectionLogOptions {
  /** At most one line per this many ms while the errors go on; default 30 s. */
  readonly everyMs?: number;
  /**
   * What says the outage is over: the connection itself (default), or, for a BullMQ object that does
   * not say when it is ready again, the ioredis client it runs on.
   */
  readonly readyFrom?: Pick<ConnectionEvents, 'on'>;
  readonly now?: () => number;
}

export const CONNECTION_LOG_EVERY_MS = 30_000;

/**
 * Errors already logged: BullMQ passes its connection's errors on as they are (the same object), so
 * a queue or worker whose client is logged here too does not log each of them a second time.
 */
const logged = new WeakSet<Error>();

/**
 * Logs the errors of `connection` (named `name` in each line: 'store', 'queue', …) through `log`,
 * bounded as the module says. Attaching it is what keeps ioredis from printing them to stderr.
 */
export function logConnectionErrors(connection: ConnectionEvents, name: string, log: ConnectionLogger, options: ConnectionLogOptions = {}): void {
  const everyMs = options.everyMs ?? CONNECTION_LOG_EVERY_MS;
  const now = options.now ?? Date.now;
  /** When the outage began (its first error), or null while the connection is fine. */
  let since: number | null = null;
  let lastLine = 0;
  /** Errors since the last line, and in the whole outage. */
  let unreported = 0;
  let errors = 0;
  connection.on('error', (error: Error) => {
    if (logged.has(error)) return;
    if (typeof error === 'object' && error !== null) logged.add(error);
    const at = now();
    errors++;
    if (since === null) {
      since = at;
      lastLine = at;
      log.warn({ connection: name, err: error.message }, 'redis connection failing');
      return;
    }
    unreported++;
    if (at - lastLine < everyMs) return;
    log.warn({ connection: name, err: error.message, errors: unreported, downMs: at - since }, 'redis connection still failing');
    lastLine = at;
    unreported = 0;
  });
  (options.readyFrom ?? connection).on('ready', () => {
    if (since === null) return;
    log.info({ connection: name, errors, downMs: now() - since }, 'redis connection back');
    since = null;
    unreported = 0;
    errors = 0;
  });
}
