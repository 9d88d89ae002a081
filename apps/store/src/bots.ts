/** Bots and their versions. A bot is (owner, name) within one game; each upload is a new version. */
import type { Redis } from 'ioredis';
import { GAMES } from '@xix/engine';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';
import { BOT_ID, BOT_NAME, USER_NAME, check } from './names.ts';
import type { Bot, BotRecord, BotWithVersions, Diagnostic, NewVersion, PutVersionResult, VersionInfo, VersionState, VersionWithSource } from './types.ts';

/**
 * Lua: putVersion(ownerBots key, seq:bot key, botsOfGame key, ...the PUT_VERSION_ARGC arguments of
 * putVersionCall) stores a new version, creating the bot on its first upload, and answers
 * {'ok', bot, n} or {'game_differs' | 'retired', bot}. It writes nothing before answering a refusal
 * (a new bot plays its own game and is not retired), so a script that starts with it and goes on
 * only after 'ok' stores all or nothing (validation.ts stores the version's validation series so).
 * Creating the bot and its version is one step, so two uploads of a new name at once make one bot.
 * A bot none of whose versions was ever accepted (all rejected) is bound to no game yet: an upload
 * of another game takes its name (issue 16 item 7: a rejected upload never binds a name to a game).
 */
export const PUT_VERSION_LUA = `
local function putVersion(ownerBots, seqBot, botsOfGame, owner, name, game, now, prefix, state, entry, files, bundle, bytes, compileMs)
  local id = redis.call('HGET', ownerBots, name)
  if not id then
    id = 'b' .. redis.call('INCR', seqBot)
    redis.call('HSET', prefix .. ':bot:' .. id, 'id', id, 'game', game, 'owner', owner, 'name', name,
      'createdAt', now, 'versions', 0, 'active', '', 'retired', '0', 'probation', '')
    redis.call('HSET', ownerBots, name, id)
    redis.call('ZADD', botsOfGame, now, id)
  end
  local bot = prefix .. ':bot:' .. id
  local botGame, retired, versions = unpack(redis.call('HMGET', bot, 'game', 'retired', 'versions'))
  if retired == '1' then return {'retired', id} end
  if botGame ~= game then
    for v = 1, tonumber(versions) or 0 do
      if redis.call('HGET', prefix .. ':version:' .. id .. ':' .. v, 'state') ~= 'rejected' then return {'game_differs', id} end
    end
    redis.call('HSET', bot, 'game', game)
    redis.call('ZREM', prefix .. ':bots:' .. botGame, id)
    redis.call('ZADD', botsOfGame, now, id)
  end
  local n = redis.call('HINCRBY', bot, 'versions', 1)
  redis.call('HSET', prefix .. ':version:' .. id .. ':' .. n, 'state', state, 'entry', entry, 'files', files,
    'bundle', bundle, 'bytes', bytes, 'compileMs', compileMs, 'createdAt', now,
    'verdict', '', 'message', '', 'failingMatch', '', 'diagnostics', '')
  if state == 'active' then redis.call('HSET', bot, 'active', n) end
  return {'ok', id, n}
end
`;

/** How many arguments putVersion takes after its three keys. */
export const PUT_VERSION_ARGC = 11;

// KEYS: ownerBots, seq:bot, botsOfGame; ARGV: putVersion's arguments.
const PUT_VERSION = `${PUT_VERSION_LUA}
return putVersion(KEYS[1], KEYS[2], KEYS[3], unpack(ARGV))`;

/** The checked keys and arguments of PUT_VERSION_LUA's putVersion for a new version. */
export function putVersionCall(keys: Keys, prefix: string, input: NewVersion): { keys: string[]; args: (string | number)[] } {
  check(USER_NAME, input.owner, 'owner');
  check(BOT_NAME, input.name, 'bot name');
  const args = [input.owner, input.name, input.game, Date.now(), prefix, input.state ?? 'validating', input.entry,
    JSON.stringify(input.files), input.bundle, input.bytes, Math.round(input.compileMs)];
  return { keys: [keys.ownerBots(input.owner), keys.seq('bot'), keys.botsOfGame(input.game)], args };
}

/** putVersion's answer, as the script gives it. */
export function putVersionResult([status, bot, version]: readonly [string, string, number?, ...unknown[]]): PutVersionResult {
  if (status === 'ok') return { ok: true, bot, version: Number(version) };
  return { ok: false, reason: status as 'game_differs' | 'retired', bot };
}

// KEYS: bot, version; ARGV: n, state, verdict, message, failingMatch.
const SET_VERSION_STATE = `
if redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
redis.call('HSET', KEYS[2], 'state', ARGV[2], 'verdict', ARGV[3], 'message', ARGV[4], 'failingMatch', ARGV[5])
local active = tonumber(redis.call('HGET', KEYS[1], 'active')) or 0
if ARGV[2] == 'active' and tonumber(ARGV[1]) > active then redis.call('HSET', KEYS[1], 'active', ARGV[1]) end
if ARGV[2] ~= 'active' and tonumber(ARGV[1]) == active then
  -- the active version fell: the newest version still active takes its place
  local best = ''
  for v = active - 1, 1, -1 do
    local key = string.sub(KEYS[2], 1, #KEYS[2] - #ARGV[1]) .. v
    if redis.call('HGET', key, 'state') == 'active' then best = v break end
  end
  redis.call('HSET', KEYS[1], 'active', best)
end
return 1`;

const VERSION_FIELDS = ['state', 'entry', 'bytes', 'compileMs', 'createdAt', 'verdict', 'message', 'failingMatch', 'diagnostics'] as const;

const orNull = (value: string | null | undefined): string | null => (value === undefined || value === null || value === '' ? null : value);

export function recordOf(hash: Record<string, string>): BotRecord {
  const n = (field: string) => Number(hash[field] ?? 0);
  return { games: n('games'), wins: n('wins'), losses: n('losses'), draws: n('draws'), forfeits: n('forfeits'), points: n('points') };
}

export function botOps(redis: Redis, keys: Keys, prefix: string) {
  const putVersionScript = luaScript(redis, PUT_VERSION);
  const setVersionStateScript = luaScript(redis, SET_VERSION_STATE);

  function toBot(hash: Record<string, string>, stats: Record<string, string>): Bot {
    return {
      id: hash.id ?? '',
      game: hash.game ?? '',
      owner: hash.owner ?? '',
      name: hash.name ?? '',
      createdAt: Number(hash.createdAt),
      versions: Number(hash.versions ?? 0),
      active: hash.active === undefined || hash.active === '' ? null : Number(hash.active),
      retired: hash.retired === '1',
      probation: orNull(hash.probation),
      record: recordOf(stats),
    };
  }

  async function getBots(ids: readonly string[]): Promise<Bot[]> {
    if (ids.length === 0) return [];
    const hashes = await Promise.all(ids.map((id) => redis.hgetall(keys.bot(id))));
    const present = hashes.filter((hash) => hash.id !== undefined);
    const stats = await Promise.all(present.map((hash) => redis.hgetall(keys.stats(hash.game ?? '', hash.id ?? ''))));
    return present.map((hash, i) => toBot(hash, stats[i] ?? {}));
  }

  function toVersion(bot: string, version: number, values: readonly (string | null)[]): VersionInfo {
    const [state, entry, bytes, compileMs, createdAt, verdict, message, failingMatch, diagnostics] = values;
    return {
      bot,
      version,
      state: (state ?? 'validating') as VersionState,
      entry: entry ?? '',
      bytes: Number(bytes),
      compileMs: Number(compileMs),
      createdAt: Number(createdAt),
      verdict: orNull(verdict),
      message: orNull(message),
      failingMatch: orNull(failingMatch),
      diagnostics: diagnostics === null || diagnostics === undefined || diagnostics === '' ? null : (JSON.parse(diagnostics) as Diagnostic[]),
    };
  }

  return {
    /** Stores a new version, creating the bot on its first upload; atomic. */
    async putVersion(input: NewVersion): Promise<PutVersionResult> {
      const call = putVersionCall(keys, prefix, input);
      return putVersionResult((await putVersionScript(call.keys, call.args)) as [string, string, number?]);
    },

    async getBot(id: string): Promise<Bot | null> {
      if (!BOT_ID.test(id)) return null;
      return (await getBots([id]))[0] ?? null;
    },

    /** The bot an owner gave this name, if any. */
    async botIdByName(owner: string, name: string): Promise<string | null> {
      if (!USER_NAME.test(owner) || !BOT_NAME.test(name)) return null;
      return redis.hget(keys.ownerBots(owner), name);
    },

    /** Bots of a game and/or an owner, oldest first. */
    async listBots(filter: { readonly game?: string; readonly owner?: string }): Promise<Bot[]> {
      let ids: string[];
      if (filter.owner !== undefined) {
        if (!USER_NAME.test(filter.owner)) return [];
        ids = (await redis.hvals(keys.ownerBots(filter.owner))).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
      } else {
        const games = filter.game !== undefined ? [filter.game] : [...GAMES.keys()];
        ids = (await Promise.all(games.map((game) => redis.zrange(keys.botsOfGame(game), '0', '-1')))).flat();
      }
      const bots = await getBots(ids);
      return filter.game === undefined ? bots : bots.filter((bot) => bot.game === filter.game);
    },

    getBotWithVersions,

    getVersion,

    async loadBundle(id: string, n: number): Promise<string | null> {
      if (!BOT_ID.test(id) || !Number.isSafeInteger(n)) return null;
      return redis.hget(keys.version(id, n), 'bundle');
    },

    /** Retired bots keep their history but leave the leaderboard and take no challenges. */
    async retireBot(id: string): Promise<boolean> {
      const game = await redis.hget(keys.bot(id), 'game');
      if (game === null) return false;
      // it leaves the board of every variant of its game
      const variants = await redis.smembers(keys.variants(game));
      const retire = redis.multi().hset(keys.bot(id), 'retired', '1').zrem(keys.board(game), id);
      for (const variant of variants) retire.zrem(keys.board(game, variant), id);
      await retire.exec();
      return true;
    },

    async setVersionState(id: string, n: number, change: { state: VersionState; verdict?: string; message?: string; failingMatch?: string }): Promise<boolean> {
      const done = await setVersionStateScript([keys.bot(id), keys.version(id, n)], [n, change.state,
        change.verdict ?? '', change.message ?? '', change.failingMatch ?? '']);
      return done === 1;
    },
  };

  /**
   * A bot with all its versions, oldest first (without source or bundle), read in one transaction:
   * a validation that ends between two reads could otherwise show a version 'active' while the bot
   * still names no active version.
   */
  async function getBotWithVersions(id: string): Promise<BotWithVersions | null> {
    if (!BOT_ID.test(id)) return null;
    const head = await redis.hmget(keys.bot(id), 'game', 'versions');
    const [game, counted] = head;
    if (game === null || game === undefined) return null;
    // the count only grows; a version added between the two reads is fetched on the next turn
    for (let count = Number(counted ?? 0); ; ) {
      const multi = redis.multi().hgetall(keys.bot(id)).hgetall(keys.stats(game, id));
      for (let n = 1; n <= count; n++) multi.hmget(keys.version(id, n), ...VERSION_FIELDS);
      const replies = (await multi.exec()) ?? [];
      const failed = replies.find(([error]) => error !== null);
      if (failed) throw failed[0];
      const [hash, stats, ...rows] = replies.map(([, value]) => value);
      const bot = toBot(hash as Record<string, string>, stats as Record<string, string>);
      if (bot.versions > count) { count = bot.versions; continue; }
      return { ...bot, versions: (rows as (string | null)[][]).map((row, i) => toVersion(id, i + 1, row)) };
    }
  }

  async function getVersion(id: string, n: number, options: { readonly source: true }): Promise<VersionWithSource | null>;
  async function getVersion(id: string, n: number, options?: { readonly source?: false }): Promise<VersionInfo | null>;
  async function getVersion(id: string, n: number, options?: { readonly source?: boolean }): Promise<VersionInfo | VersionWithSource | null> {
    if (!BOT_ID.test(id) || !Number.isSafeInteger(n) || n < 1) return null;
    const fields = options?.source === true ? [...VERSION_FIELDS, 'files', 'bundle'] : [...VERSION_FIELDS];
    const values = await redis.hmget(keys.version(id, n), ...fields);
    if (values[0] === null || values[0] === undefined) return null;
    const info = toVersion(id, n, values);
    if (options?.source !== true) return info;
    const [files, bundle] = values.slice(VERSION_FIELDS.length);
    return { ...info, files: JSON.parse(files ?? '{}') as Record<string, string>, bundle: bundle ?? '' };
  }
}
