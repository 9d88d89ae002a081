/**
 * What the referee needs from a player, whatever runs it: a trusted bot in this process, or an
 * untrusted one in an isolated-vm sandbox. Players are synchronous so a whole match runs without
 * thread hops (the sandbox's fast path); isolation from crashes comes from running matches in a
 * process that a supervisor can kill, not from making each decision asynchronous.
 *
 * Failures are results, not exceptions (R12): a player reports how it failed and the referee
 * turns it into a forfeit.
 */
import type { ForfeitVerdict, GameResult, Seat } from '@xix/engine';

export interface PlayerFailure {
  readonly verdict: ForfeitVerdict;
  readonly message: string;
}

export type Decision =
  | {
      readonly ok: true;
      /** The bot's answer as plain data, not yet checked against the rules. */
      readonly action: unknown;
      /** Wall-clock and (where measured) CPU milliseconds of the decision. */
      readonly ms: number;
      readonly cpuMs?: number;
      /** What the bot logged during the decision (bounded by the player). */
      readonly logs?: string;
    }
  | ({ readonly ok: false; readonly ms: number; readonly cpuMs?: number; readonly logs?: string } & PlayerFailure);

export interface Player {
  readonly name: string;
  /**
   * Prepares for a game (per-game time bank, hooks); a failure forfeits the game at once. The
   * referee calls it right before the seat's first decision, so that the forfeit is the seat to
   * move's, as the replay format requires. `seed` is the bot's own seed for its randomness, never
   * the deal's (bot-seed.ts).
   */
  startGame(info: { readonly seat: Seat; readonly seed: number }): PlayerFailure | null;
  decide(view: unknown): Decision;
  /** Tells the bot the game is over; errors here cannot change the result and are ignored. */
  endGame(view: unknown, result: GameResult): void;
  /** Releases what the player holds (isolates, processes). */
  dispose(): void;
}
