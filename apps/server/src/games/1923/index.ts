/**
 * 1923's platform policy: its broadcast's score line is the cards each seat has won so far (its
 * pile, face up), since its public view has no score field for the generic line to read.
 */
import type { NineteenTwentyThreePublicView } from '@xix/engine';
import type { GamePolicy } from '../policy.ts';

export const nineteenTwentyThreePolicy: GamePolicy = {
  game: '1923',
  broadcast: {
    score: (view) => {
      const players = (view as Partial<NineteenTwentyThreePublicView> | null)?.players;
      return Array.isArray(players) && players.length > 0 ? players.map((player) => player.pile.length).join('–') : null;
    },
  },
};
