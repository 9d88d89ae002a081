/**
 * XIX's platform policy: a new version also plays a series against itself first (a mirror of its
 * own play, which shows a bot that breaks on its own positions), then the generic tables.
 */
import { genericValidationTables, type GamePolicy } from '../policy.ts';

export const xixPolicy: GamePolicy = {
  game: 'xix',
  validationTables: (game, random) => [{ seats: 2, opponents: [] }, ...genericValidationTables(game, random)],
};
