/**
 * Matches never change once stored (recordMatch writes a match once, nothing rewrites it), so the
 * store keeps the ones it has read in memory: a page of the match list then costs Redis only its
 * ids. Bounded: the first read leaves first (the pages read most are of the newest matches, read
 * last; a hit costs no bookkeeping). Entries are frozen because every caller shares them.
 */
import type { Match } from './types.ts';

export const MATCH_CACHE_SIZE = 5000;

export interface MatchCache {
  get(id: string): Match | undefined;
  put(match: Match): Match;
}

export function matchCache(size = MATCH_CACHE_SIZE): MatchCache {
  // a Map iterates in insertion order: the first key is the first read
  const entries = new Map<string, Match>();
  return {
    get: (id) => entries.get(id),
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
