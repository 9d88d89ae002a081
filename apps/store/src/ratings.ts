/**
 * Ratings of a game's bots from its rated results stream (`results:<game>`, written by
 * recordMatch): Elo in stream order (the order the games were stored, so the same results always
 * give the same Elo) and Bradley–Terry with 95% intervals, both from @xix/ratings.
 *
 * Elo rates versions: a new version starts from its previous version's rating as it stands when
 * the new one plays its first rated game (eloRatings' previousVersions), so an old version still
 * playing a frozen tournament no longer moves the new one. Bradley–Terry pools a bot's versions:
 * it is order-free, so it has no "start" to inherit, and its interval wants every game it can get.
 * The stream only grows, so this process keeps the games it has read and the ratings computed from
 * them, and recomputes only when the stream's last id moved.
 */
import type { Redis } from 'ioredis';
import { bradleyTerry, eloRatings, ratedGameProblem, type RatedGame } from '@xix/ratings';
import { DEFAULT_VARIANT } from '@xix/engine';
import type { Keys } from './keys.ts';
import { entrantResults } from './ranks.ts';
import type { BotRatings, GameRatings, RatingPoint, VersionRating } from './types.ts';

/** Entries read per XRANGE call: a long stream is read in pages, never in one huge reply. */
const PAGE = 1000;

/** A rated result as stored: the bot and the version in each seat. */
interface ResultEntry {
  readonly id: string;
  /** The stream entry's time (ms): when the result was stored. */
  readonly at: number;
  readonly bots: readonly string[];
  readonly versions: readonly number[];
  readonly ranks: readonly number[];
}

interface Cached {
  /** The id of the last stream entry read ('' before any). */
  readonly lastId: string;
  readonly games: readonly ResultEntry[];
  readonly ratings: GameRatings;
}

export function ratingOps(redis: Redis, keys: Keys) {
  const cache = new Map<string, Cached>();
  // One refresh per game at a time: two at once would both append the same new entries.
  const queue = new Map<string, Promise<Cached>>();

  async function refresh(game: string, variant: string): Promise<Cached> {
    const board = `${game} ${variant}`;
    const before = cache.get(board) ?? { lastId: '', games: [], ratings: computeRatings([], 0) };
    let lastId = before.lastId;
    let skipped = before.ratings.skipped;
    const added: ResultEntry[] = [];
    for (;;) {
      const page = await redis.xrange(keys.results(game, variant), lastId === '' ? '-' : `(${lastId}`, '+', 'COUNT', PAGE);
      for (const [id, fields] of page) {
        lastId = id;
        const entry = resultEntryOf(id, fields);
        if (entry === null) skipped++;
        else added.push(entry);
      }
      if (page.length < PAGE) break;
    }
    if (lastId === before.lastId) return before;
    const games = [...before.games, ...added];
    const next = { lastId, games, ratings: computeRatings(games, skipped) };
    cache.set(board, next);
    return next;
  }

  /** Every rated game of a variant of `game` so far, rated; one XRANGE when nothing new was stored. */
  async function ratings(game: string, variant: string = DEFAULT_VARIANT): Promise<GameRatings> {
    const board = `${game} ${variant}`;
    const previous = queue.get(board) ?? Promise.resolve(undefined);
    const mine = previous.catch(() => undefined).then(() => refresh(game, variant));
    queue.set(board, mine);
    try {
      return (await mine).ratings;
    } finally {
      if (queue.get(board) === mine) queue.delete(board);
    }
  }

  // the last intervalsAmong answer per board, kept while neither the games nor the field change
  const among = new Map<string, { readonly lastId: string; readonly field: string; readonly intervals: ReadonlyMap<string, number | null> }>();

  /**
   * Half the width (Elo) of each of `bots`' Bradley–Terry 95% intervals from the rated games of a
   * variant of `game` played among them alone, null for a bot those games leave open at an end (or
   * without any). A bot that left (retired, on probation) never plays again: on the leaderboard its
   * frozen interval widens everyone's (the ratings are centred on the mean of every bot), here it is
   * not in the fit at all. The ladder's pace reads it.
   */
  async function intervalsAmong(game: string, variant: string, bots: ReadonlySet<string>): Promise<ReadonlyMap<string, number | null>> {
    await ratings(game, variant);
    const board = `${game} ${variant}`;
    const { lastId, games } = cache.get(board) ?? { lastId: '', games: [] };
    const field = [...bots].sort().join(' ');
    const kept = among.get(board);
    if (kept !== undefined && kept.lastId === lastId && kept.field === field) return kept.intervals;
    const played = games.filter((entry) => entry.bots.every((bot) => bots.has(bot)));
    const rows = new Map((played.length === 0 ? [] : bradleyTerry(played.map(byBot)).rows).map((row) => [row.bot, row]));
    const intervals = new Map([...bots].map((bot) => {
      const row = rows.get(bot);
      return [bot, row === undefined || row.unbounded !== null ? null : (row.high - row.low) / 2] as const;
    }));
    among.set(board, { lastId, field, intervals });
    return intervals;
  }

  return {
    ratings,
    intervalsAmong,
    /** A bot's Elo after each of its rated games of a variant of `game` (any version), oldest first ([] when it has none). */
    async ratingHistory(game: string, bot: string, variant: string = DEFAULT_VARIANT): Promise<readonly RatingPoint[]> {
      return (await ratings(game, variant)).history.get(bot) ?? [];
    },
  };
}

/**
 * The Elo a version has, or starts from if it has not played yet: its own, else its newest earlier
 * version's (the chain eloRatings follows); null when no version up to it has a rated game.
 */
export function eloOfVersion(rated: BotRatings | undefined, version: number): number | null {
  if (rated === undefined) return null;
  let best: number | null = null;
  let elo: number | null = null;
  for (const [v, rating] of rated.versions) {
    if (v <= version && (best === null || v > best)) {
      best = v;
      elo = rating.elo;
    }
  }
  return elo;
}

/** Rated games a version has played (0 when none). */
export function ratedGamesOfVersion(rated: BotRatings | undefined, version: number): number {
  return rated?.versions.get(version)?.games ?? 0;
}

/** A stream entry as a result, or null when it cannot be rated (never written so by recordMatch). */
/**
 * A results entry's entrants by seat: `b12.3 b7.1` (bot.version, as recordMatch writes them since
 * issue 24: a tenth of the JSON's bytes, kept for every rated game), or the JSON array of objects
 * written before.
 */
export function resultEntrantsOf(text: string): unknown {
  if (text.startsWith('[') || text === 'null') return JSON.parse(text);
  return text.split(' ').map((entrant) => {
    const dot = entrant.lastIndexOf('.');
    return { bot: entrant.slice(0, dot), version: Number(entrant.slice(dot + 1)) };
  });
}

/** The results entry's entrants as recordMatch writes them (resultEntrantsOf reads them). */
export const resultEntrantsText = (entrants: readonly { readonly bot: string; readonly version: number }[]): string =>
  entrants.map(({ bot, version }) => `${bot}.${version}`).join(' ');

function resultEntryOf(streamId: string, fields: readonly string[]): ResultEntry | null {
  const field = (name: string): string | undefined => {
    for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
    return undefined;
  };
  try {
    const entrants = resultEntrantsOf(field('entrants') ?? 'null');
    const ranks = JSON.parse(field('ranks') ?? 'null') as unknown;
    if (!Array.isArray(entrants) || !Array.isArray(ranks)) return null;
    const refs = entrants.map((entrant: unknown) => (typeof entrant === 'object' && entrant !== null ? (entrant as { bot?: unknown; version?: unknown }) : {}));
    const bySeat = refs.map((ref) => ({ bot: typeof ref.bot === 'string' ? ref.bot : '', version: Number(ref.version) }));
    if (ratedGameProblem({ id: field('match') ?? '', entrants: bySeat.map((seat) => seat.bot), ranks: ranks as number[] }) !== null) return null;
    // rated by entrant: a partnership's seats are one entrant (ranks.ts entrantResults)
    const byEntrant = entrantResults(bySeat, ranks as number[], [], null);
    const entry: ResultEntry = {
      id: field('match') ?? '',
      at: Number.parseInt(streamId, 10), // `<ms>-<sequence>`
      bots: byEntrant.map((entrant) => entrant.bot),
      versions: byEntrant.map((entrant) => entrant.version),
      ranks: byEntrant.map((entrant) => entrant.place),
    };
    if (!entry.versions.every((version) => Number.isSafeInteger(version) && version >= 1)) return null;
    return ratedGameProblem(byBot(entry)) === null ? entry : null;
  } catch {
    return null;
  }
}

/** The Elo key of a version (the stream's bot ids have no '@'). */
const versionKey = (bot: string, version: number): string => `${bot}@${version}`;

const byBot = (entry: ResultEntry): RatedGame => ({ id: entry.id, entrants: entry.bots, ranks: entry.ranks });
const byVersion = (entry: ResultEntry): RatedGame => ({ id: entry.id, entrants: entry.bots.map((bot, seat) => versionKey(bot, entry.versions[seat]!)), ranks: entry.ranks });

function computeRatings(games: readonly ResultEntry[], skipped: number): GameRatings {
  // every version of a bot up to its newest rated one links to the one before (a rejected version
  // that never played is a link of the chain, not its end)
  const newest = new Map<string, number>();
  for (const game of games) game.bots.forEach((bot, seat) => newest.set(bot, Math.max(newest.get(bot) ?? 0, game.versions[seat]!)));
  const previousVersions = new Map<string, string>();
  for (const [bot, top] of newest) for (let v = 2; v <= top; v++) previousVersions.set(versionKey(bot, v), versionKey(bot, v - 1));
  const elo = eloRatings(games.map(byVersion), { previousVersions });

  // a bot's history: its versions' points, in stream order
  const history = new Map<string, RatingPoint[]>();
  const next = new Map<string, number>();
  for (const game of games) {
    const seen = new Set<string>();
    game.bots.forEach((bot, seat) => {
      const key = versionKey(bot, game.versions[seat]!);
      if (seen.has(key)) return;
      seen.add(key);
      const index = next.get(key) ?? 0;
      next.set(key, index + 1);
      const point = elo.history.get(key)?.[index];
      if (point === undefined) return;
      const points = history.get(bot) ?? [];
      points.push({ match: point.game, version: game.versions[seat]!, rating: point.rating, change: point.change, at: game.at });
      history.set(bot, points);
    });
  }

  const bt = new Map((games.length === 0 ? [] : bradleyTerry(games.map(byBot)).rows).map((row) => [row.bot, row]));
  const versions = new Map<string, Map<number, VersionRating>>();
  for (const [key, points] of elo.history) {
    const at = key.lastIndexOf('@');
    const bot = key.slice(0, at);
    const rows = versions.get(bot) ?? new Map<number, VersionRating>();
    rows.set(Number(key.slice(at + 1)), { elo: elo.ratings.get(key)!, games: points.length });
    versions.set(bot, rows);
  }
  const bots = new Map<string, BotRatings>();
  // every entrant has an Elo; one that only ever played itself has no Bradley–Terry row
  for (const [bot, rows] of versions) {
    const row = bt.get(bot);
    const sorted = new Map([...rows].sort(([a], [b]) => a - b));
    bots.set(bot, {
      elo: [...sorted.values()].at(-1)!.elo,
      bt: row === undefined ? null : { rating: row.rating, low: row.low, high: row.high, unbounded: row.unbounded },
      versions: sorted,
    });
  }
  return { games: games.length, skipped, bots, history };
}
