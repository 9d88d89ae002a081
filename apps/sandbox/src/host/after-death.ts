/**
 * What a dead host means for the series it was playing, decided from what the supervisor saw:
 * its last lease, the moves its lease lines carried, and how it ended. In a bot's code the game
 * in play is that bot's forfeit (or, in its end-of-game call, stands as played); outside any
 * bot's code the game is played again, until that has happened too often.
 */
import type { ForfeitVerdict } from '@xix/engine';
import { crashVerdict, type DeadHost } from './crash-verdict.ts';
import { botLetter, forfeitRecord } from './forfeit-record.ts';
import type { HostGame, Lease, SeriesJob } from './protocol.ts';

/** Hosts that may die outside any bot's code on one game before the series is given up. */
export const MAX_STRAY_DEATHS = 3;

/** A host that died in a bot's code while it played a series. */
export interface HostDeath {
  /** The game in play (its index in the series). */
  readonly game: number;
  /** The bot (0 = A, 1 = B, ...) whose code was running. */
  readonly bot: number;
  readonly verdict: ForfeitVerdict;
  readonly message: string;
  /**
   * True: the game became the bot's forfeit (its replay says so). False: the host died in the
   * bot's end-of-game call, after the game's record had arrived, so the game stands as played.
   */
  readonly forfeited: boolean;
}

export interface DeathFacts {
  readonly job: SeriesJob;
  /** The next game the series needs (the games before it have arrived). */
  readonly next: number;
  /** Hosts already dead outside bot code on that game. */
  readonly strayDeaths: number;
  /** The host's last lease line of this series, if any. */
  readonly lease: Lease | null;
  /** The moves of the lease's game as its lines carried them; null when lines were lost. */
  readonly moves: readonly string[] | null;
  readonly end: DeadHost;
}

export type AfterDeath =
  | { readonly kind: 'forfeit'; readonly game: HostGame; readonly death: HostDeath }
  | { readonly kind: 'stands'; readonly death: HostDeath }
  | { readonly kind: 'retry'; readonly message: string }
  | { readonly kind: 'give-up'; readonly message: string };

export function afterDeath(facts: DeathFacts): AfterDeath {
  const { job, next, lease, end } = facts;
  const how = end.signal ?? `exit code ${end.code}`;
  let stray = `the sandbox host died (${how}) outside any bot's code`;
  if (lease !== null && lease.bot >= 0 && lease.bot < job.bots.length) {
    const bot = lease.bot;
    const verdict = crashVerdict(end);
    if (lease.game < next) return { kind: 'stands', death: { game: lease.game, bot, ...verdict, forfeited: false } };
    const record = lease.game !== next ? 'the lease names a later game' : facts.moves === null ? 'its lease lines were lost' : forfeitRecord(job, next, bot, facts.moves, verdict);
    if (typeof record !== 'string') return { kind: 'forfeit', game: record, death: { game: next, bot, ...verdict, forfeited: true } };
    stray = `the sandbox host died (${how}) in bot ${botLetter(bot)}'s code, but game ${next} cannot be rebuilt: ${record}`;
  }
  const deaths = facts.strayDeaths + 1;
  return deaths >= MAX_STRAY_DEATHS ? { kind: 'give-up', message: `${stray} (${deaths} times on game ${next})` } : { kind: 'retry', message: stray };
}
