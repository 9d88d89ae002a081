/**
 * The match list's JSON, assembled from each match's own text. A stored match never changes and
 * the store hands out the same frozen object for it while it stays cached, so each match is
 * serialized once — by fastify's serializer for the route's match schema (fast-json-stringify, which
 * writes only the declared fields) — and its text reused by every page that shows it.
 */
import type { FastifyReply } from 'fastify';
import type { Match, MatchPage } from '@xix/store';
import { matchSchema } from './schemas.ts';

const texts = new WeakMap<Match, string>();

export function matchPageJson(reply: FastifyReply, page: MatchPage): string {
  const serialize = reply.compileSerializationSchema(matchSchema);
  const parts = page.matches.map((match) => {
    let text = texts.get(match);
    if (text === undefined) {
      text = serialize(match as unknown as Record<string, unknown>);
      // only a frozen match is the store's shared, unchanging copy
      if (Object.isFrozen(match)) texts.set(match, text);
    }
    return text;
  });
  return `{"matches":[${parts.join(',')}],"next":${JSON.stringify(page.next)}}`;
}
