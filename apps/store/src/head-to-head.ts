/**
 * A bot's results against each opponent, over its most recent matches (its match index, newest
 * first, read a page at a time). Games against itself (validation) are left out.
 */
import { MAX_PAGE } from './matches.ts';
import { BOT_ID, check } from './names.ts';
import type { MatchPage, MatchQuery } from './types.ts';

/** Matches read at most: a bot's page stays quick however many it has played. */
export const HEAD_TO_HEAD_MATCHES = 2000;

export interface HeadToHeadRow {
  readonly opponent: string;
  /** The opponent's name when it last played this bot. */
  readonly name: string;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

export interface HeadToHead {
  readonly bot: string;
  /** Matches read (newest first); `complete`: all of the bot's matches. */
  readonly matches: number;
  readonly complete: boolean;
  /** Most games first. */
  readonly opponents: readonly HeadToHeadRow[];
}

export function headToHeadOps(listMatches: (query: MatchQuery) => Promise<MatchPage>) {
  return {
    async headToHead(bot: string, limit = HEAD_TO_HEAD_MATCHES): Promise<HeadToHead> {
      check(BOT_ID, bot, 'bot id');
      const rows = new Map<string, { opponent: string; name: string; games: number; wins: number; losses: number; draws: number }>();
      let read = 0;
      let before: string | null = null;
      do {
        const page: MatchPage = await listMatches({ bot, limit: Math.min(MAX_PAGE, limit - read), ...(before !== null && { before }) });
        read += page.matches.length;
        before = page.next;
        for (const match of page.matches) {
          const seat = match.entrants.findIndex((entrant) => entrant.bot === bot);
          const other = match.entrants.findIndex((entrant, i) => i !== seat && entrant.bot !== bot);
          const opponent = match.entrants[other];
          if (seat < 0 || opponent === undefined) continue;
          let row = rows.get(opponent.bot);
          // newest first: the first name met is the latest
          if (row === undefined) rows.set(opponent.bot, row = { opponent: opponent.bot, name: opponent.name, games: 0, wins: 0, losses: 0, draws: 0 });
          const mine = match.ranks[seat] ?? 0;
          const theirs = match.ranks[other] ?? 0;
          row.games += 1;
          if (mine < theirs) row.wins += 1;
          else if (mine > theirs) row.losses += 1;
          else row.draws += 1;
        }
      } while (before !== null && read < limit);
      return { bot, matches: read, complete: before === null, opponents: [...rows.values()].sort((a, b) => b.games - a.games || a.opponent.localeCompare(b.opponent)) };
    },
  };
}
