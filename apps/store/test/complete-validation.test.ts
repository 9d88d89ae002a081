/**
 * completeValidation settles what the review found left open:
 * - a validation series that fails for an infrastructure reason (after its retries) will never be
 *   done: the version is rejected as unplayed (the platform's fault: upload again), with no failing
 *   match, instead of staying `validating` forever;
 * - probation is about a version: when a newer version passes its validation and becomes the
 *   bot's active version, the bot's probation (earned by the version that no longer plays) is
 *   cleared.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROBATION_MIN_GAMES } from '../src/index.ts';
import type { MatchEntrant } from '../src/types.ts';
import { fakeReplay, match, openWorld, upload, type World } from './world.ts';

let world: World;
let house: MatchEntrant;
beforeEach(async () => {
  world = await openWorld();
  house = await upload(world.store, 'house', 'random', 'active');
});
afterEach(async () => {
  await world.close();
});

async function validate(entrant: MatchEntrant): Promise<[string, string]> {
  const make = (opponent: MatchEntrant) =>
    world.store.createSeries({ game: 'xix', kind: 'validation', rated: false, entrants: [entrant, opponent], deals: 2, seed: 5, requestedBy: 'alice', validates: entrant });
  return [await make(entrant), await make(house)];
}

describe('completeValidation after a validation series failed', () => {
  it('rejects the version as unplayed, naming the failed series and no failing match', async () => {
    const bot = await upload(world.store, 'alice', 'unlucky', 'validating');
    const [self, vsHouse] = await validate(bot);
    await world.store.setSeriesStatus(self, 'failed', 'the sandbox could not finish series');
    expect(await world.store.completeValidation(self)).toBe('rejected');
    const version = await world.store.getVersion(bot.bot, 1);
    expect(version).toMatchObject({ state: 'rejected', verdict: 'unplayed', failingMatch: null });
    expect(version?.message).toContain(`validation series ${self} failed`);
    expect(version?.message).toContain("not your bot's fault");
    expect(version?.message).toContain('upload again');
    expect((await world.store.getBot(bot.bot))?.active).toBeNull();
    // final: the other series finishing cleanly later changes nothing
    await world.store.setSeriesStatus(vsHouse, 'done');
    expect(await world.store.completeValidation(vsHouse)).toBe('rejected');
  });

  it('blames the bot, not the platform, when it forfeited a validation game before a series failed', async () => {
    const bot = await upload(world.store, 'alice', 'thrower', 'validating');
    const [self, vsHouse] = await validate(bot);
    await world.store.recordMatch(match(vsHouse, 0, [bot, house], fakeReplay(1, { forfeitSeat: 0 }), { kind: 'validation', rated: false }));
    await world.store.setSeriesStatus(self, 'failed', 'redis went away');
    expect(await world.store.completeValidation(self)).toBe('rejected');
    expect(await world.store.getVersion(bot.bot, 1)).toMatchObject({ state: 'rejected', verdict: 'timeout', failingMatch: `${vsHouse}.0` });
  });

  it('leaves a version validating while its series are only queued or running', async () => {
    const bot = await upload(world.store, 'alice', 'patient', 'validating');
    const [self, vsHouse] = await validate(bot);
    await world.store.setSeriesStatus(self, 'running');
    expect(await world.store.completeValidation(vsHouse)).toBe('validating');
    expect(await world.store.getVersion(bot.bot, 1)).toMatchObject({ state: 'validating', verdict: null });
  });
});

/** Rated games in which `bot` forfeits every one: enough to put it on probation. */
async function forfeitEnough(bot: MatchEntrant): Promise<void> {
  const series = await world.store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants: [bot, house], deals: 50, seed: 1, requestedBy: 'alice' });
  for (let i = 0; i < PROBATION_MIN_GAMES; i++) {
    await world.store.recordMatch(match(series, i, [bot, house], fakeReplay(1, { forfeitSeat: 0 })));
  }
}

/** Plays both validation series of `bot` cleanly; returns what completeValidation said at the end. */
async function passValidation(bot: MatchEntrant): Promise<string> {
  const [self, vsHouse] = await validate(bot);
  let state = '';
  for (const [id, opponent] of [[self, bot], [vsHouse, house]] as const) {
    for (let i = 0; i < 4; i++) await world.store.recordMatch(match(id, i, [bot, opponent], fakeReplay(i % 2), { kind: 'validation', rated: false }));
    await world.store.setSeriesStatus(id, 'done');
    state = await world.store.completeValidation(id);
  }
  return state;
}

describe('probation', () => {
  it('is cleared when a new version becomes the active one', async () => {
    const v1 = await upload(world.store, 'alice', 'flaky', 'active');
    await forfeitEnough(v1);
    expect((await world.store.getBot(v1.bot))?.probation).toBe(`version 1 forfeited ${PROBATION_MIN_GAMES} of its last ${PROBATION_MIN_GAMES} rated games`);

    const v2 = await upload(world.store, 'alice', 'flaky', 'validating');
    expect(await passValidation(v2)).toBe('active');
    expect(await world.store.getBot(v1.bot)).toMatchObject({ active: 2, probation: null });
  });

  it('stays while the new version is still validating or was rejected', async () => {
    const v1 = await upload(world.store, 'alice', 'stubborn', 'active');
    await forfeitEnough(v1);
    const v2 = await upload(world.store, 'alice', 'stubborn', 'validating');
    const [, id] = await validate(v2);
    expect(await world.store.completeValidation(id)).toBe('validating');
    expect((await world.store.getBot(v1.bot))?.probation).not.toBeNull();
    await world.store.recordMatch(match(id, 0, [v2, house], fakeReplay(1, { forfeitSeat: 0 }), { kind: 'validation', rated: false }));
    expect(await world.store.completeValidation(id)).toBe('rejected');
    expect(await world.store.getBot(v1.bot)).toMatchObject({ active: 1, probation: expect.stringContaining('version 1 forfeited') });
  });

  it('can be earned again by the new version', async () => {
    const v1 = await upload(world.store, 'alice', 'relapse', 'active');
    await forfeitEnough(v1);
    const v2 = await upload(world.store, 'alice', 'relapse', 'validating');
    await passValidation(v2);
    await forfeitEnough(v2);
    expect((await world.store.getBot(v1.bot))?.probation).toBe(`version 2 forfeited ${PROBATION_MIN_GAMES} of its last ${PROBATION_MIN_GAMES} rated games`);
  });
});
