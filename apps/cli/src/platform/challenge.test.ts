/**
 * `xix challenge BOT OPPONENT...` against a real server (the platform's routes on a test Redis
 * prefix, no worker), run in this process: several opponents make one table, `--seats` and
 * `--option name=value` reach the series as the game takes them, and what the server refuses (a
 * count the game does not seat, an option it does not take) is one line (issue 16 item 3).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openApp, type TestApp } from '../../../server/test/app.ts';
import { upload } from '../../../store/test/world.ts';
import { challenge } from './challenge.ts';
import { writeLogin } from './config.ts';

let t: TestApp;
let dir: string;
let mine: string;
let others: string[];
let xixBots: string[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'xix-challenge-cli-'));
  t = await openApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const token = await t.register('alice');
  writeLogin({ url, token, name: 'alice' }, { XIX_CONFIG_DIR: dir });
  mine = (await upload(t.world.store, 'alice', 'ann', 'active', 'nim')).bot;
  others = [(await upload(t.world.store, 'bob', 'ben', 'active', 'nim')).bot, (await upload(t.world.store, 'carol', 'cat', 'active', 'nim')).bot];
  xixBots = [(await upload(t.world.store, 'alice', 'xan', 'active', 'xix')).bot, (await upload(t.world.store, 'bob', 'xben', 'active', 'xix')).bot, (await upload(t.world.store, 'carol', 'xcat', 'active', 'xix')).bot];
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

let printed: string[];
beforeEach(() => {
  vi.stubEnv('XIX_CONFIG_DIR', dir);
  printed = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void printed.push(parts.join(' ')));
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const seriesOf = async (): Promise<Record<string, unknown>> => {
  const id = /^queued (s\d+):/.exec(printed[0] ?? '')?.[1];
  if (id === undefined) throw new Error(`no series printed: ${printed.join('\n')}`);
  return (await t.world.store.getSeries(id)) as unknown as Record<string, unknown>;
};

describe('xix challenge', () => {
  it('seats the bot and its opponents at one table, with the options given', async () => {
    await challenge(mine, others, { deals: '2', option: ['stones=9'] });
    expect(printed[0]).toMatch(/^queued s\d+: 6 games \(2 deals, each once per seat rotation\)$/);
    expect(await seriesOf()).toMatchObject({ game: 'nim', seats: 3, options: { stones: 9 }, entrants: [{ bot: mine }, { bot: others[0] }, { bot: others[1] }] });
  });

  it('says in one line what the game does not take', async () => {
    await expect(challenge(mine, others, { deals: '1', option: ['stones=many'] })).rejects.toThrow('body.options: option stones of nim takes a whole number from 5 to 60, not "many" (400 bad_request)');
    await expect(challenge(mine, others, { deals: '1', option: ['heap=9'] })).rejects.toThrow('--option: nim has no option heap; its options: stones');
    await expect(challenge(mine, [others[0]!], { deals: '1', seats: '3' })).rejects.toThrow(/a table of 3 seats of nim seats 3 entrants, not 2/);
    await expect(challenge(xixBots[0]!, xixBots.slice(1), { deals: '1' })).rejects.toThrow(/body.opponents: xix is played by 2 entrants, not 3/);
    await expect(challenge(mine, ['b7x'], { deals: '1' })).rejects.toThrow('OPPONENT must be a bot id such as b7 (xix bots lists them), got b7x');
  });
});
