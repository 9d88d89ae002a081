/** What the benchmarks share besides /proc (proc-stats.ts): settings from the environment, the machine's load. */
import { loadavg } from 'node:os';

/** A positive integer from the environment variable `name`, or `fallback` when it is unset or empty. */
export function positiveFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${text}"`);
  return value;
}

/** As positiveFromEnv, and 0 as well. */
export function nonNegativeFromEnv(name: string, fallback: number): number {
  return process.env[name] === '0' ? 0 : positiveFromEnv(name, fallback);
}

/** The 1, 5 and 15 minute load averages, for a benchmark's lines. */
export const loadAverages = (): string => loadavg().map((x) => x.toFixed(2)).join(' ');
