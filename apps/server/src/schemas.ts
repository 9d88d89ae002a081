/**
 * JSON schemas shared by the routes. They validate requests (ajv), shape responses
 * (fast-json-stringify drops what is not declared: secrets cannot leak by accident) and make the
 * OpenAPI document.
 */

import { BOT_ID, MATCH_ID, SERIES_ID, TOURNAMENT_ID, USER_NAME } from '@xix/store';

// The store's own patterns: a request the schemas accept is one the store accepts.
export const USER_NAME_PATTERN = USER_NAME.source;
export const BOT_ID_PATTERN = BOT_ID.source;
export const SERIES_ID_PATTERN = SERIES_ID.source;
export const MATCH_ID_PATTERN = MATCH_ID.source;
export const TOURNAMENT_ID_PATTERN = TOURNAMENT_ID.source;
/** A game id (an engine registry id). */
export const GAME_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,31}$';

const str = { type: 'string' } as const;
/** A game's options as stored ({} for data stored before options: the game's defaults). */
export const optionsValuesSchema = {
  type: 'object', additionalProperties: { type: ['integer', 'number', 'boolean', 'string'] }, description: "the game's options (GET /api/games lists each game's)",
} as const;
const int = { type: 'integer' } as const;
const num = { type: 'number' } as const;
const nullableStr = { type: ['string', 'null'] } as const;

export const errorSchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: str, message: str },
} as const;

/** Error answers a route can give, by status. */
export function errors(...statuses: number[]): Record<number, typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema]));
}

export const recordSchema = {
  type: 'object',
  properties: { games: int, wins: int, losses: int, draws: int, forfeits: int, points: num },
} as const;

/** Bradley–Terry with its 95% interval (docs/ratings.md); null: no rated game against another bot. */
export const btSchema = {
  type: ['object', 'null'],
  properties: {
    rating: num, low: num, high: num,
    unbounded: { type: ['string', 'null'], enum: ['above', 'below', 'both', null], description: 'which ends the results alone leave open' },
  },
} as const;

/** A bot's Elo after each of its rated games, oldest first. */
export const ratingHistorySchema = {
  type: 'object',
  required: ['game', 'variant', 'history'],
  properties: {
    game: str,
    variant: str,
    history: {
      type: 'array',
      items: {
        type: 'object', required: ['match', 'version', 'rating', 'change', 'at'],
        properties: { match: str, version: { type: 'integer', minimum: 1 }, rating: num, change: num, at: { ...int, description: 'when the result was stored (ms since the epoch)' } },
      },
    },
  },
} as const;

export const botSchema = {
  type: 'object',
  required: ['id', 'game', 'owner', 'name', 'active', 'retired', 'probation'],
  properties: {
    id: str, game: str, owner: str, name: str, createdAt: int, versions: int,
    active: { type: ['integer', 'null'] }, retired: { type: 'boolean' }, probation: nullableStr, record: recordSchema,
  },
} as const;

/** Where a problem in a bot's source is: file:line:column (1-based; 0 when it has no place), and what. */
export const diagnosticSchema = {
  type: 'object', required: ['file', 'line', 'column', 'text'],
  properties: { file: str, line: int, column: int, text: str },
} as const;

const nullableNum = { type: ['number', 'null'] } as const;

/** The background SPRT of a version against the bot's previous active version (docs/sprt.md "On the platform"). */
export const sprtSchema = {
  type: ['object', 'null'],
  description: "the sequential test of this version against the bot's previous active version, run when it became active (unrated games); null: none",
  properties: {
    base: { ...int, description: 'the previous active version it is tested against' },
    status: { type: 'string', enum: ['running', 'H1', 'H0', 'capped', 'stopped'], description: 'H1: better by about elo1; H0: not better by elo1 (never "worse"); capped: no verdict within maxGames; stopped: a newer version (or a retirement) ended it, see reason' },
    reason: nullableStr,
    model: { type: 'string', enum: ['pentanomial', 'trinomial'], description: 'pentanomial: game pairs head to head; trinomial: paired placings through a field of house bots' },
    elo0: { ...num, description: 'H0, in logistic Elo' }, elo1: { ...num, description: 'H1, in logistic Elo' }, alpha: num, beta: num, maxGames: int,
    counts: { type: 'array', items: int, description: 'pentanomial: pairs by the new version’s score 0, ½, 1, 1½, 2; trinomial: placings worse, same, better' },
    games: int,
    llr: num, lower: { ...num, description: 'H0 accepted at or below' }, upper: { ...num, description: 'H1 accepted at or above' },
    score: { ...nullableNum, description: 'the new version’s mean score per game (0 to 1)' },
    elo: { ...nullableNum, description: 'the Elo estimate; null before a game or where not finite (score 0 or 1)' },
    eloLow: nullableNum, eloHigh: { ...nullableNum, description: 'its 95% interval (null: unbounded)' },
    createdAt: int, endedAt: { type: ['integer', 'null'] },
  },
} as const;

export const versionSchema = {
  type: 'object',
  properties: {
    version: int,
    state: {
      type: 'string', enum: ['checking', 'validating', 'active', 'rejected'],
      description: 'checking (type-checked first), validating (its validation games), then active or rejected',
    },
    createdAt: int, bytes: int, compileMs: int,
    verdict: { ...nullableStr, description: "why it was rejected: type_error (its type-check found errors: see diagnostics), unplayed, or a forfeit's verdict (R12)" },
    message: nullableStr, failingMatch: nullableStr,
    diagnostics: { type: ['array', 'null'], items: diagnosticSchema, description: 'the errors its type-check found (verdict type_error), as xix check shows them' },
    sprt: sprtSchema,
  },
} as const;

export const entrantSchema = { type: 'object', properties: { bot: str, version: int, name: str } } as const;

export const matchSchema = {
  type: 'object',
  properties: {
    id: str, seriesId: str, game: str, variant: { type: 'string', description: 'the leaderboard it counts on (game.variant of its table size and options)' }, kind: str, rated: { type: 'boolean' },
    entrants: { type: 'array', items: entrantSchema, description: 'by seat: an entrant playing several seats (a partnership) is at each' },
    ranks: { type: 'array', items: int },
    points: { type: 'array', items: num },
    reason: str,
    forfeit: { type: ['object', 'null'], properties: { seat: int, verdict: str, message: str } },
    moves: int, finishedAt: int, replayBytes: int,
    botSeeds: { type: 'array', items: int, description: "each seat's bot seed (Math.random), to re-run the game locally" },
  },
} as const;

export const seriesSchema = {
  type: 'object',
  properties: {
    id: str, game: str, kind: str, rated: { type: 'boolean' }, status: str, deals: int, games: int, gamesDone: int,
    entrants: { type: 'array', items: { type: 'object', properties: { bot: str, version: int } }, description: 'A, B, ...: each plays every deal once per seat rotation' },
    seats: { type: 'integer', description: 'seats at the table (one per entrant unless partnerships play several)' },
    options: optionsValuesSchema,
    validates: { type: ['object', 'null'], properties: { bot: str, version: int } },
    matches: { type: 'array', items: str },
    createdAt: int, requestedBy: str, tournament: nullableStr, error: nullableStr,
  },
} as const;

/** GET /api/games: one game (game-info.ts GameInfo). */
export const gameInfoSchema = {
  type: 'object',
  required: ['id', 'version', 'seats', 'tables', 'entrantCounts', 'options', 'variants', 'mainVariant', 'houseBots'],
  properties: {
    id: str, version: str,
    seats: { type: 'object', required: ['min', 'max'], properties: { min: int, max: int } },
    tables: {
      type: 'array', description: 'each table size, the entrants it seats (fewer than its seats where partnerships play several) and its variant at the default options',
      items: { type: 'object', required: ['seats', 'entrants', 'variant'], properties: { seats: int, entrants: int, variant: str } },
    },
    entrantCounts: { type: 'array', items: int, description: 'the entrant counts a challenge or tournament table may have' },
    options: { type: 'object', additionalProperties: true, description: "the JSON Schema of the game's options object" },
    variants: { type: ['array', 'null'], items: str, description: 'every variant (one leaderboard each); null: too many option combinations to list' },
    mainVariant: { type: 'string', description: 'the variant GET /api/leaderboard/{game} shows' },
    houseBots: { type: 'array', items: { type: 'object', required: ['name', 'example'], properties: { name: str, example: str } } },
  },
} as const;

const entrantRefSchema = { type: 'object', properties: { bot: str, version: int } } as const;
const limitsSchema = { type: ['object', 'null'], additionalProperties: num } as const;

/** A tournament as listed: its setup and status. */
export const tournamentSchema = {
  type: 'object',
  properties: {
    id: str, game: str, status: str, entrants: { type: 'array', items: entrantRefSchema }, dealsPerPairing: int,
    seats: { type: 'integer', description: 'seats at each table' }, options: optionsValuesSchema, limits: limitsSchema, createdAt: int, createdBy: str, series: { type: 'array', items: str },
  },
} as const;

const pairingStatusSchema = {
  type: 'string', enum: ['queued', 'running', 'done', 'failed', 'cancelled'],
  description: 'the series\' status; cancelled: not played because the tournament was cancelled',
} as const;

/**
 * A tournament with its progress, standings (best first), cross table (one cell per pair: head to head) and
 * failures: pairings whose series failed after its retries (infrastructure, not a bot's forfeit).
 */
export const tournamentReportSchema = {
  type: 'object',
  properties: {
    ...tournamentSchema.properties,
    progress: {
      type: 'object',
      properties: { games: int, gamesDone: int, gamesUnplayed: { type: 'integer', description: 'games of failed or cancelled pairings that will never be played' } },
    },
    failures: {
      type: 'array',
      description: 'pairings whose series failed after its retries; the tournament still finishes (done) with them listed here',
      items: {
        type: 'object',
        required: ['series', 'entrants', 'reason', 'at', 'gamesDone'],
        properties: {
          series: str, entrants: { type: 'array', items: entrantRefSchema }, reason: str,
          at: { type: ['integer', 'null'], description: 'when the series was marked failed (ms since the epoch)' },
          gamesDone: { type: 'integer', description: 'games stored before it failed (they count)' },
        },
      },
    },
    standings: {
      type: 'array',
      description: 'wins: first place alone; draws: first place shared; ordered by results (a win 1, a draw ½) then points at 2 seats, by average place, then results, then points at more',
      items: { type: 'object', properties: { bot: str, version: int, ...recordSchema.properties, averagePlace: { type: ['number', 'null'], description: 'mean rank (1 = first, ties shared), null before any game' } } },
    },
    crossTable: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          series: { type: 'string', description: 'the pair\'s series at 2 seats; at more, the first of tables' },
          tables: { type: 'array', items: str, description: 'the series of every table the pair shares' },
          entrants: { type: 'array', items: entrantRefSchema }, status: pairingStatusSchema,
          error: { type: ['string', 'null'], description: 'why the series failed, or null' }, games: int, draws: int,
          wins: { type: 'array', items: int }, points: { type: 'array', items: num }, forfeits: { type: 'array', items: int },
        },
      },
    },
  },
} as const;

export const idParams = (pattern: string, what: string) => ({
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern, description: what } },
}) as const;

/** The games in progress (GET /api/live). */
export const liveGamesSchema = {
  type: 'object',
  required: ['games'],
  properties: {
    games: {
      type: 'array',
      items: {
        type: 'object',
        required: ['match', 'game', 'startedAt', 'seats', 'tournament'],
        properties: {
          match: str, game: str, startedAt: { type: 'integer', description: 'when its start was published (ms since the epoch)' },
          seats: { type: 'array', items: entrantSchema }, tournament: { type: ['string', 'null'], description: 'the tournament the game is part of, or null' },
        },
      },
    },
  },
} as const;

/** A game on broadcast or just shown (GET /api/broadcasts; live/broadcast.ts BroadcastSummary). */
const broadcastSummarySchema = {
  type: 'object',
  required: ['match', 'game', 'seats', 'tournament', 'move', 'score', 'ended', 'ranks', 'startedAt', 'endedAt'],
  properties: {
    match: str, game: str, seats: { type: 'array', items: entrantSchema }, tournament: { type: ['string', 'null'] },
    move: { type: 'integer', description: 'moves shown so far: engine moves, forced ones (N22, S18) included' },
    score: { type: ['string', 'null'], description: 'the score in the view shown, when the game has one' },
    ended: { type: 'boolean', description: 'its end has been shown' },
    ranks: { type: ['array', 'null'], items: int, description: 'by seat, once its end is shown' },
    startedAt: { type: 'integer', description: 'when its broadcast began (ms since the epoch)' },
    endedAt: { type: ['integer', 'null'], description: 'when its end was shown' },
  },
} as const;

/** What this server broadcasts (GET /api/broadcasts). */
export const broadcastsSchema = {
  type: 'object',
  required: ['on', 'finished', 'channels'],
  properties: {
    on: { type: 'array', items: broadcastSummarySchema, description: 'games being shown (or whose end a channel shows until its next game), newest first' },
    finished: { type: 'array', items: broadcastSummarySchema, description: 'games shown before, in the last minutes, newest first' },
    channels: { type: 'object', additionalProperties: { type: ['string', 'null'] }, description: 'channel name → the match it shows' },
  },
} as const;
