/**
 * Real deals of any registered game, stored game by game through the store as a worker would, for
 * the deal-publicity tests (issue 19): each game of a series is played on the series' own deal
 * (its secret seed and deal key, seat-rotated as the referee's rotatedGame says) by random legal
 * moves, so its replay is a real one that re-simulates. A game added to the registry gets the same
 * tests.
 */
import { createRandom, createReplay, entrantsAt, findGame, type AnyGame, type Replay, type ReplayMove } from '@xix/engine';
import { rotatedGame, seriesTable } from '@xix/referee';
import type { MatchEntrant, NewMatch, Store } from '@xix/store';
import { upload } from '../../store/test/world.ts';
import type { TestApp } from './app.ts';

/** Random games that run longer than this are a broken rule; the registered games end far sooner. */
const MOVES_AT_MOST = 20_000;

/** The smallest table of a game, and how many entrants sit at it. */
export function smallestTable(game: AnyGame): { seats: number; entrants: number } {
  return { seats: game.seats.min, entrants: entrantsAt(game, game.seats.min) };
}

/** `count` bots of `game`, each of its own registered owner (whose token reads its logs). */
export async function entrantsOf(t: TestApp, game: AnyGame, count: number): Promise<{ entrants: MatchEntrant[]; tokens: string[] }> {
  const entrants: MatchEntrant[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const owner = `owner${i}`;
    tokens.push(await t.register(owner));
    entrants.push(await upload(t.world.store, owner, `bot${i}`, 'active', game.id));
  }
  return { entrants, tokens };
}

/** Game `index` of a stored series played by random legal moves on its real deal: the match the worker would store. */
export async function playedGame(store: Store, seriesId: string, index: number, names: ReadonlyMap<string, string>): Promise<NewMatch & { replay: Replay }> {
  const series = (await store.getSeries(seriesId))!;
  const game = findGame(series.game)!;
  const table = seriesTable(game, series.entrants.length, series.seats, series.options);
  const { dealSeed, entrantBySeat } = rotatedGame(series.seed, table.seating, index, series.dealKey);
  const state = game.start(game.randomSetup(dealSeed, table.seats, table.options));
  const random = createRandom(dealSeed + index);
  const moves: ReplayMove[] = [];
  for (let seat = game.toMove(state); seat !== null; seat = game.toMove(state)) {
    if (moves.length === MOVES_AT_MOST) throw new Error(`${game.id}: no end after ${MOVES_AT_MOST} random moves`);
    const actions = game.legalActions(state);
    const action = actions[random.int(actions.length)];
    game.apply(state, action);
    moves.push({ seat, action });
  }
  const entrants = entrantBySeat.map((e) => {
    const { bot, version } = series.entrants[e]!;
    return { bot, version, name: names.get(bot) ?? bot };
  });
  const replay = createReplay(game, { seed: dealSeed, setup: game.setupOf(state), seats: entrants.map((e) => e.name), moves, forfeit: null, result: game.result(state)! });
  return {
    id: `${seriesId}.${index}`, seriesId, game: game.id, variant: game.variant(table.seats, table.options), kind: series.kind, rated: series.rated,
    entrants, replay, logs: entrants.map((e, seat) => `${e.name} thinks in seat ${seat}`), finishedAt: Date.now(),
  };
}

/** Plays and stores games `indexes` of a series, in order. */
export async function storeGames(store: Store, seriesId: string, indexes: readonly number[], entrants: readonly MatchEntrant[]): Promise<void> {
  const names = new Map(entrants.map((e) => [e.bot, e.name]));
  for (const index of indexes) await store.recordMatch(await playedGame(store, seriesId, index, names));
}

/**
 * A challenge of one deal of `game` at its smallest table, drawn from `seed`, between `entrants`:
 * created, then (with a `status`) running, its games `stored` stored, and (`done`) done.
 */
export async function oneDealChallenge(
  store: Store,
  game: AnyGame,
  entrants: readonly MatchEntrant[],
  seed: number,
  { status, stored = [] }: { readonly status?: 'running' | 'done'; readonly stored?: readonly number[] } = {},
): Promise<string> {
  const seriesId = await store.createSeries({ game: game.id, kind: 'challenge', rated: false, entrants, seats: smallestTable(game).seats, deals: 1, seed, requestedBy: 'owner0' });
  if (status !== undefined) await store.setSeriesStatus(seriesId, 'running');
  await storeGames(store, seriesId, stored, entrants);
  if (status === 'done') await store.setSeriesStatus(seriesId, 'done');
  return seriesId;
}
