/**
 * bench:deals (issue 19): what the deal-publicity check costs a match list. Every list page, match
 * page and replay asks `unpublishedMatches` which of its matches' deals are still secret; this
 * times that check beside its rival measured in the same run, the page read it guards
 * (`listMatches`, a page of 100), for a challenge series and for the largest round robin (64
 * entrants: 2,016 pairings) at three stages: no pairing started, the last 16 running after the
 * tournament was settled (what the worker does), and the same never settled (the full scan a
 * tournament stored before issue 19 falls back to). On the shared Redis, under a prefix of its own.
 *
 *   npm run bench:deals
 */
import { defaultGame } from '@xix/engine';
import type { MatchEntrant } from '../src/index.ts';
import { fakeReplay, match, openWorld, upload, type World } from '../test/world.ts';

const REPEAT = 300;
/** Any game does: the check reads series and deals, not rules. */
const GAME = defaultGame().id;

async function perCall(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 30; i++) await run();
  const start = performance.now();
  for (let i = 0; i < REPEAT; i++) await run();
  return (performance.now() - start) / REPEAT;
}

async function report(w: World, label: string, query: Parameters<World['store']['listMatches']>[0]): Promise<void> {
  const ids = (await w.store.listMatches(query)).matches.map((m) => m.id);
  const list = await perCall(() => w.store.listMatches(query));
  const check = await perCall(() => w.store.unpublishedMatches(ids));
  console.log(`| ${label} | ${ids.length} | ${list.toFixed(2)} ms | ${check.toFixed(2)} ms | ${(check / list).toFixed(2)} |`);
}

const w = await openWorld();
try {
  console.log('| page | matches | listMatches (rival) | unpublishedMatches | ratio |\n|---|---|---|---|---|');
  const bots: MatchEntrant[] = [];
  for (let i = 0; i < 64; i++) bots.push(await upload(w.store, 'dave', `bot-${i}`));
  const challenge = await w.store.createSeries({ game: GAME, kind: 'challenge', rated: false, entrants: bots.slice(0, 2), deals: 50, seed: 1, requestedBy: 'dave' });
  for (let i = 0; i < 100; i++) await w.store.recordMatch(match(challenge, i, i % 2 === 0 ? bots.slice(0, 2) : bots.slice(0, 2).reverse(), fakeReplay(i % 2)));
  await w.store.setSeriesStatus(challenge, 'running');
  await report(w, 'a challenge series, running', { series: challenge, limit: 100 });

  const { tournament, series } = await w.store.createTournament({ game: GAME, entrants: bots.map(({ bot, version }) => ({ bot, version })), dealsPerPairing: 2, seats: 2, createdBy: 'admin' });
  const seated = await Promise.all(series.slice(0, 50).map(async (id) => (await w.store.getSeries(id))!.entrants.map((e) => bots.find((b) => b.bot === e.bot)!)));
  for (const [k, id] of series.slice(0, 50).entries()) {
    for (let i = 0; i < 2; i++) await w.store.recordMatch(match(id, i, i === 0 ? seated[k]! : [...seated[k]!].reverse(), fakeReplay(i), { kind: 'tournament' }));
  }
  const page = { game: GAME, limit: 100 } as const;
  await report(w, '2,016 pairings, none started', page);
  for (const id of series.slice(0, 2000)) await w.store.setSeriesStatus(id, 'done');
  for (const id of series.slice(2000)) await w.store.setSeriesStatus(id, 'running');
  await report(w, '2,016 pairings, 16 running, never settled', page);
  await w.store.settleTournament(tournament);
  await report(w, '2,016 pairings, 16 running, settled', page);
} finally {
  await w.close();
}
