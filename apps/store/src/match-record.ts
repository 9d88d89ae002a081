/**
 * A finished match as Redis keeps it (issue 24: small, and kept for ever): a line of its series'
 * games string (`keys.games`), whose first line is what the series' games share. One string per
 * series, not a hash: a record is longer than the 64 bytes under which Redis keeps a hash compact.
 *
 *   line 1: [game, kind, rated (1/0), variant ('' = the default), entrants [[bot, version, name], …]]
 *   then a line a game: `<index> [finishedAt, seats (entrant numbers of line 1, by seat), ranks,
 *                        points, reason, forfeit ([seat, verdict, message] or 0), moves, replayBytes, rawBytes]`
 *
 * Every line ends with '\n' (JSON strings never hold a raw one). About 70 bytes a game where the
 * match hash of before took some 500.
 */
import { DEFAULT_VARIANT } from '@xix/engine';
import type { ForfeitInfo, Match, MatchEntrant, SeriesKind } from './types.ts';

type Header = [game: string, kind: SeriesKind, rated: 0 | 1, variant: string, entrants: [string, number, string][]];
type Row = [finishedAt: number, seats: number[], ranks: number[], points: number[], reason: string, forfeit: [number, string, string] | 0, moves: number, replayBytes: number, rawBytes: number];

/**
 * Lua: appendGame(key, index, base, entrants, rest) adds a game's line to a games string, the
 * series' header made or extended with entrants it has not seen (1), or changes nothing if the
 * index is there already (0). base: JSON [game, kind, rated, variant]; entrants: JSON
 * [{bot, version, name}] by seat; rest: the record's JSON after its seats, without its '['
 * finishedAt ',' and with its closing ']' (matches.ts recordTail).
 */
export const APPEND_GAME_LUA = `
local function appendGame(key, index, base, entrantsJson, finishedAt, rest)
  local text = redis.call('GET', key)
  local header, body = nil, ''
  if text then
    if string.find(text, '\\n' .. index .. ' ', 1, true) then return 0 end
    local cut = string.find(text, '\\n', 1, true)
    header = cjson.decode(string.sub(text, 1, cut - 1))
    body = string.sub(text, cut + 1)
  else
    header = cjson.decode(base)
    header[5] = {}
  end
  local known = #header[5]
  local seats = {}
  for s, e in ipairs(cjson.decode(entrantsJson)) do
    local found = nil
    for j, k in ipairs(header[5]) do
      if k[1] == e.bot and tonumber(k[2]) == tonumber(e.version) and k[3] == e.name then found = j break end
    end
    if not found then
      header[5][#header[5] + 1] = { e.bot, tonumber(e.version), e.name }
      found = #header[5]
    end
    seats[s] = found - 1
  end
  local line = index .. ' [' .. finishedAt .. ',[' .. table.concat(seats, ',') .. '],' .. rest .. '\\n'
  -- SET, not APPEND: an appended string keeps as much room again as it holds, for the next append
  if text and #header[5] == known then
    redis.call('SET', key, text .. line)
  else
    redis.call('SET', key, cjson.encode(header) .. '\\n' .. body .. line)
  end
  return 1
end
`;

/** What a series' games share, as appendGame's `base`. */
export function encodeBase(match: Pick<Match, 'game' | 'kind' | 'rated' | 'variant'>): string {
  return JSON.stringify([match.game, match.kind, match.rated ? 1 : 0, match.variant === DEFAULT_VARIANT ? '' : match.variant]);
}

/** A record's JSON after its finishedAt and seats (appendGame's `rest`). */
export function encodeRest(match: Pick<Match, 'ranks' | 'points' | 'reason' | 'forfeit' | 'moves' | 'replayBytes' | 'rawBytes'>): string {
  const forfeit = match.forfeit === null ? 0 : [match.forfeit.seat, match.forfeit.verdict, match.forfeit.message];
  return JSON.stringify([[...match.ranks], [...match.points], match.reason, forfeit, match.moves, match.replayBytes, match.rawBytes]).slice(1);
}

/** A match id's series and index: `s12.3` → ['s12', '3']. */
export function splitMatchId(id: string): [seriesId: string, index: string] {
  const dot = id.lastIndexOf('.');
  return [id.slice(0, dot), id.slice(dot + 1)];
}

/** The matches of a series' games string, by index in the series (in the order stored). */
export function decodeGames(seriesId: string, text: string): Map<number, Match> {
  const lines = text.split('\n');
  const [game, kind, rated, variant, entrants] = JSON.parse(lines[0]!) as Header;
  const games = new Map<number, Match>();
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    const space = line.indexOf(' ');
    const index = Number(line.slice(0, space));
    const [finishedAt, seats, ranks, points, reason, forfeit, moves, replayBytes, rawBytes] = JSON.parse(line.slice(space + 1)) as Row;
    games.set(index, {
      id: `${seriesId}.${index}`, seriesId, game, variant: variant || DEFAULT_VARIANT, kind, rated: rated === 1,
      entrants: seats.map((n): MatchEntrant => { const [bot, version, name] = entrants[n]!; return { bot, version, name }; }),
      ranks, points, reason,
      forfeit: forfeit === 0 ? null : { seat: forfeit[0], verdict: forfeit[1], message: forfeit[2] } satisfies ForfeitInfo,
      moves, finishedAt, replayBytes, rawBytes,
    });
  }
  return games;
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
    entrants: (JSON.parse(text(entrants) || '[]') as MatchEntrant[]).map(({ bot, version, name }) => ({ bot, version, name })),
    ranks: JSON.parse(text(ranks) || '[]') as number[],
    points: JSON.parse(text(points) || '[]') as number[],
    reason: text(reason),
    forfeit: JSON.parse(text(forfeit) || 'null') as ForfeitInfo | null,
    moves: Number(moves), finishedAt: Number(finishedAt), replayBytes: Number(replayBytes), rawBytes: Number(rawBytes),
  };
}
