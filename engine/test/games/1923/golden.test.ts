/**
 * A golden playthrough: a fixed seed and fixed choices, every view along the way compared with the
 * stored ones (golden/playthrough-3-seats.json), so any change to what a seat, the public or a
 * spectator sees shows up as a diff. After an intended change, regenerate with
 * `UPDATE_GOLDEN=1 npx vitest run engine/test/nineteen-twenty-three/golden.test.ts` and review the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nineteenTwentyThree as game } from '../../../src/index.ts';
import { randomGame } from './script.ts';

const FILE = new URL('./golden/playthrough-3-seats.json', import.meta.url);
const SEATS = 3;

/** Per decision: who decided what, on which view, and the public view after it; then the end as every viewer sees it. */
function playthrough(): unknown[] {
  const entries: unknown[] = [{ setup: game.randomSetup(1923, SEATS) }];
  const end = randomGame(1923, 23, SEATS, ({ before, seat, action }, after) => {
    entries.push({ seat, action, view: game.view(before, seat), publicAfter: game.publicView(after) });
  });
  entries.push({ result: game.result(end), setupAtEnd: game.setupOf(end), spectator: game.spectatorView(end), views: Array.from({ length: SEATS }, (_, seat) => game.view(end, seat)) });
  return JSON.parse(JSON.stringify(entries));
}

describe('1923 golden playthrough', () => {
  it('gives exactly the stored views at every step of a fixed 3-seat game', () => {
    const entries = playthrough();
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(FILE, `[\n${entries.map((entry) => JSON.stringify(entry)).join(',\n')}\n]\n`);
    const stored = JSON.parse(readFileSync(FILE, 'utf8')) as unknown[];
    expect(entries.length).toBe(stored.length);
    entries.forEach((entry, i) => expect(entry, `entry ${i}`).toEqual(stored[i]));
  });
});
