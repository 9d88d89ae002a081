/** CPU time and resident memory of processes, from Linux's /proc (benchmarks only). */
import { readFileSync, readdirSync } from 'node:fs';

/** USER_HZ: clock ticks a second in /proc/<pid>/stat on Linux. */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of one process; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The live child processes of a process. */
export function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** CPU seconds of a process and, apart, of its live children. */
export function cpuWithChildren(pid: number): { readonly own: number; readonly children: number } {
  return { own: cpuSeconds(pid), children: childPids(pid).reduce((sum, child) => sum + cpuSeconds(child), 0) };
}

/** Resident memory (bytes) of a process; 0 when it is gone. */
export function rssBytes(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line === undefined ? 0 : Number(line.split(/\s+/)[1]) * 1024;
  } catch {
    return 0;
  }
}
