/**
 * Captures what synchronous code writes to the console, so an in-process bot's logging goes to
 * its author (the referee's bot logs) instead of the terminal. Bounded: a chatty bot cannot
 * exhaust memory.
 */
export const MAX_LOG_CHARS = 8192;

const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

export type Captured<T> = { readonly ok: true; readonly value: T; readonly logs: string } | { readonly ok: false; readonly error: unknown; readonly logs: string };

export function captureConsole<T>(run: () => T): Captured<T> {
  const saved = METHODS.map((m) => console[m]);
  let logs = '';
  let truncated = false;
  const write = (...args: unknown[]): void => {
    if (truncated) return;
    logs += `${args.map(format).join(' ')}\n`;
    if (logs.length > MAX_LOG_CHARS) {
      logs = `${logs.slice(0, MAX_LOG_CHARS)}… (log truncated)\n`;
      truncated = true;
    }
  };
  for (const m of METHODS) console[m] = write;
  try {
    return { ok: true, value: run(), logs };
  } catch (error) {
    return { ok: false, error, logs };
  } finally {
    METHODS.forEach((m, i) => (console[m] = saved[i]!));
  }
}

function format(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
