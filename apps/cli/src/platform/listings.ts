/** `xix bots`, `xix matches` and `xix leaderboard`: tables of what the platform holds. */
import { defaultGame } from '@xix/engine';
import { fail } from '../cli-error.ts';
import { table } from '../format.ts';
import { checkedSession, publicClient, type ServerOption } from './session.ts';
import { versionReport } from './version-report.ts';
import type { BotDetail, BotSummary, Entrant, Leaderboard, LeaderboardRow, MatchSummary } from './api-types.ts';

export interface BotsOptions extends ServerOption {
  readonly game?: string;
  readonly mine?: boolean;
}

export interface MatchesOptions extends ServerOption {
  readonly game?: string;
  readonly bot?: string;
  readonly series?: string;
  readonly limit: string;
  readonly before?: string;
}

export interface LeaderboardOptions extends ServerOption {
  readonly game?: string;
  readonly variant?: string;
}

/** As the server's GAME_ID_PATTERN: a game id may start with a digit (1923). */
const GAME_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;
const VARIANT = /^[a-z0-9][a-z0-9-]{0,31}$/;

export async function bots(options: BotsOptions): Promise<void> {
  if (options.game !== undefined && !GAME_ID.test(options.game)) fail(`--game must be a game id such as ${defaultGame().id}, got ${options.game}`);
  // --mine is about who the saved login is: its token is checked first
  const mine = options.mine === true ? await checkedSession(options) : null;
  const client = mine?.client ?? publicClient(options);
  const rows = listOf<BotSummary>(await client.get<unknown>('/api/bots', { game: options.game, owner: mine?.login.name }), 'bots');
  if (rows.length === 0) {
    console.log(mine === null ? 'no bots' : `${mine.login.name} has no bots${options.game === undefined ? '' : ` of ${options.game}`}: upload one with xix upload BOT.ts`);
    return;
  }
  // Your own bots: each one's newest version, whatever its state (issue 17 item 5).
  const newest = mine === null ? [] : await Promise.all(rows.map(async (b) => (await client.get<BotDetail>(`/api/bots/${encodeURIComponent(b.id)}`)).versions.at(-1)));
  console.log(
    table([
      ['bot', 'name', 'owner', 'game', 'active', ...(mine === null ? [] : ['newest']), 'games', 'W-L-D', 'forfeits', 'state'],
      ...rows.map((b, i) => [
        b.id,
        b.name,
        b.owner,
        b.game,
        b.active ? `v${b.active}` : '-',
        ...(mine === null ? [] : [newest[i] === undefined ? '-' : `v${newest[i].version} ${newest[i].state}`]),
        String(b.record?.games ?? 0),
        `${b.record?.wins ?? 0}-${b.record?.losses ?? 0}-${b.record?.draws ?? 0}`,
        String(b.record?.forfeits ?? 0),
        b.retired === true ? 'retired' : b.probation ? 'probation' : '',
      ]),
    ]),
  );
  // A bot on probation: its owner needs the reason, not only the word.
  for (const b of rows) if (b.retired !== true && b.probation) console.log(`${b.id} (${b.name}) is on probation: ${b.probation}`);
  // A newest version that is not the active one: what it is doing, or why it was rejected.
  rows.forEach((b, i) => {
    const version = newest[i];
    if (version !== undefined && version.version !== b.active) for (const line of versionReport(`${b.id} (${b.name})`, version, client.url)) console.log(line);
  });
}

export async function matches(options: MatchesOptions): Promise<void> {
  const limit = Number(options.limit);
  if (!/^\d+$/.test(options.limit) || limit < 1 || limit > 100) fail(`--limit must be a whole number from 1 to 100, got ${options.limit}`);
  const body = await publicClient(options).get<{ matches?: unknown; next?: unknown }>('/api/matches', {
    game: options.game,
    bot: options.bot,
    series: options.series,
    limit,
    before: options.before,
  });
  const rows = listOf<MatchSummary>(body, 'matches');
  if (rows.length === 0) {
    console.log('no matches');
    return;
  }
  console.log(
    table([
      ['match', 'seats', 'result', 'points', 'reason', 'moves'],
      ...rows.map((m) => [
        m.id,
        m.entrants.map((e) => `${e.name} (${e.bot} v${e.version})`).join(' vs '),
        resultInWords(m.entrants, m.ranks ?? []),
        (m.points ?? []).join('-'),
        m.reason ?? '',
        m.moves === undefined ? '' : String(m.moves),
      ]),
    ]),
  );
  if (typeof body.next === 'string' || typeof body.next === 'number') console.log(`more: xix matches --before ${body.next}${options.limit === '20' ? '' : ` --limit ${limit}`}`);
}

/**
 * A match's result in words, from its ranks by seat (1 = first; issue 17 item 7: not "2-1"): who
 * won, or a draw, and at a bigger table each place. A seat is named by its bot, with its seat
 * number when one bot sits in several seats (a bot playing itself, a partnership).
 */
export function resultInWords(entrants: readonly Entrant[], ranks: readonly number[]): string {
  if (ranks.length === 0 || ranks.length !== entrants.length) return '';
  const names = entrants.map((e) => e.name);
  const who = (seat: number): string => (names.filter((n) => n === names[seat]).length > 1 ? `${names[seat]} (seat ${seat})` : names[seat]!);
  const places = [...new Set(ranks)].sort((a, b) => a - b);
  if (places.length === 1) return 'draw';
  const seatsAt = (rank: number): string => joinAnd(ranks.flatMap((r, seat) => (r === rank ? [who(seat)] : [])));
  const first = ranks.filter((r) => r === places[0]).length;
  const winners = `${seatsAt(places[0]!)} ${first === 1 ? 'won' : 'shared first place'}`;
  if (ranks.length === 2) return winners;
  return [winners, ...places.slice(1).map((rank) => `${seatsAt(rank)} ${ordinal(rank)}`)].join(', ');
}

const joinAnd = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const ordinal = (n: number): string => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/**
 * `xix leaderboard`: a game's board (its main variant unless --variant), best first as the server
 * orders it, with Elo (provisional while a version settles) and Bradley–Terry with its 95% interval.
 */
export async function leaderboard(options: LeaderboardOptions): Promise<void> {
  const game = options.game ?? defaultGame().id;
  if (!GAME_ID.test(game)) fail(`--game must be a game id such as ${defaultGame().id}, got ${game}`);
  if (options.variant !== undefined && !VARIANT.test(options.variant)) fail(`--variant must be a variant name (GET /api/games lists each game's), got ${options.variant}`);
  const route = `/api/leaderboard/${game}${options.variant === undefined ? '' : `/${options.variant}`}`;
  const board = await publicClient(options).get<Leaderboard>(route);
  if (typeof board !== 'object' || board === null || !Array.isArray(board.rows)) fail(`the server's answer for ${route} is not a leaderboard`);
  console.log(`${board.game}, variant ${board.variant}: ${board.rows.length} bot${board.rows.length === 1 ? '' : 's'}`);
  if (board.rows.length === 0) return;
  console.log(
    table([
      ['#', 'bot', 'name', 'owner', 'Elo', 'Bradley–Terry (95% interval)', 'games', 'W-L-D', 'win rate', 'forfeits'],
      ...board.rows.map((row, i) => [
        String(i + 1),
        row.bot,
        row.name,
        row.owner,
        row.elo === null ? '-' : `${Math.round(row.elo)}${row.provisional ? '?' : ''}`,
        bradleyTerry(row),
        String(row.games),
        `${row.wins}-${row.losses}-${row.draws}`,
        `${(100 * row.winRate).toFixed(1)}%`,
        String(row.forfeits),
      ]),
    ]),
  );
  const notes = [];
  if (board.rows.some((row) => row.provisional)) notes.push('?: provisional, the current version has few rated games yet');
  if (board.rows.some((row) => row.bt?.unbounded != null)) notes.push('an open end (< or >): the results alone leave the rating unbounded that way');
  notes.push('Elo follows each rated game; Bradley–Terry fits all of them at once (docs/ratings.md)');
  for (const note of notes) console.log(note);
}

/** "1520 (1490–1550)", with an open end marked where the results leave one. */
function bradleyTerry(row: LeaderboardRow): string {
  const bt = row.bt;
  if (bt === null) return '-';
  const low = bt.unbounded === 'below' || bt.unbounded === 'both' ? `<${Math.round(bt.low)}` : String(Math.round(bt.low));
  const high = bt.unbounded === 'above' || bt.unbounded === 'both' ? `>${Math.round(bt.high)}` : String(Math.round(bt.high));
  return `${Math.round(bt.rating)} (${low}–${high})`;
}

/** A list answer: the array itself, or the array under `key`. */
export function listOf<T>(body: unknown, key: string): T[] {
  if (Array.isArray(body)) return body as T[];
  const inner = (body as Record<string, unknown> | null)?.[key];
  if (Array.isArray(inner)) return inner as T[];
  fail(`the server's answer has no list of ${key}`);
}
