/**
 * A series of our own trusted bots in this process (`--trusted`): faster, no limits. It plays deal
 * by deal and lets the event loop turn between deals, so Ctrl-C and --max-forfeits can stop it
 * (a trusted bot stuck in a loop still blocks the command: that is what the sandbox is for).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { xix } from '@xix/engine';
import { playSeries, type Player } from '@xix/referee';
import type { HostGame } from '@xix/sandbox';

export interface TrustedSeriesOptions {
  readonly players: readonly [Player, Player];
  /** The bots' players for the mirrored game of each deal (R11: see playSeries). */
  readonly mirrors: readonly [Player, Player];
  readonly seed: number;
  readonly deals: number;
  readonly onGame: (game: HostGame) => void;
  readonly signal: AbortSignal;
}

export async function playTrusted(options: TrustedSeriesOptions): Promise<void> {
  try {
    for (let deal = 0; deal < options.deals && !options.signal.aborted; deal++) {
      playSeries({
        game: xix,
        games: 2,
        seed: options.seed + deal,
        players: options.players,
        mirrorPlayers: options.mirrors,
        onGame: (game) => {
          if (!options.signal.aborted) options.onGame({ ...game, index: deal * 2 + game.index });
        },
      });
      await nextTurn();
    }
  } finally {
    for (const player of [...options.players, ...options.mirrors]) player.dispose();
  }
}
