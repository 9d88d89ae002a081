/**
 * A 1923 upload over HTTP is validated against 1923's house random bot at two table sizes: a 2-seat
 * series (itself, random) and a 3-seat one (itself, random, random), each deal once per seat
 * rotation, played by a real worker. A good bot becomes active; one that throws is rejected with its
 * verdict (R12: an exception is a forfeit) and the match it failed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGameUploads, type GameUploads } from './game-uploads.ts';

let uploads: GameUploads;
let t: GameUploads['t'];
let random1923: string;
let upload: GameUploads['upload'];
let decided: GameUploads['decided'];
beforeAll(async () => {
  uploads = await openGameUploads('1923', 'defineNineteenTwentyThreeBot');
  ({ t, random: random1923, upload, decided } = uploads);
});
afterAll(async () => uploads?.close());

describe('a 1923 upload', () => {
  it('plays a 2-seat series against random and a 3-seat one against two randoms, and becomes active', async () => {
    const { bot, validation } = await upload('first-legal', 'return view.legalActions[0]!;');
    expect(validation).toHaveLength(2);
    const body = await decided(bot);
    expect(body).toMatchObject({ game: '1923', active: 1, versions: [{ version: 1, state: 'active', verdict: null, failingMatch: null }] });
    const series = await Promise.all(validation.map((id) => t.world.store.getSeries(id)));
    const self = { bot, version: 1 };
    const random = { bot: random1923, version: 1 };
    expect(series.map((s) => s?.entrants)).toEqual([[self, random], [self, random, random]]);
    // one deal each, once per seat rotation
    expect(series.map((s) => [s?.game, s?.kind, s?.status, s?.games, s?.gamesDone])).toEqual([
      ['1923', 'validation', 'done', 2, 2],
      ['1923', 'validation', 'done', 3, 3],
    ]);
  });

  it('that throws is rejected with its verdict and the match it failed in', async () => {
    const { bot, validation } = await upload('thrower', "throw new Error('no');");
    const body = await decided(bot);
    expect(body.active).toBeNull();
    expect(body.versions[0]).toMatchObject({ state: 'rejected', verdict: 'error' });
    expect(body.versions[0]?.failingMatch).toMatch(new RegExp(`^(${validation.join('|')})\\.\\d+$`));
  });
});
