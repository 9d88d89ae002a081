/** Resident memory of processes, for the supervisor's watchdog and the tests and benchmarks that check it. */
import { readFileSync } from 'node:fs';

/** Resident set size of a process from /proc (Linux), MiB; null where it cannot be read (gone, or not Linux). */
export function readRssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? null : Number(match[1]) / 1024;
  } catch {
    return null;
  }
}
