/**
 * @xix/store: the platform's system of record in Redis. The only code that knows Redis keys
 * (docs/architecture.md "The platform" has the key layout).
 */
export { createStore, type Store, type StoreOptions } from './store.ts';
export { hashToken, MAX_TOKENS_PER_USER, TOKEN_ID, tokenId, type IssuedToken, type TokenInfo } from './tokens.ts';
export type { WindowCount } from './rate-counters.ts';
export { keysFor } from './keys.ts';
export { CONNECTION_LOG_EVERY_MS, logConnectionErrors, type ConnectionLogger, type ConnectionLogOptions } from './connection-log.ts';
export { entrantResults, ranksOf, type EntrantResult } from './ranks.ts';
export { compressGame, decompressGame, gameBlobKey, type GameDocument } from './replay-codec.ts';
export { BLOB_KEY, blobDirOf, dataDirOf, fileBlobStore, type BlobStore } from './blobs.ts';
export { ConfigError, onOff, wholeNumber } from './env-settings.ts';
export { BOT_ID, BOT_NAME, MATCH_ID, SERIES_ID, TOURNAMENT_ID, USER_NAME, VARIANT, StoreInputError, matchId } from './names.ts';
export { MAX_DEALS_PER_PAIRING, MAX_TOURNAMENT_ENTRANTS, cancelledSeriesReason } from './tournaments.ts';
export { MAX_TOURNAMENT_TABLES, tableScheduleProblem } from './table-schedule.ts';
export { BOT_INDEX_RECENT, EXPIRED, MATCH_INDEX_RECENT, MAX_PAGE, MAX_STORED_LOG_CHARS } from './matches.ts';
export { DEFAULT_REPLAY_RETENTION_DAYS, EXPIRING_KINDS, type RetentionPass } from './retention.ts';
export { DECISION_BUCKETS_MS, QUEUE_KINDS, QUEUE_WAIT_BUCKETS_S, readGameCounters, readQueueWaits, recordQueueWait, type DecisionHistogram, type GameCounters, type HistogramCounts } from './counters.ts';
export { PROBATION_MIN_GAMES, PROBATION_PERCENT, PROBATION_WINDOW } from './record-match-script.ts';
export { SERIES_JOB_OPTIONS, SERIES_JOB_PRIORITY, SERIES_QUEUE, queuePrefix, seriesJobId, type SeriesJobData, type SeriesJobName } from './jobs.ts';
export { MAX_BROADCAST_HOLD_MS, MAX_BROADCAST_QUERY } from './broadcast-holds.ts';
export { LIVE_STREAM_MAX, LIVE_TTL_SECONDS, LOBBY_STREAM_MAX, type Entry, type LiveEvent, type LiveSeat, type LobbyEvent, type WholeLiveEvent, wholeMoves } from './live.ts';
export type * from './types.ts';
export { LADDER_DEALS, PROVISIONAL_GAMES, chooseLadderPairings, ladderCandidatesOf, type LadderBacklog, type LadderCandidate, type LadderChoice, type LadderTable } from './ladder.ts';
export type { HeadToHead, HeadToHeadRow } from './head-to-head.ts';
/** For the worker's settings, which it reads apart from the store's own checks. */
export { SPRT_ELO_LIMIT } from '@xix/ratings';
export { DEFAULT_SPRT_SETTINGS, SPRT_REQUESTER, checkSprtSettings, sprtId, type NewSprt, type SprtModel, type SprtSettings, type SprtStatus, type SprtStep, type SprtTest } from './sprt.ts';
export type { TypeCheckResult, ValidationPlan, ValidationTable } from './validation.ts';
export { TYPE_ERROR_VERDICT } from './types.ts';
