/**
 * Scenario 11 (N16): a golden random game at 4 seats that reaches hand 100 and stops right after it
 * with the N16 result, stored as a replay (golden/cap-4-seats.json). It also pins the deal: the
 * setup drawn from the seed, with the moves, must give exactly the stored decks and scores (§5).
 * After an intended change, regenerate with
 * `UPDATE_GOLDEN=1 npx vitest run engine/test/games/nineteen/golden.test.ts` and review the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createReplay, nineteen as game, parseReplay, replayStates, verifyReplay, type NineteenState, type ReplayMove } from '../../../src/index.ts';
import { randomPrefix } from './script.ts';

const FILE = new URL('./golden/cap-4-seats.json', import.meta.url);
const SEATS = 4;
/** The first deal seed from 1 whose random game (actions from seed 19) reaches the cap. */
const SEED = 1;
const ACTIONS = 19;

function play(): { end: NineteenState; moves: ReplayMove[] } {
  const moves: ReplayMove[] = [];
  const end = randomPrefix(SEED, ACTIONS, SEATS, {}, Infinity, ({ seat, action }) => moves.push({ seat, action: JSON.parse(JSON.stringify(action)) as unknown }));
  return { end, moves };
}

describe('Nineteen golden game at the cap (scenario 11, N16)', () => {
  it('re-plays the stored replay to hand 100 and stops right after it with the top score winning', () => {
    const { end, moves } = play();
    const replay = JSON.parse(JSON.stringify(createReplay(game, { seed: SEED, setup: game.setupOf(end), seats: ['random-0', 'random-1', 'random-2', 'random-3'], moves, forfeit: null, result: game.result(end)! })));
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(FILE, `${JSON.stringify(replay).replaceAll('},{"seat"', '},\n{"seat"').replaceAll('],[', '],\n[')}\n`); // a move, a deck, a score list a line
    const stored = parseReplay(JSON.parse(readFileSync(FILE, 'utf8')));
    expect(replay).toEqual(stored);
    expect(verifyReplay(stored)).toMatchObject({ ok: true });
    const run = replayStates(game, stored);
    if (!run.ok) throw new Error(run.reason);
    const state = run.state as NineteenState;
    expect(state.hand).toBe(100);
    expect(state.past).toHaveLength(100);
    expect(game.toMove(state)).toBeNull();
    const result = game.result(state)!;
    expect(result.reason).toMatch(/^hand-limit/);
    // Nobody went out: no score reached 19 at the end of any hand (N14 would have ended the game).
    expect(game.publicView(state).hands.every((record) => record.scores!.every((score) => score < 19))).toBe(true);
    const top = Math.max(...result.points);
    expect(result.ranks).toEqual(result.points.map((points) => (points === top ? 1 : 2)));
  });
});
