/**
 * GET /api/leaderboard/:game shows the current version's Elo and whether it is provisional, and
 * the OpenAPI document describes both.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROVISIONAL_GAMES, type MatchEntrant } from '@xix/store';
import { fakeReplay, match, upload } from '../../store/test/world.ts';
import { openApp, type TestApp } from './app.ts';

let t: TestApp;
let a: MatchEntrant;
let b: MatchEntrant;
beforeEach(async () => {
  t = await openApp();
  a = await upload(t.world.store, 'alice', 'one');
  b = await upload(t.world.store, 'bob', 'two');
});
afterEach(async () => { await t.close(); });

type Row = { bot: string; elo: number | null; provisional: boolean };
const rows = async (): Promise<Row[]> => (await t.call({ method: 'GET', url: '/api/leaderboard/xix' })).json<{ rows: Row[] }>().rows;

describe('GET /api/leaderboard/:game: provisional ratings', () => {
  it(`marks a version provisional until ${PROVISIONAL_GAMES} rated games, and a new version again, from the old rating`, async () => {
    const series = await t.world.store.createSeries({ game: 'xix', kind: 'ladder', rated: true, entrants: [a, b], deals: PROVISIONAL_GAMES, seed: 5, requestedBy: 'ladder' });
    // a wins the first (1500 → 1508), then they alternate
    for (let i = 0; i < PROVISIONAL_GAMES; i++) await t.world.store.recordMatch(match(series, i, i % 2 === 0 ? [a, b] : [b, a], fakeReplay(0), { kind: 'ladder' }));
    const settled = await rows();
    expect(settled.map((row) => row.provisional)).toEqual([false, false]);
    const before = settled.find((row) => row.bot === a.bot)!.elo;
    expect(before).not.toBe(1500);

    await upload(t.world.store, 'alice', 'one');
    expect((await rows()).find((row) => row.bot === a.bot)).toEqual(expect.objectContaining({ elo: before, provisional: true }));
  });

  it('documents provisional in the OpenAPI schema of a row', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { properties: { rows: { items: { required: string[]; properties: Record<string, { type: unknown }> } } } } }> }> }>> }>();
    const row = doc.paths['/api/leaderboard/{game}']!.get!.responses['200']!.content['application/json']!.schema.properties.rows.items;
    expect(row.properties.provisional).toMatchObject({ type: 'boolean' });
    expect(row.required).toEqual(expect.arrayContaining(['elo', 'provisional', 'bt']));
  });
});
