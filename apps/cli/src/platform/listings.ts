/** `xix bots` and `xix matches`: tables of what the platform holds. */
import { fail } from '../cli-error.ts';
import { table } from '../format.ts';
import { session } from './session.ts';
import type { BotSummary, MatchSummary } from './api-types.ts';

export interface BotsOptions {
  readonly game?: string;
  readonly mine?: boolean;
}

export interface MatchesOptions {
  readonly game?: string;
  readonly bot?: string;
  readonly series?: string;
  readonly limit: string;
  readonly before?: string;
}

export async function bots(options: BotsOptions): Promise<void> {
  const { client, login } = session();
  const owner = options.mine === true ? login.name : undefined;
  const rows = listOf<BotSummary>(await client.get<unknown>('/api/bots', { game: options.game, owner }), 'bots');
  if (rows.length === 0) {
    console.log('no bots');
    return;
  }
  console.log(
    table([
      ['bot', 'name', 'owner', 'game', 'active', 'games', 'W-L-D', 'forfeits', 'state'],
      ...rows.map((b) => [
        b.id,
        b.name,
        b.owner,
        b.game,
        b.active ? `v${b.active}` : '-',
        String(b.record?.games ?? 0),
        `${b.record?.wins ?? 0}-${b.record?.losses ?? 0}-${b.record?.draws ?? 0}`,
        String(b.record?.forfeits ?? 0),
        b.retired === true ? 'retired' : b.probation ? 'probation' : '',
      ]),
    ]),
  );
  // A bot on probation: its owner needs the reason, not only the word.
  for (const b of rows) if (b.retired !== true && b.probation) console.log(`${b.id} (${b.name}) is on probation: ${b.probation}`);
}

export async function matches(options: MatchesOptions): Promise<void> {
  const limit = Number(options.limit);
  if (!/^\d+$/.test(options.limit) || limit < 1 || limit > 100) fail(`--limit must be a whole number from 1 to 100, got ${options.limit}`);
  const body = await session().client.get<{ matches?: unknown; next?: unknown }>('/api/matches', {
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
      ['match', 'seats', 'ranks', 'points', 'reason', 'moves'],
      ...rows.map((m) => [
        m.id,
        m.entrants.map((e) => `${e.name} (${e.bot} v${e.version})`).join(' vs '),
        (m.ranks ?? []).join('-'),
        (m.points ?? []).join('-'),
        m.reason ?? '',
        m.moves === undefined ? '' : String(m.moves),
      ]),
    ]),
  );
  if (typeof body.next === 'string' || typeof body.next === 'number') console.log(`more: xix matches --before ${body.next}${options.limit === '20' ? '' : ` --limit ${limit}`}`);
}

/** A list answer: the array itself, or the array under `key`. */
export function listOf<T>(body: unknown, key: string): T[] {
  if (Array.isArray(body)) return body as T[];
  const inner = (body as Record<string, unknown> | null)?.[key];
  if (Array.isArray(inner)) return inner as T[];
  fail(`the server's answer has no list of ${key}`);
}
