/**
 * `node engine/bench/sixty-nine-hash.ts`: one SHA-256 over what 500 random 69 games (100 at each
 * of 2–6 seats) show through the public API: every legal-action list, a seat's, the spectator's
 * and the public view every 17th decision, and each game's final setupOf, result and seat-0 view.
 * A speed change to the engine must leave it unchanged (same lists in the same order, same views,
 * same replays): run it before and after.
 */
import { createHash } from 'node:crypto';
import { createRandom, sixtyNine as game } from '@xix/engine';

const hash = createHash('sha256');
for (let i = 0; i < 500; i++) {
  const state = game.start(game.randomSetup(7_000 + i, 2 + (i % 5)));
  const random = createRandom(i);
  for (let decision = 0; game.toMove(state) !== null; decision++) {
    const legal = game.legalActions(state);
    hash.update(JSON.stringify(legal));
    if (decision % 17 === 0) {
      hash.update(JSON.stringify(game.view(state, game.toMove(state)!)));
      hash.update(JSON.stringify(game.spectatorView(state)));
      hash.update(JSON.stringify(game.publicView(state)));
    }
    game.apply(state, legal[random.int(legal.length)]!);
  }
  hash.update(JSON.stringify(game.setupOf(state)));
  hash.update(JSON.stringify(game.result(state)));
  hash.update(JSON.stringify(game.view(state, 0)));
}
console.log(hash.digest('hex'));
