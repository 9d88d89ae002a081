/**
 * A series played the way the platform plays it: in sandbox host processes under the supervisor
 * (createSandboxPool), never in this process, so a bot that blows up its memory or hangs costs a
 * forfeit (the supervisor kills and replaces its host) and this command stays small and alive.
 * `jobs` hosts play sub-series of whole deals side by side; each sub-series starts at its own deal
 * seed and all use the same bot-seed key, so the games are those of the series played in one.
 */
import type { GameOptions } from '@xix/engine';
import { LOCAL_BOT_SEED_KEY } from '@xix/referee';
import { createSandboxPool, type BotEntry, type HostGame, type SeriesOutcome } from '@xix/sandbox';

/**
 * The table of a series as `xix play` checked it at the door: its size (the smallest that seats the
 * bots) and the game's resolved options, handed to the referee's series and the sandbox's job as
 * their `seats` and `options`.
 */
export interface SeriesTable {
  readonly seats: number;
  readonly options: GameOptions;
}

export interface PoolSeriesOptions {
  /** The game's id. */
  readonly game: string;
  readonly table: SeriesTable;
  /** One bot per seat: each deal is played once per seat rotation, `bots.length` games. */
  readonly bots: readonly BotEntry[];
  readonly seed: number;
  readonly deals: number;
  /** Host processes, each playing one sub-series. */
  readonly jobs: number;
  /** Each game as it arrives: in order within a sub-series, interleaved across them. */
  readonly onGame: (game: HostGame) => void;
  /** Aborting stops the series: the hosts are killed and no game is reported after it. */
  readonly signal: AbortSignal;
}

/** Why a series did not deliver its games: an infrastructure failure, never a bot's doing. */
export type PoolSeriesEnd = { readonly ok: true } | { readonly ok: false; readonly message: string };

export interface DealRange {
  readonly firstDeal: number;
  readonly deals: number;
}

/** `deals` split into at most `parts` contiguous runs of whole deals, sizes differing by at most one. */
export function splitDeals(deals: number, parts: number): DealRange[] {
  const count = Math.max(1, Math.min(parts, deals));
  const ranges: DealRange[] = [];
  let firstDeal = 0;
  for (let i = 0; i < count; i++) {
    const size = Math.floor(deals / count) + (i < deals % count ? 1 : 0);
    ranges.push({ firstDeal, deals: size });
    firstDeal += size;
  }
  return ranges;
}

export async function playInPool(options: PoolSeriesOptions): Promise<PoolSeriesEnd> {
  const { signal } = options;
  const ranges = splitDeals(options.deals, options.jobs);
  const pool = createSandboxPool({ hosts: ranges.length });
  let failure: unknown = null;
  const stop = (): void => void pool.close();
  signal.addEventListener('abort', stop, { once: true });
  const consume = (range: DealRange) => (game: HostGame): void => {
    if (signal.aborted || failure !== null) return;
    try {
      options.onGame({ ...game, index: range.firstDeal * options.bots.length + game.index });
    } catch (error) {
      // Thrown inside the pool's message handler: keep it for the caller, stop the series.
      failure = error;
      stop();
    }
  };
  const run = (range: DealRange): Promise<SeriesOutcome> =>
    pool
      .runSeries({ game: options.game, seed: options.seed + range.firstDeal, deals: range.deals, bots: options.bots, botSeedKey: LOCAL_BOT_SEED_KEY, ...options.table }, consume(range))
      .catch((error: unknown): SeriesOutcome => ({ ok: false, games: [], hostDeaths: [], error: error instanceof Error ? error.message : String(error) }));
  try {
    const outcomes = await Promise.all(ranges.map(run));
    if (failure !== null) throw failure;
    if (signal.aborted) return { ok: true };
    for (const outcome of outcomes) {
      if (!outcome.ok) return { ok: false, message: `the sandbox failed: ${outcome.error}` };
    }
    return { ok: true };
  } finally {
    signal.removeEventListener('abort', stop);
    await pool.close();
  }
}
