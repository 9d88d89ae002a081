/**
 * A Nineteen partnership series through a real worker (issue 18): two entrants at 4 seats, each
 * playing both seats of its side in isolates of their own (the sandbox's partner-leak bot finds no
 * way to its partner's cards, N21), the deal twice with the sides swapped; each game is stored
 * once with its entrants by seat, its seat logs apart, on the partnership leaderboard, and counts
 * as one game of each entrant.
 */
import { parseReplay, verifyReplay } from '@xix/engine';
import { describe, expect, it } from 'vitest';
import { finished, storeBot, workerForAll } from './helpers.ts';

const LEAKER = '../../sandbox/test/fixtures/partner-leak.ts';

describe('a Nineteen series of partnerships', () => {
  const w = workerForAll();

  it('plays both rotations of a deal, every seat its own isolate, and stores one game a side', async () => {
    const a = await storeBot(w.h.store, 'alice', 'leaker-a', LEAKER, 'active', 'nineteen');
    const b = await storeBot(w.h.store, 'bob', 'leaker-b', LEAKER, 'active', 'nineteen');
    const id = await w.h.enqueue({ game: 'nineteen', kind: 'challenge', rated: true, entrants: [a, b], seats: 4, deals: 1, seed: 9 });
    const series = await w.h.waitFor(id, finished);
    expect(series).toMatchObject({ status: 'done', games: 2, gamesDone: 2, error: null });
    const sides = [[a, b, a, b], [b, a, b, a]];
    for (const index of [0, 1]) {
      const match = await w.h.store.getMatch(`${id}.${index}`);
      expect(match).toMatchObject({ game: 'nineteen', variant: 'partners-4', forfeit: null });
      expect(match?.entrants.map((e) => e.bot)).toEqual(sides[index]!.map((e) => e.bot));
      const replay = parseReplay(await w.h.store.getReplay(`${id}.${index}`));
      expect(verifyReplay(replay)).toMatchObject({ ok: true });
      for (let seat = 0; seat < 4; seat++) {
        const log = (await w.h.store.getLogs(`${id}.${index}`, seat)) ?? '';
        expect(log).toContain(`seat ${seat}: read 11 channels, no other seat's cards`);
        expect(log).not.toMatch(/leak:|leak through/);
      }
    }
    for (const bot of [a, b]) expect((await w.h.store.getBot(bot.bot))?.record.games).toBe(2);
    expect((await w.h.store.ratings('nineteen', 'partners-4')).games).toBe(2);
  });
});
