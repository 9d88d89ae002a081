/**
 * A finished match as Redis keeps it (issue 24: small, for ever): one field of its series' games
 * hash (`keys.games`), a JSON array of what differs from game to game, plus one field 'h' per series
 * with what its games share. Positional arrays, no field names: about 100 bytes a game where the
 * hash of before took some 500.
 *
 * 'h': [game, kind, rated (1/0), variant ('' = the default)]
 * game: [finishedAt, entrants [[bot, version, name], …], ranks, points, reason,
 *        forfeit ([seat, verdict, message] or 0), moves, replayBytes, rawBytes]
 */
import { DEFAULT_VARIANT } from '@xix/engine';
import type { ForfeitInfo, Match, MatchEntrant, SeriesKind } from './types.ts';

/** The games hash's field of what a series' games share. */
export const HEADER_FIELD = 'h';

type Header = [game: string, kind: SeriesKind, rated: 0 | 1, variant: string];
type Row = [finishedAt: number, entrants: [string, number, string][], ranks: number[], points: number[], reason: string, forfeit: [number, string, string] | 0, moves: number, replayBytes: number, rawBytes: number];

export function encodeHeader(match: Pick<Match, 'game' | 'kind' | 'rated' | 'variant'>): string {
  const header: Header = [match.game, match.kind, match.rated ? 1 : 0, match.variant === DEFAULT_VARIANT ? '' : match.variant];
  return JSON.stringify(header);
}

export function encodeRecord(match: Omit<Match, 'id' | 'seriesId' | 'game' | 'kind' | 'rated' | 'variant'>): string {
  const row: Row = [
    match.finishedAt, match.entrants.map((e) => [e.bot, e.version, e.name]), [...match.ranks], [...match.points], match.reason,
    match.forfeit === null ? 0 : [match.forfeit.seat, match.forfeit.verdict, match.forfeit.message], match.moves, match.replayBytes, match.rawBytes,
  ];
  return JSON.stringify(row);
}

/** A match id's series and index: `s12.3` → ['s12', '3']. */
export function splitMatchId(id: string): [seriesId: string, index: string] {
  const dot = id.lastIndexOf('.');
  return [id.slice(0, dot), id.slice(dot + 1)];
}

export function decodeRecord(id: string, header: string, record: string): Match {
  const [game, kind, rated, variant] = JSON.parse(header) as Header;
  const [finishedAt, entrants, ranks, points, reason, forfeit, moves, replayBytes, rawBytes] = JSON.parse(record) as Row;
  return {
    id, seriesId: splitMatchId(id)[0], game, variant: variant || DEFAULT_VARIANT, kind, rated: rated === 1,
    entrants: entrants.map(([bot, version, name]): MatchEntrant => ({ bot, version, name })), ranks, points, reason,
    forfeit: forfeit === 0 ? null : { seat: forfeit[0], verdict: forfeit[1], message: forfeit[2] } satisfies ForfeitInfo,
    moves, finishedAt, replayBytes, rawBytes,
  };
}

/** Fields of a match hash of the layout before issue 24 (HMGET order). */
export const OLD_MATCH_FIELDS = ['id', 'seriesId', 'game', 'kind', 'rated', 'entrants', 'ranks', 'points', 'reason', 'forfeit', 'moves', 'finishedAt', 'replayBytes', 'rawBytes', 'variant'] as const;

/** A match from an old match hash's OLD_MATCH_FIELDS; null when the hash does not exist. */
export function oldMatchOf(fields: readonly (string | null)[]): Match | null {
  const [id, seriesId, game, kind, rated, entrants, ranks, points, reason, forfeit, moves, finishedAt, replayBytes, rawBytes, variant] = fields;
  if (typeof id !== 'string') return null;
  const text = (field: string | null | undefined) => field ?? '';
  return {
    id, seriesId: text(seriesId), game: text(game), variant: variant || DEFAULT_VARIANT, kind: kind as SeriesKind, rated: rated === '1',
    entrants: JSON.parse(text(entrants) || '[]') as MatchEntrant[],
    ranks: JSON.parse(text(ranks) || '[]') as number[],
    points: JSON.parse(text(points) || '[]') as number[],
    reason: text(reason),
    forfeit: JSON.parse(text(forfeit) || 'null') as ForfeitInfo | null,
    moves: Number(moves), finishedAt: Number(finishedAt), replayBytes: Number(replayBytes), rawBytes: Number(rawBytes),
  };
}
