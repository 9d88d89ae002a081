/**
 * What the supervisor and a sandbox host process say to each other. Jobs and results travel on
 * the IPC channel; the lease goes to its own file (fd 4, see lease-file.ts), written synchronously
 * by the host right before bot code runs, so the supervisor knows who is running and until when
 * even while the host's thread is blocked in that bot.
 */
import type { GameOptions } from '@xix/engine';
import type { MatchRecord } from '@xix/referee';
import type { SandboxLimits } from '../limits.ts';

export const LEASE_FD = 4;

export interface BotEntry {
  readonly name: string;
  /** Compiled code (compileBot). */
  readonly code: string;
}

/**
 * A series of E entrants at a table of `seats` seats: deal i (its seed from `seed + i` and
 * `dealKey`: the referee's deal-seed.ts) is played once per seat rotation (seat-rotation.ts), E
 * games per deal; for two entrants at two seats, the mirrored pair.
 */
export interface SeriesJob {
  readonly game: string;
  readonly seed: number;
  readonly deals: number;
  /** The entrants (A, B, ...): as many as a table of `seats` seats of the game seats. */
  readonly bots: readonly BotEntry[];
  /** Seats at the table; default the smallest table that seats `bots`. */
  readonly seats?: number;
  /** The game's options (resolved with the engine's resolveOptions); default the game's defaults. */
  readonly options?: GameOptions;
  readonly limits?: Partial<SandboxLimits>;
  /** The secret key of the bots' own seeds (referee bot-seed.ts); the pool draws one when absent. */
  readonly botSeedKey?: string;
  /** The secret key of the deals' seeds (referee deal-seed.ts); none: deal i's seed is `seed + i`. */
  readonly dealKey?: string;
}

/** Play the games of `job` from index `from` on (a series taken up again after its host died). */
export type ToHost = { readonly type: 'series'; readonly id: number; readonly job: SeriesJob; readonly from: number };

export interface HostGame {
  /** 0-based number of the game in the series. */
  readonly index: number;
  /** The game's rotation: entrant e played the seats of group (e + rotation) mod E (referee seat-rotation.ts). */
  readonly rotation: number;
  readonly record: MatchRecord;
}

export type FromHost =
  | { readonly type: 'ready' }
  | ({ readonly type: 'game'; readonly id: number } & HostGame)
  | { readonly type: 'done'; readonly id: number }
  | { readonly type: 'rejected'; readonly id: number; readonly message: string };

/**
 * A lease line: job id, bot index (0 = A, 1 = B, ...; -1 while the host runs its own code), the epoch
 * ms by which the host reports again, the index of the game in play, and how many moves of it
 * were applied; then, tab-separated, the JSON of the moves applied since the previous line (JSON
 * has no raw tab or newline), so that a host that dies leaves the moves of its game behind.
 */
export function formatLease(id: number, bot: number, deadline: number, game = 0, moves = 0, actions = ''): string {
  return `L ${id} ${bot} ${deadline} ${game} ${moves}${actions}\n`;
}

/** How `formatLease` joins the moves it carries: each one prefixed by a tab. */
export function leaseAction(json: string): string {
  return `\t${json}`;
}

export function formatCatastrophe(message: string): string {
  return `C ${message.replace(/\s+/g, ' ')}\n`;
}

/**
 * After a bot's isolate was stopped for its memory: the host's resident memory now (MiB). What
 * that isolate left behind must not count as the next bot's growth (the supervisor's balloon
 * check would blame whoever runs next), so this becomes the supervisor's baseline.
 */
export function formatRebaseline(rssMb: number): string {
  return `R ${Math.ceil(rssMb)}\n`;
}

export interface Lease {
  readonly type: 'lease';
  readonly id: number;
  readonly bot: number;
  readonly deadline: number;
  readonly game: number;
  readonly moves: number;
  /** The JSON of the moves applied since the previous lease line. */
  readonly actions: readonly string[];
}

export type LeaseLine = Lease | { readonly type: 'catastrophe'; readonly message: string } | { readonly type: 'rebaseline'; readonly rssMb: number };

export function parseLeaseLine(line: string): LeaseLine | null {
  if (line.startsWith('C ')) return { type: 'catastrophe', message: line.slice(2) };
  if (line.startsWith('R ')) {
    const rssMb = Number(line.slice(2));
    return Number.isSafeInteger(rssMb) && rssMb >= 0 ? { type: 'rebaseline', rssMb } : null;
  }
  const [head, ...actions] = line.split('\t');
  const [tag, ...fields] = (head ?? '').split(' ');
  if (tag !== 'L' || fields.length !== 5) return null;
  const [id, bot, deadline, game, moves] = fields.map(Number) as [number, number, number, number, number];
  if (![id, bot, deadline, game, moves].every(Number.isSafeInteger)) return null;
  return { type: 'lease', id, bot, deadline, game, moves, actions };
}
