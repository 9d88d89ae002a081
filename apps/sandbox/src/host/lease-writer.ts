/**
 * The host's side of the lease: before bot code runs, say on fd 4 whose code it is, until when
 * the host will be heard from again, and which moves of the game in play were applied since the
 * last line. Written synchronously, since the host's thread may not come back; a line is written
 * only when something changed (another bot, a new move, a lease about to run out), which in a
 * game is about once per decision.
 */
import { writeSync } from 'node:fs';
import { formatLease, leaseAction } from './protocol.ts';

/** How far past a call's own watchdog a lease reaches. */
const LEASE_EXTENSION_MS = 1000;
/** The bot index of a lease while the host runs its own code (the referee, IPC). */
const HOST_CODE = -1;

export interface LeaseWriter {
  /** The hook for bot `bot` (0 = A, 1 = B) of series `id`, for sandboxedPlayer's beforeCall. */
  hook(id: number, bot: number): (timeoutMs: number) => void;
  /** Game `game` of series `id` begins; the host's own code runs for up to `allowanceMs`. */
  beginGame(id: number, game: number, allowanceMs: number): void;
  /** The host's own code runs again (for up to `allowanceMs`), in the same game. */
  hostCode(allowanceMs: number): void;
  /** A bot answered `action`; it counts as played once the game goes on (`continues`). */
  propose(action: unknown): void;
  /** The game goes on, so the action proposed last was applied by the referee. */
  continues(): void;
}

export function createLeaseWriter(fd: number): LeaseWriter {
  let announcedId = -1;
  let announcedBot = HOST_CODE;
  let announcedUntil = 0;
  let game = 0;
  let moves = 0;
  /** The moves applied since the last line, each as `leaseAction(json)`. */
  let unsent = '';
  let proposed: unknown;
  let hasProposal = false;

  const write = (id: number, bot: number, until: number): void => {
    announcedId = id;
    announcedBot = bot;
    announcedUntil = until;
    writeSync(fd, formatLease(id, bot, until, game, moves, unsent));
    unsent = '';
  };

  return {
    hook: (id, bot) => (timeoutMs) => {
      const due = Date.now() + timeoutMs;
      if (id === announcedId && bot === announcedBot && due <= announcedUntil && unsent === '') return;
      write(id, bot, due + LEASE_EXTENSION_MS);
    },
    beginGame(id, index, allowanceMs) {
      game = index;
      moves = 0;
      unsent = '';
      hasProposal = false;
      write(id, HOST_CODE, Date.now() + allowanceMs);
    },
    hostCode(allowanceMs) {
      hasProposal = false;
      write(announcedId, HOST_CODE, Date.now() + allowanceMs);
    },
    propose(action) {
      proposed = action;
      hasProposal = true;
    },
    continues() {
      if (!hasProposal) return;
      hasProposal = false;
      // The referee accepted it, so it is plain data the engine read: it serialises.
      unsent += leaseAction(JSON.stringify(proposed));
      moves++;
    },
  };
}
