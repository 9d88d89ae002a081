/**
 * A golden random game at 4 seats with a Scramble rearrangement in it, stored as a replay
 * (golden/four-seats.json): it pins the deal, the pulls and the totals (§5) and every rule on the
 * way. After an intended change, regenerate with
 * `UPDATE_GOLDEN=1 npx vitest run engine/test/games/sixty-nine/golden.test.ts` and review the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createReplay, parseReplay, replayStates, sixtyNine as game, verifyReplay, type ReplayMove, type SixtyNineState } from '../../../src/index.ts';
import { randomPrefix } from './script.ts';

const FILE = new URL('./golden/four-seats.json', import.meta.url);
const SEATS = 4;
const SEED = 4;
const ACTIONS = 69;

describe('69 golden game at 4 seats', () => {
  it('re-plays the stored replay to the same end, with a rearrangement on the way', () => {
    const moves: ReplayMove[] = [];
    const end = randomPrefix(SEED, ACTIONS, SEATS, Infinity, ({ seat, action }) => moves.push({ seat, action: JSON.parse(JSON.stringify(action)) as unknown }));
    const replay = JSON.parse(JSON.stringify(createReplay(game, { seed: SEED, setup: game.setupOf(end), seats: ['random-0', 'random-1', 'random-2', 'random-3'], moves, forfeit: null, result: game.result(end)! })));
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(FILE, `${JSON.stringify(replay).replaceAll('},{"seat"', '},\n{"seat"').replaceAll('],[', '],\n[')}\n`);
    const stored = parseReplay(JSON.parse(readFileSync(FILE, 'utf8')));
    expect(replay).toEqual(stored);
    expect(verifyReplay(stored)).toMatchObject({ ok: true });
    const run = replayStates(game, stored);
    if (!run.ok) throw new Error(run.reason);
    const view = game.spectatorView(run.state as SixtyNineState);
    expect(view.rounds.some((round) => round.events.some((e) => e.type === 'rearrange'))).toBe(true);
    expect(view.result).toEqual(stored.result);
    expect(Math.max(...view.totals)).toBeGreaterThanOrEqual(69);
  });
});
