/**
 * In-process games for the SDK's tests, through the real referee (the one `xix play --trusted`
 * uses), so the tests play by the same rules as the command line.
 */
import { xix, type Forfeit, type GameResult } from '@xix/engine';
import { playMatch, playSeries, trustedPlayer, type SeriesSummary } from '@xix/referee';
import type { XixBot } from '../src/games/xix/bot.ts';

export interface PlayedGame {
  readonly result: GameResult;
  readonly forfeit: Forfeit | null;
  /** Every decision in order, without timings, so two runs of a deterministic game compare equal. */
  readonly moves: readonly { readonly seat: number; readonly action: unknown }[];
}

/** One game of deal `seed`; bots[i] sits in seat i. */
export function playGame(bots: readonly [XixBot, XixBot], seed: number): PlayedGame {
  const players = bots.map((bot, seat) => trustedPlayer(bot, `seat ${seat}`));
  const { replay } = playMatch({ game: xix, setup: xix.randomSetup(seed, 2), seed, players });
  return { result: replay.result, forfeit: replay.forfeit, moves: replay.moves.map(({ seat, action }) => ({ seat, action })) };
}

/** `deals` deals from `seed` on, each played twice with the seats swapped; figures are [a, b]. */
export function playMirrored(a: XixBot, b: XixBot, deals: number, seed: number): SeriesSummary {
  return playSeries({ game: xix, games: 2 * deals, seed, players: [trustedPlayer(a, 'a'), trustedPlayer(b, 'b')] });
}
