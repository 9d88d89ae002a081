/**
 * Round-robin tournaments: every table of the schedule (every k-subset of the entrants for a game
 * played at k seats; with two seats every pair) is one rated series of kind 'tournament', each
 * deal played once per seat rotation. The tournament holds only its setup and its series ids; progress, standings and
 * the cross table are computed from the series and their stored matches when read, so they can
 * never disagree with the games (and a game stored twice is impossible: recordMatch is once).
 */
import { randomInt } from 'node:crypto';
import { entrantsAt, findGame, type GameOptions } from '@xix/engine';
import { entrantResults } from './ranks.ts';
import type { Redis } from 'ioredis';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';
import { BOT_ID, StoreInputError, TOURNAMENT_ID, check } from './names.ts';
import { STORE_SERIES_LUA, newSecretKey, newSeriesFields } from './series.ts';
import { tableSchedule } from './table-schedule.ts';
import type {
  BotRecord, CrossTableCell, EntrantRef, Match, NewTournament, PairingStatus, SeriesStatus, Tournament, TournamentFailure, TournamentReport,
  TournamentStanding, TournamentStatus,
} from './types.ts';

export const MAX_TOURNAMENT_ENTRANTS = 64;
export const MAX_DEALS_PER_PAIRING = 500;

// KEYS: seq:series, unfinished series, tournament, its series, tournaments:all, tournaments:game:<game>;
// ARGV: prefix, the tournament's fields (JSON), its creation time, then each pairing's series
// fields (JSON). All in one script: a server that dies while creating a tournament leaves all of
// it or nothing, never a tournament short of pairings nor a pairing outside its tournament.
const CREATE_TOURNAMENT = `${STORE_SERIES_LUA}
local tournament = cjson.decode(ARGV[2])
local flat = {}
for name, value in pairs(tournament) do
  flat[#flat + 1] = name
  flat[#flat + 1] = value
end
redis.call('HSET', KEYS[3], unpack(flat))
redis.call('ZADD', KEYS[5], ARGV[3], tournament.id)
redis.call('ZADD', KEYS[6], ARGV[3], tournament.id)
local ids = {}
for i = 4, #ARGV do
  local id = storeSeries(ARGV[1], KEYS[1], KEYS[2], ARGV[i])
  redis.call('RPUSH', KEYS[4], id)
  ids[#ids + 1] = id
end
return ids`;

// KEYS: tournament, tournament's series; ARGV: prefix. Recomputes the status from the series'
// statuses, in one step so that a worker starting a series and one finishing the last cannot
// interleave; idempotent. A cancelled or done tournament stays so. Notes the series not finished
// (`openSeries`): deal-publicity.ts reads those alone (a list that only shrinks, so one read late
// still names every series not finished).
const SETTLE = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return false end
if status == 'cancelled' or status == 'done' then return status end
local open, started = 0, 0
local openSeries = {}
for _, id in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do
  local s = redis.call('HGET', ARGV[1] .. ':series:' .. id, 'status')
  if s ~= 'done' and s ~= 'failed' then
    open = open + 1
    openSeries[open] = id
  end
  if s ~= 'queued' then started = started + 1 end
end
-- a JSON array, '[]' when empty (cjson writes an empty table as an object)
redis.call('HSET', KEYS[1], 'openSeries', open == 0 and '[]' or cjson.encode(openSeries))
local next = status
if open == 0 then next = 'done' elseif started > 0 then next = 'running' end
if next ~= status then redis.call('HSET', KEYS[1], 'status', next) end
return next`;

// KEYS: tournament. Returns the status before (false: no such tournament); a done one stays done.
const CANCEL = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return false end
if status ~= 'done' then redis.call('HSET', KEYS[1], 'status', 'cancelled') end
return status`;

const SERIES_FIELDS = ['status', 'games', 'gamesDone', 'error', 'endedAt'] as const;

// KEYS: tournament, its series; ARGV: prefix, then SERIES_FIELDS. The status, then each series'
// SERIES_FIELDS in pairing order, in one round trip that reads no match (false: no tournament).
const PROGRESS_FIELDS = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return false end
local fields = { unpack(ARGV, 2) }
local reply = { status }
for _, id in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do
  local values = redis.call('HMGET', ARGV[1] .. ':series:' .. id, unpack(fields))
  for i = 1, #fields do reply[#reply + 1] = values[i] end
end
return reply`;

type SeriesFields = readonly (string | null | undefined)[];
interface PairingState { readonly status: PairingStatus; readonly error: string | null; readonly endedAt: number | null; readonly games: number; readonly gamesDone: number }
type TournamentProgress = TournamentReport['progress'];

/** A pairing's state from its series' SERIES_FIELDS (HMGET order). */
function pairingState(tournament: string, [stored, total, done, error, endedAt]: SeriesFields): PairingState {
  const cancelled = stored === 'failed' && error === cancelledSeriesReason(tournament);
  const status: PairingStatus = cancelled ? 'cancelled' : ((stored ?? 'queued') as SeriesStatus);
  return { status, error: status === 'failed' ? error || 'failed' : null, endedAt: endedAt ? Number(endedAt) : null, games: Number(total ?? 0), gamesDone: Number(done ?? 0) };
}

/** Games of all pairings; unplayed: those a failed or cancelled pairing will never play. */
function progressOf(states: readonly PairingState[]): TournamentProgress {
  let games = 0;
  let gamesDone = 0;
  let gamesUnplayed = 0;
  for (const state of states) {
    games += state.games;
    gamesDone += state.gamesDone;
    if (state.status === 'failed' || state.status === 'cancelled') gamesUnplayed += state.games - state.gamesDone;
  }
  return { games, gamesDone, gamesUnplayed };
}

/**
 * The error of a pairing not played because its tournament was cancelled (set by the cancel route
 * and by a worker that meets the cancel): the report tells it from a failure by this exact text.
 */
export function cancelledSeriesReason(tournament: string): string {
  return `not played: tournament ${tournament} was cancelled`;
}

const emptyRecord = (): { -readonly [K in keyof BotRecord]: number } => ({ games: 0, wins: 0, losses: 0, draws: 0, forfeits: 0, points: 0 });

/** A pair's state over the tables it shares: with two seats, its one series' state. */
function pairStatus(states: readonly PairingState[]): { status: PairingStatus; error: string | null } {
  const failed = states.find((state) => state.status === 'failed');
  if (failed !== undefined) return { status: 'failed', error: failed.error };
  const statuses = new Set(states.map((state) => state.status));
  if (statuses.has('cancelled')) return { status: 'cancelled', error: null };
  if (statuses.size === 1) return { status: states[0]?.status ?? 'queued', error: null };
  return { status: 'running', error: null };
}

/**
 * What ranks a standing, as a chess cross table does: its results, a win 1 and a draw ½. Game points
 * only break ties: a bot that wins most of its games by little is ahead of one that wins a few big.
 */
function resultScore(row: BotRecord): number {
  return row.wins + row.draws / 2;
}

/** An entrant's outcome from the places (tied entrants share one): best alone wins, best shared draws. */
function outcomeOf(ranks: readonly number[], seat: number): 'win' | 'draw' | 'loss' {
  const best = Math.min(...ranks);
  if (ranks[seat] !== best) return 'loss';
  return ranks.filter((rank) => rank === best).length > 1 ? 'draw' : 'win';
}

export function tournamentOps(
  redis: Redis, keys: Keys, prefix: string,
  matchReads: { readonly seriesMatchIds: (ids: readonly string[]) => Promise<string[][]>; readonly getMatches: (ids: readonly string[]) => Promise<Match[]> },
) {
  const progressFields = luaScript(redis, PROGRESS_FIELDS);
  const createTournamentScript = luaScript(redis, CREATE_TOURNAMENT);
  const cancelScript = luaScript(redis, CANCEL);
  const settleScript = luaScript(redis, SETTLE);

  async function readRecord(id: string): Promise<Tournament | null> {
    if (!TOURNAMENT_ID.test(id)) return null;
    const [hash, series] = await Promise.all([redis.hgetall(keys.tournament(id)), redis.lrange(keys.tournamentSeries(id), 0, -1)]);
    if (hash.id === undefined) return null;
    return {
      id,
      game: hash.game ?? '',
      status: hash.status as TournamentStatus,
      entrants: JSON.parse(hash.entrants ?? '[]') as EntrantRef[],
      dealsPerPairing: Number(hash.dealsPerPairing),
      seats: Number(hash.seats ?? 2),
      options: hash.options ? (JSON.parse(hash.options) as GameOptions) : {},
      limits: hash.limits ? (JSON.parse(hash.limits) as Record<string, number>) : null,
      createdAt: Number(hash.createdAt),
      createdBy: hash.createdBy ?? '',
      series,
    };
  }

  return {
    /**
     * Stores a tournament and one series per pairing (all on the same deals: one seed), all at once,
     * and answers their ids; the caller enqueues the series (the server's reconcile enqueues them
     * if it died before).
     */
    async createTournament(input: NewTournament): Promise<{ tournament: string; series: string[] }> {
      const game = findGame(input.game);
      if (game === undefined) throw new StoreInputError(`no game ${input.game}`);
      const seats = input.seats ?? game.seats.min;
      if (!Number.isInteger(seats) || seats < game.seats.min || seats > game.seats.max) {
        throw new StoreInputError(`${input.game} is played at ${game.seats.min} to ${game.seats.max} seats, not ${seats}`);
      }
      const count = input.entrants.length;
      // a table's entrants: one a seat, or fewer where partnerships play several seats each
      const perTable = entrantsAt(game, seats);
      if (perTable < 2) throw new StoreInputError(`a table of ${seats} seats of ${input.game} seats ${perTable} entrant(s): a tournament table needs two`);
      if (count < perTable || count > MAX_TOURNAMENT_ENTRANTS) throw new StoreInputError(`a tournament at ${seats} seats needs ${perTable} to ${MAX_TOURNAMENT_ENTRANTS} entrants, got ${count}`);
      input.entrants.forEach((entrant) => check(BOT_ID, entrant.bot, 'bot id'));
      if (new Set(input.entrants.map((entrant) => entrant.bot)).size !== count) throw new StoreInputError('a bot may enter a tournament once');
      const deals = input.dealsPerPairing;
      if (!Number.isSafeInteger(deals) || deals < 1 || deals > MAX_DEALS_PER_PAIRING) throw new StoreInputError(`dealsPerPairing must be an integer from 1 to ${MAX_DEALS_PER_PAIRING}, got ${deals}`);
      const entrants = input.entrants.map(({ bot, version }) => ({ bot, version }));
      const tables = tableSchedule(count, perTable);
      const options = input.options ?? {};
      const id = `t${await redis.incr(keys.seq('tournament'))}`;
      const createdAt = Date.now();
      const tournament = {
        id, game: input.game, status: 'queued', entrants: JSON.stringify(entrants), dealsPerPairing: String(deals), seats: String(seats), options: JSON.stringify(options),
        limits: input.limits === undefined ? '' : JSON.stringify(input.limits), createdAt: String(createdAt), createdBy: input.createdBy,
      };
      // every table plays the same deals: one seed and one deal key for all (duplicate play)
      const seed = randomInt(2 ** 31);
      const dealKey = newSecretKey();
      const pairings = tables.map((table) => newSeriesFields({
        game: input.game, kind: 'tournament', rated: true, entrants: table.map((i) => entrants[i]!), seats, options, deals, seed,
        requestedBy: input.createdBy, tournament: id, ...(input.limits !== undefined && { limits: input.limits }),
      }, dealKey));
      const series = (await createTournamentScript(
        [keys.seq('series'), keys.seriesUnfinished(), keys.tournament(id), keys.tournamentSeries(id), keys.tournamentsAll(), keys.tournamentsOfGame(input.game)],
        [prefix, JSON.stringify(tournament), createdAt, ...pairings],
      )) as string[];
      return { tournament: id, series };
    },

    /** Tournaments, newest first, of one game or all. */
    async listTournaments(filter: { readonly game?: string } = {}): Promise<Tournament[]> {
      const index = filter.game === undefined ? keys.tournamentsAll() : keys.tournamentsOfGame(filter.game);
      const ids = await redis.zrevrange(index, 0, 99);
      const found = await Promise.all(ids.map(readRecord));
      return found.filter((t): t is Tournament => t !== null);
    },

    /** The tournament with its progress, standings and cross table, or null. */
    async getTournament(id: string): Promise<TournamentReport | null> {
      const tournament = await readRecord(id);
      if (tournament === null) return null;
      const seriesPipe = redis.pipeline();
      for (const s of tournament.series) seriesPipe.hmget(keys.series(s), ...SERIES_FIELDS);
      const [seriesReplies, matchIds] = await Promise.all([seriesPipe.exec(), matchReads.seriesMatchIds(tournament.series)]);
      const states = tournament.series.map((_, k) => pairingState(id, ((seriesReplies ?? [])[k]?.[1] ?? []) as SeriesFields));
      const stored = new Map((await matchReads.getMatches(matchIds.flat())).map((match) => [match.id, match]));

      const count = tournament.entrants.length;
      const standings = new Map(tournament.entrants.map((e) => [e.bot, { bot: e.bot, version: e.version, ...emptyRecord(), places: 0 }]));
      // one cell per pair (lower entrant index first), filled from every table the pair shares
      const cells = new Map<string, { tables: string[]; states: PairingState[]; entrants: EntrantRef[]; games: number; wins: number[]; draws: number; points: number[]; forfeits: number[] }>();
      for (let i = 0; i < count; i++) {
        for (let j = i + 1; j < count; j++) cells.set(`${i} ${j}`, { tables: [], states: [], entrants: [tournament.entrants[i]!, tournament.entrants[j]!], games: 0, wins: [0, 0], draws: 0, points: [0, 0], forfeits: [0, 0] });
      }
      const failures: TournamentFailure[] = [];
      const game = findGame(tournament.game);
      const perTable = game === undefined ? tournament.seats : entrantsAt(game, tournament.seats);
      const tables = count >= perTable ? tableSchedule(count, perTable) : [];
      tournament.series.forEach((seriesId, k) => {
        const table = tables[k] ?? [];
        const sitting = table.map((i) => tournament.entrants[i]!);
        const { error, endedAt, gamesDone: tableGamesDone } = states[k]!;
        if (error !== null) failures.push({ series: seriesId, entrants: sitting, reason: error, at: endedAt, gamesDone: tableGamesDone });
        const tableCells = table.flatMap((i, a) => table.slice(a + 1).map((j) => ({ i, j, cell: cells.get(`${i} ${j}`)! })));
        for (const { cell } of tableCells) { cell.tables.push(seriesId); cell.states.push(states[k]!); }
        for (const matchId of matchIds[k] ?? []) {
          const match = stored.get(matchId);
          if (match === undefined) continue;
          // by entrant: a partnership's seats are one entrant's game (tournament entrants are distinct bots)
          const played = entrantResults(match.entrants, match.ranks, match.points, match.forfeit?.seat ?? null);
          const places = played.map((entrant) => entrant.place);
          played.forEach((entrant, e) => {
            const row = standings.get(entrant.bot);
            if (row === undefined || !sitting.some((s) => s.bot === entrant.bot)) return;
            const outcome = outcomeOf(places, e);
            row.games++;
            row.points += entrant.points;
            row.places += entrant.place;
            if (entrant.forfeited) row.forfeits++;
            if (outcome === 'win') row.wins++;
            else if (outcome === 'draw') row.draws++;
            else row.losses++;
          });
          // head to head: who of the pair finished ahead of the other in this game
          for (const { i, j, cell } of tableCells) {
            const pair = [played.find((e) => e.bot === tournament.entrants[i]!.bot), played.find((e) => e.bot === tournament.entrants[j]!.bot)];
            if (pair[0] === undefined || pair[1] === undefined) continue;
            const [first, second] = pair.map((entrant) => entrant!.place) as [number, number];
            cell.games++;
            if (first === second) cell.draws++;
            else cell.wins[first < second ? 0 : 1]!++;
            pair.forEach((entrant, side) => {
              cell.points[side]! += entrant!.points;
              if (entrant!.forfeited) cell.forfeits[side]!++;
            });
          }
        }
      });
      const crossTable: CrossTableCell[] = [...cells.values()].filter((cell) => cell.tables.length > 0).map(({ tables: shared, states: pairStates, ...cell }) => ({
        series: shared[0]!, tables: shared, ...pairStatus(pairStates), ...cell,
      }));
      const ranked: TournamentStanding[] = [...standings.values()].map(({ places, ...row }) => ({ ...row, averagePlace: row.games === 0 ? null : places / row.games }))
        .sort((a, b) => (perTable === 2 ? 0 : (a.averagePlace ?? Infinity) - (b.averagePlace ?? Infinity)) || resultScore(b) - resultScore(a) || b.points - a.points || Number(a.bot.slice(1)) - Number(b.bot.slice(1)));
      return { ...tournament, progress: progressOf(states), failures, standings: ranked, crossTable };
    },

    /**
     * The status and progress getTournament reports, from the tournament's series alone: its cost
     * does not grow with the games stored (the worker publishes it to the lobby as games finish).
     */
    async tournamentProgress(id: string): Promise<{ status: TournamentStatus; progress: TournamentProgress } | null> {
      if (!TOURNAMENT_ID.test(id)) return null;
      const reply = (await progressFields([keys.tournament(id), keys.tournamentSeries(id)], [prefix, ...SERIES_FIELDS])) as (string | null)[] | null;
      if (reply === null) return null;
      const [status, ...fields] = reply;
      const states: PairingState[] = [];
      for (let k = 0; k < fields.length; k += SERIES_FIELDS.length) states.push(pairingState(id, fields.slice(k, k + SERIES_FIELDS.length)));
      return { status: status as TournamentStatus, progress: progressOf(states) };
    },

    /**
     * Marks a tournament cancelled (a done one stays done) and answers its status before, with the
     * series not yet started (the caller removes their jobs), or null for an unknown tournament.
     */
    async cancelTournament(id: string): Promise<{ before: TournamentStatus; queuedSeries: string[] } | null> {
      if (!TOURNAMENT_ID.test(id)) return null;
      const before = (await cancelScript([keys.tournament(id)], [])) as TournamentStatus | null;
      if (before === null) return null;
      const series = await redis.lrange(keys.tournamentSeries(id), 0, -1);
      const statuses = await Promise.all(series.map((s) => redis.hget(keys.series(s), 'status')));
      return { before, queuedSeries: series.filter((_, k) => statuses[k] === 'queued') };
    },

    async tournamentStatus(id: string): Promise<TournamentStatus | null> {
      if (!TOURNAMENT_ID.test(id)) return null;
      return (await redis.hget(keys.tournament(id), 'status')) as TournamentStatus | null;
    },

    /** Brings the status up to date with the series' (running, done); the worker calls it. */
    async settleTournament(id: string): Promise<TournamentStatus | null> {
      check(TOURNAMENT_ID, id, 'tournament id');
      return (await settleScript([keys.tournament(id), keys.tournamentSeries(id)], [prefix])) as TournamentStatus | null;
    },
  };
}
