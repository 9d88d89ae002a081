import { describe, expect, it } from 'vitest';
import { PROBATION_MIN_GAMES } from '../src/index.ts';
import type { MatchEntrant } from '../src/types.ts';
import { fakeReplay, match, upload } from './world.ts';
import { useWorld } from './use-world.ts';

let house: MatchEntrant;
const world = useWorld(async (opened) => { house = await upload(opened.store, 'house', 'random', 'active'); });

/** The two validation series of an upload: against itself and against the house bot. */
async function validate(entrant: MatchEntrant): Promise<[string, string]> {
  const make = (opponent: MatchEntrant) =>
    world.store.createSeries({ game: 'xix', kind: 'validation', rated: false, entrants: [entrant, opponent], deals: 2, seed: 5, requestedBy: 'alice', validates: entrant });
  return [await make(entrant), await make(house)];
}

async function playSeries(seriesId: string, entrants: readonly MatchEntrant[], forfeitAt?: { index: number; seat: number }): Promise<void> {
  for (let i = 0; i < 4; i++) {
    const forfeit = forfeitAt?.index === i ? forfeitAt.seat : undefined;
    const replay = forfeit === undefined ? fakeReplay(i % 2) : fakeReplay(1 - forfeit, { forfeitSeat: forfeit });
    await world.store.recordMatch(match(seriesId, i, entrants, replay, { kind: 'validation', rated: false }));
  }
  await world.store.setSeriesStatus(seriesId, 'done');
}

describe('completeValidation', () => {
  it('makes the version active once all its validation series are done without a forfeit', async () => {
    const bot = await upload(world.store, 'alice', 'good', 'validating');
    const [self, vsHouse] = await validate(bot);
    await playSeries(self, [bot, bot]);
    expect(await world.store.completeValidation(self)).toBe('validating');
    expect((await world.store.getBot(bot.bot))?.active).toBeNull();
    await playSeries(vsHouse, [bot, house]);
    expect(await world.store.completeValidation(vsHouse)).toBe('active');
    expect((await world.store.getBot(bot.bot))?.active).toBe(1);
    expect(await world.store.completeValidation(vsHouse)).toBe('active');
  });

  it('rejects the version at the first validation game it forfeited, naming that match', async () => {
    const bot = await upload(world.store, 'alice', 'bad', 'validating');
    const [self, vsHouse] = await validate(bot);
    await playSeries(self, [bot, bot]);
    await playSeries(vsHouse, [house, bot], { index: 2, seat: 1 });
    expect(await world.store.completeValidation(vsHouse)).toBe('rejected');
    expect(await world.store.getVersion(bot.bot, 1)).toMatchObject({ state: 'rejected', verdict: 'timeout', message: 'took too long', failingMatch: `${vsHouse}.2` });
    expect((await world.store.getBot(bot.bot))?.active).toBeNull();
    // the decision is final: the other series finishing changes nothing
    expect(await world.store.completeValidation(self)).toBe('rejected');
  });

  it('does not blame the version for the house bot forfeiting', async () => {
    const bot = await upload(world.store, 'alice', 'lucky', 'validating');
    const [self, vsHouse] = await validate(bot);
    await playSeries(self, [bot, bot]);
    await playSeries(vsHouse, [house, bot], { index: 0, seat: 0 });
    expect(await world.store.completeValidation(vsHouse)).toBe('active');
  });

  it('keeps the newest active version active when an older one finishes later', async () => {
    const v1 = await upload(world.store, 'alice', 'twice', 'validating');
    const v2 = await upload(world.store, 'alice', 'twice', 'validating');
    const [s2a, s2b] = await validate(v2);
    await playSeries(s2a, [v2, v2]);
    await playSeries(s2b, [v2, house]);
    expect(await world.store.completeValidation(s2b)).toBe('active');
    const [s1a, s1b] = await validate(v1);
    await playSeries(s1a, [v1, v1]);
    await playSeries(s1b, [v1, house]);
    expect(await world.store.completeValidation(s1b)).toBe('active');
    expect((await world.store.getBot(v1.bot))?.active).toBe(2);
  });

  it('refuses a series that validates nothing', async () => {
    const bot = await upload(world.store, 'alice', 'plain');
    const id = await world.store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants: [bot, house], deals: 1, seed: 1, requestedBy: 'alice' });
    await expect(world.store.completeValidation(id)).rejects.toThrow(/not a validation series/);
  });
});

describe('probation', () => {
  it('puts an active version on probation once it forfeits a tenth of its recent rated games', async () => {
    const flaky = await upload(world.store, 'alice', 'flaky', 'active');
    const series = await world.store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants: [flaky, house], deals: 50, seed: 1, requestedBy: 'alice' });
    // nine clean games, then one forfeit: 1 of 10 = 10%, at the minimum number of games
    for (let i = 0; i < PROBATION_MIN_GAMES - 1; i++) {
      await world.store.recordMatch(match(series, i, [flaky, house], fakeReplay(0)));
    }
    expect((await world.store.getBot(flaky.bot))?.probation).toBeNull();
    await world.store.recordMatch(match(series, 9, [flaky, house], fakeReplay(1, { forfeitSeat: 0 })));
    expect((await world.store.getBot(flaky.bot))?.probation).toBe('version 1 forfeited 1 of its last 10 rated games');
    expect((await world.store.getBot(house.bot))?.probation).toBeNull();
  });

  it('counts exactly a tenth as enough (3 of 30: whole-number arithmetic, no rounding)', async () => {
    const flaky = await upload(world.store, 'alice', 'thirty', 'active');
    const series = await world.store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants: [flaky, house], deals: 50, seed: 1, requestedBy: 'alice' });
    // the forfeits come last: 1 of 28 and 2 of 29 are under 10%, 3 of 30 is exactly 10%
    for (let i = 0; i < 30; i++) {
      const replay = i >= 27 ? fakeReplay(1, { forfeitSeat: 0 }) : fakeReplay(0);
      await world.store.recordMatch(match(series, i, [flaky, house], replay));
      if (i === 28) expect((await world.store.getBot(flaky.bot))?.probation).toBeNull();
    }
    expect((await world.store.getBot(flaky.bot))?.probation).toBe('version 1 forfeited 3 of its last 30 rated games');
  });

  it('does not judge a version on fewer than the minimum number of games', async () => {
    const flaky = await upload(world.store, 'alice', 'early', 'active');
    const series = await world.store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants: [flaky, house], deals: 50, seed: 1, requestedBy: 'alice' });
    for (let i = 0; i < PROBATION_MIN_GAMES - 1; i++) {
      await world.store.recordMatch(match(series, i, [flaky, house], fakeReplay(1, { forfeitSeat: 0 })));
    }
    expect((await world.store.getBot(flaky.bot))?.probation).toBeNull();
  });
});
