/**
 * A series of our own trusted bots in this process (`--trusted`): faster, no limits. It plays deal
 * by deal and lets the event loop turn between deals, so Ctrl-C and --max-forfeits can stop it
 * (a trusted bot stuck in a loop still blocks the command: that is what the sandbox is for).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AnyGame } from '@xix/engine';
import { playSeries, type EntrantPlayers } from '@xix/referee';
import type { HostGame } from '@xix/sandbox';
import type { SeriesTable } from './pool-series.ts';

export interface TrustedSeriesOptions {
  readonly game: AnyGame;
  readonly table: SeriesTable;
  /** The bots' players for each seat rotation of a deal, one per bot and seat in each (R11: see playSeries). */
  readonly tables: readonly (readonly EntrantPlayers[])[];
  readonly seed: number;
  readonly deals: number;
  readonly onGame: (game: HostGame) => void;
  readonly signal: AbortSignal;
}

export async function playTrusted(options: TrustedSeriesOptions): Promise<void> {
  const [players, ...later] = options.tables;
  const bots = players?.length ?? 0;
  try {
    for (let deal = 0; deal < options.deals && !options.signal.aborted; deal++) {
      playSeries({
        game: options.game,
        games: bots,
        seed: options.seed + deal,
        // The table's `seats` and `options` (SeriesTable).
        ...options.table,
        players: players ?? [],
        rotationPlayers: later,
        onGame: (game) => {
          if (!options.signal.aborted) options.onGame({ ...game, index: deal * bots + game.index });
        },
      });
      await nextTurn();
    }
  } finally {
    for (const player of options.tables.flat(2)) player.dispose();
  }
}
