/**
 * The shapes of the platform's answers that the `xix` command reads: the API's own types
 * (@xix/server/api-types, checked against the route schemas there), under the names this
 * command's code uses.
 */
import type { Bot, BotDetail, CrossTableCell, Diagnostic, EntrantRef, Leaderboard, LeaderboardRow, Match, MatchEntrant, Tournament, TournamentReport, Version } from '@xix/server/api-types';

export type { BotDetail, CrossTableCell, Diagnostic, EntrantRef, Leaderboard, LeaderboardRow, TournamentReport };
export type BotSummary = Bot;
export type BotVersion = Version;
export type VersionState = Version['state'];
export type Entrant = MatchEntrant;
export type MatchSummary = Match;
export type TournamentSummary = Tournament;

/** The server's rule for user and bot names, checked here too so that the message can say what to do. */
export const NAME_PATTERN = /^[a-z][a-z0-9_-]{2,31}$/;
export const NAME_RULE = '3 to 32 characters: a lowercase letter, then lowercase letters, digits, _ or -';
