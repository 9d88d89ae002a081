/**
 * What a finished tournament must show over HTTP, checked against its stored matches: every
 * pairing played each deal from both seats, every game stored exactly once (the match ids, the
 * series' counts, the bots' records, the rated results stream and the platform's game counter all
 * agree), every replay re-simulates to its result, and the standings, the cross table and the
 * leaderboard add up to the games.
 */
import { parseReplay, verifyReplay } from '@xix/engine';
import type { BotRecord, CrossTableCell, Match, RatingPoint, TournamentReport } from '@xix/store';
import { expect } from 'vitest';
import { ADMIN_TOKEN } from '../../server/test/app.ts';
import { matchesOfSeries, seriesOf, type Entrant, type Http } from './tournament-platform.ts';

type Tally = { -readonly [K in keyof BotRecord]: number };
const emptyTally = (): Tally => ({ games: 0, wins: 0, losses: 0, draws: 0, forfeits: 0, points: 0 });

/** A seat's outcome from the ranks, counted independently of the store: best alone wins, shared best draws. */
function outcome(ranks: readonly number[], seat: number): 'wins' | 'draws' | 'losses' {
  const best = Math.min(...ranks);
  if (ranks[seat] !== best) return 'losses';
  return ranks.filter((rank) => rank === best).length === 1 ? 'wins' : 'draws';
}

/**
 * Checks the finished tournament `report` of `entrants` (created as `series`) and answers its
 * matches by id, for the caller's own checks.
 */
export async function checkTournament(http: Http, entrants: readonly Entrant[], series: readonly string[], report: TournamentReport): Promise<Map<string, Match>> {
  const deals = report.dealsPerPairing;
  const pairings = (entrants.length * (entrants.length - 1)) / 2;
  const games = pairings * 2 * deals;
  expect(report.status).toBe('done');
  expect(report.progress).toEqual({ games, gamesDone: games, gamesUnplayed: 0 });
  expect(report.failures).toEqual([]);
  expect(report.series).toEqual(series);
  expect(report.crossTable.map((cell) => cell.series)).toEqual(series);

  const all = new Map<string, Match>();
  const tallies = new Map(entrants.map((e) => [e.bot, emptyTally()]));
  const dealsOfPairing: string[][] = [];
  for (const cell of report.crossTable) {
    const id = cell.series;
    const ids = Array.from({ length: 2 * deals }, (_, i) => `${id}.${i}`).sort();
    // no game missing, none twice: the series' own ids, and counts that a second store would move
    expect(await seriesOf(http, id)).toMatchObject({ status: 'done', kind: 'tournament', rated: true, tournament: report.id, games: 2 * deals, gamesDone: 2 * deals, error: null });
    expect([...(await seriesOf(http, id)).matches].sort()).toEqual(ids);
    const matches = await matchesOfSeries(http, id);
    expect(matches.map((m) => m.id).sort()).toEqual(ids);

    const pair = cell.entrants.map((e) => e.bot);
    const expected = { games: 0, wins: [0, 0], draws: 0, points: [0, 0], forfeits: [0, 0] };
    const seatZeroByDeal = new Map<string, string[]>();
    for (const match of matches) {
      all.set(match.id, match);
      const replay = parseReplay(await http.call<unknown>('GET', `/api/matches/${match.id}/replay`));
      expect(verifyReplay(replay), match.id).toMatchObject({ ok: true, result: replay.result });
      expect(match.points, match.id).toEqual(replay.result.points);
      expect(match.ranks[replay.result.winner], match.id).toBe(1);
      expect(replay.seats.map((s) => s.name)).toEqual(match.entrants.map((e) => e.name));
      expect(match.entrants.map((e) => e.bot).sort()).toEqual([...pair].sort());
      const deal = JSON.stringify(replay.setup);
      seatZeroByDeal.set(deal, [...(seatZeroByDeal.get(deal) ?? []), match.entrants[0]!.bot]);

      expected.games++;
      let drawn = false;
      match.entrants.forEach((entrant, seat) => {
        const side = pair.indexOf(entrant.bot);
        const tally = tallies.get(entrant.bot)!;
        const result = outcome(match.ranks, seat);
        const forfeited = match.forfeit?.seat === seat ? 1 : 0;
        tally.games++;
        tally[result]++;
        tally.points += match.points[seat]!;
        tally.forfeits += forfeited;
        expected.points[side]! += match.points[seat]!;
        expected.forfeits[side]! += forfeited;
        if (result === 'wins') expected.wins[side]!++;
        if (result === 'draws') drawn = true;
      });
      if (drawn) expected.draws++;
    }
    // every deal from both seats: each dealt setup twice, each bot in seat 0 once
    expect(seatZeroByDeal.size).toBe(deals);
    for (const seatZero of seatZeroByDeal.values()) expect(seatZero.sort()).toEqual([...pair].sort());
    dealsOfPairing.push([...seatZeroByDeal.keys()].sort());
    expect(cell).toEqual({ series: id, tables: [id], entrants: cell.entrants, status: 'done', error: null, ...expected } satisfies CrossTableCell);
  }
  // one seed for the tournament: every pairing played the same deals
  for (const dealt of dealsOfPairing) expect(dealt).toEqual(dealsOfPairing[0]);

  // the standings are the tallies of the games, best results first (a draw half a win), then points
  const standings = new Map(report.standings.map(({ bot, version, averagePlace: _place, ...record }) => [bot, { version, record }]));
  for (const { bot } of entrants) {
    expect(standings.get(bot), bot).toEqual({ version: 1, record: tallies.get(bot) });
    expect(tallies.get(bot)!.games).toBe(2 * deals * (entrants.length - 1));
  }
  const order = report.standings.map((s) => [s.wins + s.draws / 2, s.points]);
  expect(order).toEqual([...order].sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]!));
  const rows = report.standings;
  expect(rows.reduce((sum, s) => sum + s.games, 0)).toBe(2 * games);
  expect(rows.reduce((sum, s) => sum + s.wins + s.draws / 2, 0)).toBe(games);
  // the cross table adds up to the standings, bot by bot
  for (const s of rows) {
    const cells = report.crossTable.flatMap((cell) => {
      const side = cell.entrants.findIndex((e) => e.bot === s.bot);
      return side < 0 ? [] : [{ games: cell.games, wins: cell.wins[side]!, points: cell.points[side]!, forfeits: cell.forfeits[side]! }];
    });
    expect(cells).toHaveLength(entrants.length - 1);
    const sum = (key: 'games' | 'wins' | 'points' | 'forfeits'): number => cells.reduce((total, c) => total + c[key], 0);
    expect({ games: sum('games'), wins: sum('wins'), points: sum('points'), forfeits: sum('forfeits') }).toEqual({ games: s.games, wins: s.wins, points: s.points, forfeits: s.forfeits });
  }

  // the leaderboard's records (every game but validations) and ratings (the rated results stream)
  const board = await http.call<{ rows: (BotRecord & { bot: string; elo: number | null; bt: unknown })[] }>('GET', '/api/leaderboard/xix');
  for (const { bot } of entrants) {
    const row = board.rows.find((r) => r.bot === bot);
    expect(row, bot).toMatchObject(tallies.get(bot)!);
    expect(typeof row?.elo).toBe('number');
    expect(row?.bt).not.toBeNull();
    const { history } = await http.call<{ history: RatingPoint[] }>('GET', `/api/bots/${bot}/ratings`);
    const played = [...all.values()].filter((m) => m.entrants.some((e) => e.bot === bot)).map((m) => m.id);
    expect(history.map((point) => point.match).sort(), bot).toEqual(played.sort());
  }

  // the platform's counter of stored games: the tournament's and the validations', each once
  let validationGames = 0;
  for (const entrant of entrants) for (const id of entrant.validation) validationGames += (await seriesOf(http, id)).gamesDone;
  const metrics = await http.text('/metrics', ADMIN_TOKEN);
  expect(Number(/^xix_games_stored_total\{game="xix"\} (\d+)$/m.exec(metrics)?.[1])).toBe(games + validationGames);
  return all;
}
