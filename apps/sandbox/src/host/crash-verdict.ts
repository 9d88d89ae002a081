/**
 * What a dead sandbox host means for the bot it was running. A host runs one series at a time
 * and its lease names the bot whose code was running, so a crash during a bot call is that
 * bot's doing; the process's last words (stderr) and how it ended tell which verdict.
 */
import type { ForfeitVerdict } from '@xix/engine';

export interface DeadHost {
  /** The supervisor killed it: it broke its lease (stopped answering). */
  readonly stalled: boolean;
  readonly signal: NodeJS.Signals | null;
  readonly code: number | null;
  /** The last few KiB the host wrote to stderr. */
  readonly stderr: string;
  /** isolated-vm's onCatastrophicError message, if there was one. */
  readonly catastrophe: string | null;
  /** How much the host's resident memory had grown when it was killed, MiB (null: unknown). */
  readonly grewMb: number | null;
  /** The memory limit of the bots' isolates, MiB. */
  readonly memoryMb: number;
}

const HEAP_TROUBLE = /out of memory|heap limit|Mark-Compact|last resort|allocation failed|OOM/i;
const STALL_GROWTH = 4;
const CRASH_SIGNALS = new Set(['SIGSEGV', 'SIGABRT', 'SIGBUS', 'SIGTRAP', 'SIGILL']);

export function crashVerdict(death: DeadHost): { readonly verdict: ForfeitVerdict; readonly message: string } {
  const how = death.signal ?? `exit code ${death.code}`;
  if (death.catastrophe !== null) {
    const verdict = /terminate/i.test(death.catastrophe) ? 'timeout' : 'memory';
    return { verdict, message: `isolated-vm lost control of the bot's isolate (${death.catastrophe}); its sandbox host was ended` };
  }
  if (HEAP_TROUBLE.test(death.stderr)) {
    // V8's fatal out-of-memory handler can hang instead of exiting: the supervisor kills the host.
    const end = death.stalled ? 'V8 found its sandbox host out of memory, and the host was killed from outside' : `it brought down its sandbox host (${how})`;
    return { verdict: 'memory', message: `the bot exhausted memory: ${end}` };
  }
  // A stalled host that grew far past what isolated-vm lets an isolate overshoot (2-3× its
  // limit, per its README) was stuck allocating, not computing.
  if (death.stalled && death.grewMb !== null && death.grewMb > STALL_GROWTH * death.memoryMb) {
    return { verdict: 'memory', message: `the bot's memory grew past its limit (${Math.round(death.grewMb)} MiB) until its isolate stopped answering; its sandbox host was killed from outside` };
  }
  if (death.stalled) return { verdict: 'timeout', message: 'the bot stopped answering past every watchdog; its sandbox host was killed from outside' };
  if (death.signal !== null && CRASH_SIGNALS.has(death.signal)) {
    return { verdict: 'memory', message: `the sandbox host crashed (${how}) while the bot was running, most likely from memory exhaustion` };
  }
  return { verdict: 'error', message: `the sandbox host died (${how}) while the bot was running` };
}
