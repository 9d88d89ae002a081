/**
 * A Nineteen upload over HTTP is validated at the smallest table of each style (issue 18): heads up
 * (2 seats: itself, random-nineteen), cut-throat (3 seats: itself and two randoms) and partnerships
 * (4 seats: itself at both seats of a side, random-nineteen at the other side's), each deal once per
 * seat rotation, played by a real worker. A bot that fails only as a partner is rejected there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGameUploads, type GameUploads } from './game-uploads.ts';

let uploads: GameUploads;
let t: GameUploads['t'];
let random: string;
let upload: GameUploads['upload'];
let decided: GameUploads['decided'];
beforeAll(async () => {
  uploads = await openGameUploads('nineteen', 'defineNineteenBot', 90_000);
  ({ t, random, upload, decided } = uploads);
});
afterAll(async () => uploads?.close());

describe('a Nineteen upload', () => {
  it('plays heads up, cut-throat and partnerships against random, and becomes active', async () => {
    const { bot, validation } = await upload('first-legal', 'return view.legalActions[0]!;');
    expect(validation).toHaveLength(3);
    const body = await decided(bot);
    expect(body).toMatchObject({ game: 'nineteen', active: 1, versions: [{ version: 1, state: 'active', verdict: null, failingMatch: null }] });
    const series = await Promise.all(validation.map((id) => t.world.store.getSeries(id)));
    const self = { bot, version: 1 };
    const house = { bot: random, version: 1 };
    expect(series.map((s) => [s?.seats, s?.entrants])).toEqual([[2, [self, house]], [3, [self, house, house]], [4, [self, house]]]);
    // one deal each, once per seat rotation: at 4 seats the deal twice, sides swapped
    expect(series.map((s) => [s?.kind, s?.status, s?.games, s?.gamesDone])).toEqual([['validation', 'done', 2, 2], ['validation', 'done', 3, 3], ['validation', 'done', 2, 2]]);
  });

  it('that fails only as a partner (a seat of two at 4 seats) is rejected at the partnership table', async () => {
    const { bot, validation } = await upload('bad-partner', "if (view.seats === 4 && view.seat >= 2) throw new Error('no'); return view.legalActions[0]!;");
    const body = await decided(bot);
    expect(body.active).toBeNull();
    expect(body.versions[0]).toMatchObject({ state: 'rejected', verdict: 'error' });
    expect(body.versions[0]?.failingMatch).toMatch(new RegExp(`^${validation[2]}\\.\\d+$`));
  });
});
