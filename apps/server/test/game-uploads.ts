/**
 * A server and a real series worker for tests of one game's uploads over HTTP: the house bots
 * registered (the game's random among them), a signed-up author, uploads of a bot whose `decide`
 * body is given, and a wait for a version's validation to end.
 */
import { expect } from 'vitest';
import { startWorker, type SeriesWorker } from '../../worker/src/index.ts';
import { until } from '../../store/test/until.ts';
import { REDIS_URL } from '../../store/test/world.ts';
import { registerHouseBots } from '../src/index.ts';
import { openApp, type TestApp } from './app.ts';

export interface VersionBody { readonly version: number; readonly state: string; readonly verdict: string | null; readonly failingMatch: string | null }
export interface BotBody { readonly game: string; readonly active: number | null; readonly versions: readonly VersionBody[] }

export interface GameUploads {
  readonly t: TestApp;
  /** The bot id of the game's house random (`random-<game>`). */
  readonly random: string;
  /** Uploads a bot of the game whose `decide` body is `decide`; answers its id and validation series. */
  upload(name: string, decide: string): Promise<{ bot: string; validation: string[] }>;
  /** The bot once its newest version is neither checking nor validating. */
  decided(bot: string): Promise<BotBody>;
  close(): Promise<void>;
}

/** `define` is the SDK's define function for the game (`defineNineteenBot`); `decidedTimeoutMs` for games whose validation is long. */
export async function openGameUploads(game: string, define: string, decidedTimeoutMs?: number): Promise<GameUploads> {
  const t = await openApp({ validationDeals: 1 });
  let worker: SeriesWorker | undefined;
  try {
    await registerHouseBots(t.world.store);
    const random = (await registerHouseBots(t.world.store, game)).find((house) => house.name === `random-${game}`)!.bot;
    const token = await t.register('alice');
    worker = startWorker({ redisUrl: REDIS_URL, prefix: t.world.prefix });
    await worker.ready;
    const running = worker;
    return {
      t,
      random,
      async upload(name, decide) {
        const files = { 'bot.ts': `import { ${define} } from '@xix/sdk';\nexport default ${define}({ decide: (view) => { ${decide} } });\n` };
        const response = await t.call({ method: 'POST', url: '/api/bots', token, payload: { game, name, files } });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ bot: string; validation: string[] }>();
      },
      decided: (bot) => until(`${bot} decided`, async () => (await t.call({ method: 'GET', url: `/api/bots/${bot}` })).json<BotBody>(),
        (body) => !['checking', 'validating'].includes(body.versions[0]?.state ?? 'checking'), decidedTimeoutMs === undefined ? undefined : { timeoutMs: decidedTimeoutMs }),
      async close() {
        await running.close();
        await t.close();
      },
    };
  } catch (error) {
    await worker?.close();
    await t.close();
    throw error;
  }
}
