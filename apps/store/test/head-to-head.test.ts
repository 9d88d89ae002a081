import { describe, expect, it } from 'vitest';
import { StoreInputError } from '../src/index.ts';
import type { MatchEntrant } from '../src/types.ts';
import { fakeReplay, match, ratedPair, upload } from './world.ts';
import { useWorld } from './use-world.ts';

let a: MatchEntrant;
let b: MatchEntrant;
let seriesId: string;
const world = useWorld(async (opened) => { ({ a, b, seriesId } = await ratedPair(opened)); });

describe('headToHead', () => {
  it("counts a bot's wins, losses and draws against each opponent from either seat, leaving out games against itself", async () => {
    const c = await upload(world.store, 'carol', 'three');
    const other = await world.store.createSeries({ game: 'xix', kind: 'challenge', rated: false, entrants: [c, a], deals: 1, seed: 2, requestedBy: 'carol' });
    const itself = await world.store.createSeries({ game: 'xix', kind: 'challenge', rated: false, entrants: [a, a], deals: 1, seed: 3, requestedBy: 'alice' });
    await world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0))); // a wins
    await world.store.recordMatch(match(seriesId, 1, [b, a], fakeReplay(0))); // b wins, a in seat 1
    await world.store.recordMatch(match(seriesId, 2, [a, b], fakeReplay(-1))); // nobody wins: both rank second
    await world.store.recordMatch(match(other, 0, [c, a], fakeReplay(1))); // a wins from seat 1
    await world.store.recordMatch(match(itself, 0, [a, a], fakeReplay(0)));

    expect(await world.store.headToHead(a.bot)).toEqual({
      bot: a.bot, matches: 5, complete: true,
      opponents: [
        { opponent: b.bot, name: 'two', games: 3, wins: 1, losses: 1, draws: 1 },
        { opponent: c.bot, name: 'three', games: 1, wins: 1, losses: 0, draws: 0 },
      ],
    });
    expect((await world.store.headToHead(b.bot)).opponents).toEqual([{ opponent: a.bot, name: 'one', games: 3, wins: 1, losses: 1, draws: 1 }]);
  });

  it('reads at most the given number of newest matches, and says when there are older ones', async () => {
    for (let index = 0; index < 3; index += 1) await world.store.recordMatch(match(seriesId, index, [a, b], fakeReplay(index === 0 ? 1 : 0)));
    const newest = await world.store.headToHead(a.bot, 2);
    expect(newest).toMatchObject({ matches: 2, complete: false });
    expect(newest.opponents).toEqual([{ opponent: b.bot, name: 'two', games: 2, wins: 2, losses: 0, draws: 0 }]);
    expect(await world.store.headToHead('b999')).toEqual({ bot: 'b999', matches: 0, complete: true, opponents: [] });
  });

  it('refuses a malformed bot id', async () => {
    await expect(world.store.headToHead('nope')).rejects.toThrow(StoreInputError);
  });
});
