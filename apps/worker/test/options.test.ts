/**
 * Issue 16 items 1 and 3 through a real worker: a series plays at its stored table size with its
 * stored options (the replay's setup has them), and each match is stored with the variant its table
 * and options make, on that variant's leaderboard.
 */
import { parseReplay } from '@xix/engine';
import { describe, expect, it } from 'vitest';
import { closedAfterEach, finished, storeBot } from './helpers.ts';

const NIM_BOT = './fixtures/nim-first-legal.ts';

describe('a series with a table size and options', () => {
  const opened = closedAfterEach();

  it('plays its stored seats and options, and stores each match with its variant', async () => {
    const h = opened.harness();
    opened.worker(h);
    const entrants = [
      await storeBot(h.store, 'alice', 'one', NIM_BOT, 'active', 'nim'),
      await storeBot(h.store, 'bob', 'two', NIM_BOT, 'active', 'nim'),
      await storeBot(h.store, 'carol', 'three', NIM_BOT, 'active', 'nim'),
    ];
    const id = await h.enqueue({ game: 'nim', kind: 'tournament', rated: true, entrants, seats: 3, options: { stones: 7 }, deals: 1, seed: 5 });
    const series = await h.waitFor(id, finished);
    expect(series).toMatchObject({ status: 'done', games: 3, gamesDone: 3 });
    for (const index of [0, 1, 2]) {
      const replay = parseReplay(await h.store.getReplay(`${id}.${index}`));
      expect(replay.setup).toMatchObject({ seats: 3, stones: 7 });
      expect(await h.store.getMatch(`${id}.${index}`)).toMatchObject({ game: 'nim', variant: 'multi' });
    }
    expect((await h.store.leaderboard('nim', 'multi')).reduce((sum, row) => sum + row.games, 0)).toBe(9);
    expect(await h.store.leaderboard('nim', 'heads-up')).toEqual([]);
  });

  it('fails at once, without retries, when its options are not the game\'s', async () => {
    const h = opened.harness();
    opened.worker(h);
    const entrants = [await storeBot(h.store, 'alice', 'one', NIM_BOT, 'active', 'nim'), await storeBot(h.store, 'bob', 'two', NIM_BOT, 'active', 'nim')];
    const id = await h.enqueue({ game: 'nim', kind: 'challenge', rated: false, entrants, options: { stones: 3 }, deals: 1, seed: 5 });
    const series = await h.waitFor(id, finished);
    expect(series.status).toBe('failed');
    expect(series.error).toMatch(/cannot be played: option stones of nim takes a whole number from 5 to 60, not 3/);
  });
});
