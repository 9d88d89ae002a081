/**
 * Matches never change once stored (recordMatch writes a match once, nothing rewrites it), so the
 * store keeps the newest ones it has read in memory: a page of the match list then costs Redis only
 * its ids. Bounded (least recently used leaves first); entries are frozen because every caller
 * shares them.
 */
import type { Match } from './types.ts';

export const MATCH_CACHE_SIZE = 5000;

export interface MatchCache {
  get(id: string): Match | undefined;
  put(match: Match): Match;
}

export function matchCache(size = MATCH_CACHE_SIZE): MatchCache {
  // a Map iterates in insertion order: re-inserting on a hit keeps the least recently used first
  const entries = new Map<string, Match>();
  return {
    get(id) {
      const match = entries.get(id);
      if (match !== undefined) {
        entries.delete(id);
        entries.set(id, match);
      }
      return match;
    },
    put(match) {
      const frozen = Object.freeze({
        ...match,
        entrants: Object.freeze(match.entrants.map((entrant) => Object.freeze({ ...entrant }))),
        ranks: Object.freeze([...match.ranks]),
        points: Object.freeze([...match.points]),
        forfeit: match.forfeit === null ? null : Object.freeze({ ...match.forfeit }),
      });
      entries.delete(match.id);
      entries.set(match.id, frozen);
      if (entries.size > size) entries.delete(entries.keys().next().value!);
      return frozen;
    },
  };
}
