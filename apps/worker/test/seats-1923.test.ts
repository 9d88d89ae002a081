/**
 * A series of three 1923 bots through a real worker: each deal is played once per seat rotation
 * (three games a deal), every game is stored once with its entrants by seat, its replay verifies
 * and its ranks are the engine's ranking (T-rulings: ties share a place). Live events name the
 * same seats as the stored match.
 */
import { parseReplay, verifyReplay } from '@xix/engine';
import { dealSeed, entrantInSeat } from '@xix/referee';
import { describe, expect, it } from 'vitest';
import { until } from '../../store/test/until.ts';
import { HEURISTIC_1923, RANDOM_1923, storeBot, finished, workerForAll } from './helpers.ts';

describe('a 3-entrant 1923 series', () => {
  const w = workerForAll();

  it('plays deals × 3 games, each stored once with its entrants by seat, replays that verify and the engine ranks', async () => {
    const entrants = [
      await storeBot(w.h.store, 'alice', 'heuristic', HEURISTIC_1923, 'active', '1923'),
      await storeBot(w.h.store, 'bob', 'random', RANDOM_1923, 'active', '1923'),
      await storeBot(w.h.store, 'carol', 'random', RANDOM_1923, 'active', '1923'),
    ];
    const names = ['heuristic', 'random', 'random'];
    const deals = 2;
    const seed = 23;
    const id = await w.h.enqueue({ game: '1923', kind: 'challenge', rated: false, entrants, deals, seed });
    const series = await w.h.waitFor(id, finished);
    expect(series).toMatchObject({ status: 'done', games: 6, gamesDone: 6, error: null });
    const indices = [0, 1, 2, 3, 4, 5];
    expect([...series.matches].sort()).toEqual(indices.map((i) => `${id}.${i}`).sort());

    const rotationsOfDeal = new Map<number, Set<string>>();
    for (const index of indices) {
      const match = await w.h.store.getMatch(`${id}.${index}`);
      const rotation = index % 3;
      // rotation r puts entrant i in seat (i + r) mod 3: entrant A sits in seat r
      expect(match?.entrants).toEqual([0, 1, 2].map((seat) => {
        const bot = entrantInSeat(seat, rotation, [[0], [1], [2]]);
        return { bot: entrants[bot]!.bot, version: 1, name: names[bot] };
      }));
      expect(match?.game).toBe('1923');
      const replay = parseReplay(await w.h.store.getReplay(`${id}.${index}`));
      expect(replay.game.id).toBe('1923');
      expect(replay.seats).toHaveLength(3);
      // deal i of the series: its secret seed (deal-seed.ts, issue 19), the same cards in each of its three rotations
      expect(series.dealKey).toMatch(/^[0-9a-f]{64}$/);
      expect(replay.seed).toBe(dealSeed(seed, Math.floor(index / 3), series.dealKey));
      expect(verifyReplay(replay)).toMatchObject({ ok: true });
      expect(replay.result.ranks).toHaveLength(3);
      expect(match?.ranks).toEqual(replay.result.ranks);
      // the live stream names the same seats as the stored match, and ends with its ranks
      const live = await until(`the end of ${id}.${index} live`, () => w.h.store.readLive(`${id}.${index}`), (entries) => entries.at(-1)?.event.type === 'end', { timeoutMs: 10_000, everyMs: 50 });
      expect(live[0]?.event).toMatchObject({ type: 'start', game: '1923', seats: match?.entrants });
      expect(live.at(-1)?.event).toMatchObject({ type: 'end', ranks: replay.result.ranks });
      const deal = Math.floor(index / 3);
      const setups = rotationsOfDeal.get(deal) ?? new Set<string>();
      // the deal: the setup but the lots each game drew (T9), which rotations of a deal need not share
      setups.add(JSON.stringify({ ...(replay.setup as object), lots: [] }));
      rotationsOfDeal.set(deal, setups);
    }
    // one setup per deal, two different deals
    expect([...rotationsOfDeal.values()].map((setups) => setups.size)).toEqual([1, 1]);
    expect(new Set([...rotationsOfDeal.values()].map((setups) => [...setups][0])).size).toBe(2);
    const job = await w.h.queue.getJob(id);
    expect(job?.returnvalue).toMatchObject({ played: 6, duplicates: 0, skippedDeals: 0, validation: null });
  });

  it('refuses a table the game does not seat (one entrant more than two for XIX) without retries', async () => {
    const entrants = [
      await storeBot(w.h.store, 'dave', 'random', '../../../sdk/examples/xix/random.ts'),
      await storeBot(w.h.store, 'erin', 'random', '../../../sdk/examples/xix/random.ts'),
      await storeBot(w.h.store, 'fred', 'random', '../../../sdk/examples/xix/random.ts'),
    ];
    const id = await w.h.enqueue({ kind: 'challenge', rated: false, entrants, deals: 1, seed: 1 });
    const series = await w.h.waitFor(id, finished);
    expect(series.status).toBe('failed');
    expect(series.error).toMatch(/cannot be played: xix is played by 2 entrants, not 3/);
    expect(series.matches).toEqual([]);
  });
});
