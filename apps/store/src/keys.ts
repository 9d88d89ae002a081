/**
 * Every Redis key of the platform, in one place (docs/architecture.md "Key layout"). Nothing else
 * in the repository builds a key by hand.
 */
import { DEFAULT_VARIANT } from '@xix/engine';

export type Keys = ReturnType<typeof keysFor>;

/**
 * A game's leaderboard (its board, rated results and records) is per variant; the default
 * variant's keys are the keys of before variants, so data stored then needs no migration.
 */
const ofVariant = (game: string, variant: string): string => (variant === DEFAULT_VARIANT ? game : `${game}:${variant}`);

export function keysFor(prefix: string) {
  const P = prefix;
  return {
    user: (name: string) => `${P}:user:${name}`,
    token: (sha256: string) => `${P}:token:${sha256}`,
    users: () => `${P}:users`,
    seq: (kind: 'bot' | 'series' | 'tournament') => `${P}:seq:${kind}`,
    bot: (id: string) => `${P}:bot:${id}`,
    ownerBots: (owner: string) => `${P}:owner:${owner}:bots`,
    botsOfGame: (game: string) => `${P}:bots:${game}`,
    version: (id: string, n: number) => `${P}:version:${id}:${n}`,
    validations: (id: string, n: number) => `${P}:validations:${id}:${n}`,
    window: (id: string, n: number) => `${P}:window:${id}:${n}`,
    series: (id: string) => `${P}:series:${id}`,
    /** the series neither done nor failed, scored by their sequence number (series.ts) */
    seriesUnfinished: () => `${P}:series-unfinished`,
    /** a series' finished games: index → compact record, 'h' → what they share (match-record.ts) */
    games: (seriesId: string) => `${P}:games:${seriesId}`,
    /** the newest matches (capped: MATCH_INDEX_RECENT), of all games, of one game, of one bot (BOT_INDEX_RECENT) */
    matchesAll: () => `${P}:matches:all`,
    matchesOfGame: (game: string) => `${P}:matches:game:${game}`,
    matchesOfBot: (id: string) => `${P}:matches:bot:${id}`,
    /** the layout before issue 24, read while migrate-storage.ts moves it: a match hash, its replay, logs and series index */
    oldMatch: (id: string) => `${P}:match:${id}`,
    oldReplay: (id: string) => `${P}:replay:${id}`,
    oldLogs: (id: string, seat: number) => `${P}:logs:${id}:${seat}`,
    oldMatchesOfSeries: (id: string) => `${P}:matches:series:${id}`,
    /** ms: the replays of retained kinds that finished before it are deleted (retention.ts) */
    replaysExpiredBefore: () => `${P}:replays-expired-before`,
    /** the storage passes' lock (retention, migration): one worker at a time, like the ladder's */
    storageLock: () => `${P}:storage-lock`,
    /** a bot's record over all its games of its game (every variant) */
    stats: (game: string, id: string) => `${P}:stats:${game}:${id}`,
    /** a bot's record in a variant other than the default (whose board shows `stats`) */
    variantStats: (game: string, variant: string, id: string) => `${P}:vstats:${game}:${variant}:${id}`,
    /** the variants other than the default that a game's matches were played in */
    variants: (game: string) => `${P}:variants:${game}`,
    board: (game: string, variant: string = DEFAULT_VARIANT) => `${P}:board:${ofVariant(game, variant)}`,
    results: (game: string, variant: string = DEFAULT_VARIANT) => `${P}:results:${ofVariant(game, variant)}`,
    tournament: (id: string) => `${P}:tournament:${id}`,
    /** the series ids of a tournament's pairings, in pairing order */
    tournamentSeries: (id: string) => `${P}:tournament:${id}:series`,
    tournamentsAll: () => `${P}:tournaments:all`,
    tournamentsOfGame: (game: string) => `${P}:tournaments:game:${game}`,
    /** games, forfeits by verdict, decision-time buckets of a game (counters.ts) */
    counters: (game: string) => `${P}:counters:${game}`,
    /** how long jobs waited in the queue, a histogram per queue kind (counters.ts) */
    queueWait: () => `${P}:queue-wait`,
    /** the live events of a game in progress (a stream, kept an hour after its last event: live.ts) */
    live: (matchId: string) => `${P}:live:${matchId}`,
    /** a game's lobby `game-end`, waiting while the game is on broadcast (live.ts) */
    waitingGameEnd: (matchId: string) => `${P}:live:${matchId}:waiting-game-end`,
    /** the games in progress: match id → start time (live.ts) */
    liveGames: () => `${P}:live-games`,
    /** the showings on broadcast: `<match>|<showing>` → when the hold lapses (ms); their deals stay unpublished (broadcast-holds.ts) */
    broadcastHolds: () => `${P}:broadcast-holds`,
    /** games starting and ending, tournament progress, rating changes (a capped stream: live.ts) */
    lobby: () => `${P}:lobby`,
    /** the ladder's scheduler lock: one scheduler acts at a time across all workers (ladder.ts) */
    ladderLock: () => `${P}:ladder-lock`,
    /** bot id → when the ladder last scheduled it (ms): who has waited longest (ladder.ts) */
    ladderLast: (game: string, variant: string = DEFAULT_VARIANT) => `${P}:ladder:last:${ofVariant(game, variant)}`,
    /** the ladder's series of a game not yet seen finished: its backlog (ladder.ts) */
    ladderOpen: (game: string, variant: string = DEFAULT_VARIANT) => `${P}:ladder:open:${ofVariant(game, variant)}`,
    /** a fixed-window count of one rate limit for one user or address (rate-counters.ts) */
    rateCounter: (limit: string, subject: string) => `${P}:ratelimit:${limit}:${subject}`,
    /** a user's active tokens: SHA-256 → when it was made (tokens.ts) */
    userTokens: (name: string) => `${P}:tokens:${name}`,
    /** the background SPRT of a bot's version against its previous active one (sprt.ts); '' for the prefix of all */
    sprt: (bot: string, version: number | '') => `${P}:sprt:${bot}:${version}`,
    /** a bot's SPRTs: new version → itself */
    sprtsOfBot: (bot: string) => `${P}:sprts:${bot}`,
    /** the SPRTs running (`<bot>.<version>`): what the scheduler advances */
    sprtRunning: () => `${P}:sprt-running`,
    /** set (with an expiry) while `xix admin backup` copies the blob store: retention deletes no blob meanwhile */
    backupRunning: () => `${P}:backup-running`,
  };
}
