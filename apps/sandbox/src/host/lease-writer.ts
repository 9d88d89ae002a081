/**
 * The host's side of the lease: before bot code runs, say on fd 4 whose code it is and until
 * when the host will be heard from again. Written synchronously, since the host's thread may
 * not come back; extended in steps so that most calls need no write at all.
 */
import { writeSync } from 'node:fs';
import { formatLease } from './protocol.ts';

/** How far past a call's own watchdog a lease reaches. */
const LEASE_EXTENSION_MS = 1000;

export interface LeaseWriter {
  /** The hook for bot `bot` (0 = A, 1 = B) of series `id`, for sandboxedPlayer's beforeCall. */
  hook(id: number, bot: number): (timeoutMs: number) => void;
}

export function createLeaseWriter(fd: number): LeaseWriter {
  let announcedId = -1;
  let announcedBot = -1;
  let announcedUntil = 0;
  return {
    hook: (id, bot) => (timeoutMs) => {
      const due = Date.now() + timeoutMs;
      if (id === announcedId && bot === announcedBot && due <= announcedUntil) return;
      announcedId = id;
      announcedBot = bot;
      announcedUntil = due + LEASE_EXTENSION_MS;
      writeSync(fd, formatLease(id, bot, announcedUntil));
    },
  };
}
