/**
 * A host's player: the sandboxed player, telling the lease writer which moves were applied (so a
 * host that dies leaves the moves of its game behind), and holding back the bot's end-of-game
 * call until the game's record has left the host (so a bot that kills its host there cannot take
 * a finished game with it).
 */
import type { Player } from '@xix/referee';
import type { LeaseWriter } from './lease-writer.ts';

export function reportingPlayer(player: Player, lease: LeaseWriter, endGames: (() => void)[]): Player {
  return {
    name: player.name,
    startGame(info) {
      // The referee starts a seat right before its first decision: the game goes on.
      lease.continues();
      return player.startGame(info);
    },
    decide(view) {
      lease.continues();
      const decision = player.decide(view);
      if (decision.ok) lease.propose(decision.action);
      return decision;
    },
    endGame(view, result) {
      endGames.push(() => player.endGame(view, result));
    },
    dispose: () => player.dispose(),
  };
}
