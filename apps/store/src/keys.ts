/**
 * Every Redis key of the platform, in one place (docs/architecture.md "Key layout"). Nothing else
 * in the repository builds a key by hand.
 */
export type Keys = ReturnType<typeof keysFor>;

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
    match: (id: string) => `${P}:match:${id}`,
    replay: (id: string) => `${P}:replay:${id}`,
    logs: (id: string, seat: number) => `${P}:logs:${id}:${seat}`,
    matchesAll: () => `${P}:matches:all`,
    matchesOfGame: (game: string) => `${P}:matches:game:${game}`,
    matchesOfBot: (id: string) => `${P}:matches:bot:${id}`,
    matchesOfSeries: (id: string) => `${P}:matches:series:${id}`,
    stats: (game: string, id: string) => `${P}:stats:${game}:${id}`,
    board: (game: string) => `${P}:board:${game}`,
    results: (game: string) => `${P}:results:${game}`,
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
    /** the games in progress: match id → start time (live.ts) */
    liveGames: () => `${P}:live-games`,
    /** games starting and ending, tournament progress, rating changes (a capped stream: live.ts) */
    lobby: () => `${P}:lobby`,
    /** the ladder's scheduler lock: one scheduler acts at a time across all workers (ladder.ts) */
    ladderLock: () => `${P}:ladder-lock`,
    /** bot id → when the ladder last scheduled it (ms): who has waited longest (ladder.ts) */
    ladderLast: (game: string) => `${P}:ladder:last:${game}`,
    /** the ladder's series of a game not yet seen finished: its backlog (ladder.ts) */
    ladderOpen: (game: string) => `${P}:ladder:open:${game}`,
    /** a fixed-window count of one rate limit for one user or address (rate-counters.ts) */
    rateCounter: (limit: string, subject: string) => `${P}:ratelimit:${limit}:${subject}`,
    /** a user's active tokens: SHA-256 → when it was made (tokens.ts) */
    userTokens: (name: string) => `${P}:tokens:${name}`,
  };
}
