/**
 * `xix fetch MATCH`: downloads a match into a folder so that `xix play --match DIR` can play it
 * again locally: the replay, who sat where, the seats' bot seeds, and, for the seats whose bot the
 * caller owns, that version's source (house bots' sources are public) and what the bot printed,
 * in DIR/replay.log, the format `xix replay show DIR/replay.json --seat N` reads beside the replay.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseReplay, type Replay } from '@xix/engine';
import { fail } from '../cli-error.ts';
import { session, type ServerOption } from './session.ts';
import { convertStoredLogs, type StoredLog } from './fetched-logs.ts';
import { LOG_FILE, MATCH_FILE, REPLAY_FILE, type FetchedMatch, type FetchedSeat, type SeatSource } from './match-dir.ts';
import type { BotSummary, MatchSummary } from './api-types.ts';

export interface FetchOptions extends ServerOption {
  readonly out?: string;
}

export const HOUSE_OWNER = 'house';
const SAFE_ID = /^[A-Za-z0-9_.-]{1,64}$/;

export async function fetchMatch(id: string, options: FetchOptions): Promise<void> {
  if (!SAFE_ID.test(id)) fail(`not a match id: ${JSON.stringify(id)} (e.g. s12.3)`);
  const { client, login } = session(options);
  const dir = path.resolve(options.out ?? id);
  const match = await client.get<MatchSummary & { botSeeds?: number[] }>(`/api/matches/${id}`);
  const replay = await client.get<unknown>(`/api/matches/${id}/replay`);
  const parsed = readServerReplay(id, replay);
  write(dir, REPLAY_FILE, `${JSON.stringify(replay, null, 2)}\n`);

  const seats: FetchedSeat[] = [];
  const owners = new Map<string, string>();
  for (const entrant of match.entrants) {
    if (!SAFE_ID.test(entrant.bot)) fail(`the server named a bot ${JSON.stringify(entrant.bot)}, not an id`);
    if (!owners.has(entrant.bot)) owners.set(entrant.bot, (await client.get<BotSummary>(`/api/bots/${entrant.bot}`)).owner);
    const owner = owners.get(entrant.bot)!;
    seats.push({ bot: entrant.bot, version: entrant.version, name: entrant.name, owner, source: await seatSource(entrant, owner) });
  }

  async function seatSource(entrant: MatchSummary['entrants'][number], owner: string): Promise<SeatSource> {
    if (owner === login.name || owner === HOUSE_OWNER) {
      const folder = `${entrant.bot}-v${entrant.version}`;
      const source = await client.get<{ entry: string; files: Record<string, string> }>(`/api/bots/${entrant.bot}/versions/${entrant.version}/source`);
      for (const [name, text] of Object.entries(source.files)) write(path.join(dir, folder), name, text);
      return { kind: 'files', dir: folder, entry: source.entry };
    }
    return { kind: 'none' };
  }

  const fetched: FetchedMatch = {
    match: id,
    server: client.url,
    game: match.game,
    seats,
    ...(Array.isArray(match.botSeeds) && { botSeeds: match.botSeeds }),
  };
  write(dir, MATCH_FILE, `${JSON.stringify(fetched, null, 2)}\n`);
  const logs = seats.some((s) => s.owner === login.name) ? await client.get<{ logs: StoredLog[] }>(`/api/matches/${id}/logs`) : { logs: [] };
  const logText = convertStoredLogs(logs.logs, parsed);
  if (logText !== '') write(dir, LOG_FILE, logText);

  const shown = path.relative(process.cwd(), dir) || '.';
  console.log(`${id}: ${seats.map((s, seat) => `seat ${seat} ${s.name} (${s.bot} v${s.version}, ${describe(s.source)})`).join('; ')}`);
  console.log(`written to ${shown}: ${REPLAY_FILE}, ${MATCH_FILE}${logText !== '' ? `, ${LOG_FILE} (what your bots printed: xix replay show ${path.join(shown, REPLAY_FILE)} --seat N)` : ''}`);
  const missing = seats.flatMap((s, seat) => (s.source.kind === 'none' ? [`--seat ${seat}=FILE`] : []));
  console.log(`re-run it locally: xix play --match ${shown}${missing.length > 0 ? ` ${missing.join(' ')}` : ''}`);
}

/** The server's replay, checked: the logs are placed by its moves, and a re-run needs it whole. */
function readServerReplay(id: string, value: unknown): Replay {
  try {
    return parseReplay(value);
  } catch (error) {
    return fail(`the server's replay of ${id} is ${(error as Error).message}`);
  }
}

function describe(source: SeatSource): string {
  if (source.kind === 'files') return `source in ${source.dir}`;
  return 'source not yours';
}

/** Writes DIR/name, refusing a name from the server that would land outside DIR. */
function write(dir: string, name: string, text: string): void {
  const file = path.resolve(dir, name);
  if (path.isAbsolute(name) || !file.startsWith(dir + path.sep)) fail(`the server sent a file name outside the folder: ${JSON.stringify(name)}`);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  } catch (error) {
    fail(`cannot write ${file}: ${(error as Error).message}`);
  }
}
