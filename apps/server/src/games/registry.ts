/**
 * The platform's per-game policies (games/<id>/), one line a game; a game without a line, or a
 * policy without a piece, gets the generic one (policy.ts).
 */
import type { AnyGame } from '@xix/engine';
import type { EntrantRef, ValidationTable } from '@xix/store';
import { GENERIC_BROADCAST, genericValidationTables, type BroadcastPolicy, type GamePolicy } from './policy.ts';
import { nineteenTwentyThreePolicy } from './1923/index.ts';
import { xixPolicy } from './xix/index.ts';

const POLICY_LIST: readonly GamePolicy[] = [
  xixPolicy,
  nineteenTwentyThreePolicy,
];

const POLICIES: ReadonlyMap<string, GamePolicy> = new Map(POLICY_LIST.map((policy) => [policy.game, policy]));

/** The tables a new version of `game` is validated at: the game's own plan, else the generic one. */
export function validationTables(game: AnyGame, random: EntrantRef): ValidationTable[] {
  return (POLICIES.get(game.id)?.validationTables ?? genericValidationTables)(game, random);
}

/** How games of `gameId` are broadcast: the game's own pieces over the generic ones. */
export function broadcastPolicy(gameId: string): BroadcastPolicy {
  return { ...GENERIC_BROADCAST, ...POLICIES.get(gameId)?.broadcast };
}
