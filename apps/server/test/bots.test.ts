import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_SOURCE_BYTES } from '@xix/sandbox/compile';
import { UPLOAD_BODY_LIMIT } from '../src/config.ts';
import { failure, openApp, type TestApp } from './app.ts';

const BOT = `import { defineXixBot } from '@xix/sdk';\nimport { first } from './first.ts';\nexport default defineXixBot({ decide: (view) => first(view.legalActions) });\n`;
const FIRST = `export function first<T>(actions: readonly T[]): T {\n  return actions[0]!;\n}\n`;
const files = { 'bot.ts': BOT, 'first.ts': FIRST };

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await openApp({ uploadRate: 100 });
  token = await t.register('alice');
});
afterEach(async () => { await t.close(); });

const upload = (payload: unknown, as = token) => t.call({ method: 'POST', url: '/api/bots', token: as, payload: payload as object });

describe('POST /api/bots', () => {
  it('stores a new version as checking (issue 17 item 1: its validation type-checks it first) and queues its validation series', async () => {
    const first = await upload({ game: 'xix', name: 'first', files });
    expect(first.statusCode).toBe(201);
    const body = first.json<{ bot: string; version: number; state: string; validation: string[] }>();
    expect(body).toMatchObject({ bot: expect.stringMatching(/^b\d+$/), version: 1, state: 'checking', compileMs: expect.any(Number) });
    // no house bots in this world: the version validates against itself only
    expect(body.validation).toHaveLength(1);
    const job = await t.queue.getJob(body.validation[0]!);
    expect(job?.name).toBe('validation');
    expect(job?.data).toEqual({ seriesId: body.validation[0] });
    expect(job?.opts.attempts).toBe(3);
    const series = await t.world.store.getSeries(body.validation[0]!);
    expect(series).toMatchObject({ kind: 'validation', rated: false, validates: { bot: body.bot, version: 1 }, entrants: [{ bot: body.bot, version: 1 }, { bot: body.bot, version: 1 }] });

    const second = await upload({ game: 'xix', name: 'first', entry: 'bot.ts', files });
    expect(second.json()).toMatchObject({ bot: body.bot, version: 2 });
    const detail = await t.call({ method: 'GET', url: `/api/bots/${body.bot}` });
    expect(detail.json()).toMatchObject({ id: body.bot, owner: 'alice', name: 'first', active: null, retired: false, versions: [{ version: 1, state: 'checking', diagnostics: null }, { version: 2, state: 'checking', diagnostics: null }] });
  });

  it('answers 422 with file:line:column diagnostics for a bot that does not compile, and stores nothing', async () => {
    const broken = await upload({ game: 'xix', name: 'broken', files: { 'bot.ts': BOT, 'first.ts': 'export function first( {\n' } });
    expect(broken.statusCode).toBe(422);
    const body = broken.json<{ error: string; message: string; diagnostics: { file: string; line: number; column: number; text: string }[] }>();
    expect(body.error).toBe('compile_error');
    expect(body.diagnostics).toEqual([{ file: 'first.ts', line: 2, column: expect.any(Number), text: expect.any(String) }]);
    expect(body.message).toMatch(/^first\.ts:2:\d+: error: /);
    const imports = await upload({ game: 'xix', name: 'sneaky', files: { ...files, 'bot.ts': `import fs from 'node:fs';\nconsole.log(fs);\n${BOT}` } });
    expect(imports.statusCode).toBe(422);
    expect(imports.json()).toMatchObject({ diagnostics: [{ file: 'bot.ts', line: 1, text: expect.stringContaining('@xix/sdk') }] });
    expect((await t.call({ method: 'GET', url: '/api/bots?owner=alice' })).json()).toEqual({ bots: [] });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ game: 'xix', name: 'x', files }, /^body\.name must match/],
      [{ game: 'xix', name: 'first' }, /^body\.files is required$/],
      [{ game: 'xix', name: 'first', files: {} }, /^body\.files must NOT have fewer than 1 properties$/],
      [{ game: 'xix', name: 'first', files: { '../up.ts': BOT } }, /^body\.files: "\.\.\/up\.ts" is not allowed: a bot is a \.ts or \.js file \(or \.mts, \.mjs\): a path inside the bot's folder/],
      [{ game: 'xix', name: 'first', files: { '/abs.ts': BOT } }, /^body\.files: "\/abs\.ts" is not allowed: /],
      // issue 17 item 4: a file that is not TypeScript or JavaScript is told so, not the schema's pattern
      [{ game: 'xix', name: 'first', files: { 'bot.py': 'print(19)' } }, /^body\.files: "bot\.py" is not a bot's file: a bot is a \.ts or \.js file \(or \.mts, \.mjs\)$/],
      [{ game: 'xix', name: 'first', entry: 'bot.py', files }, /^body\.entry: "bot\.py" is not a bot's file: a bot is a \.ts or \.js file/],
      [{ game: 'xix', name: 'first', files: { 'bot.ts': 42 } }, /^body\.files\["bot\.ts"\] must be string$/],
      [{ game: 'chess', name: 'first', files }, /^body\.game: no game "chess"/],
      [{ game: 'xix', name: 'first', files: { 'a.ts': BOT, 'b.ts': FIRST } }, /^body\.entry is required/],
      [{ game: 'xix', name: 'first', entry: 'main.ts', files }, /^body\.entry names "main\.ts"/],
      [{ game: 'xix', name: 'first', files, extra: 1 }, /^body\.extra is not allowed here$/],
    ];
    for (const [payload, message] of cases) {
      const answer = failure(await upload(payload));
      expect(answer, JSON.stringify(payload)).toMatchObject({ status: 400, error: 'bad_request', message: expect.stringMatching(message) });
    }
  });

  it('needs a login: 401', async () => {
    expect(failure(await t.call({ method: 'POST', url: '/api/bots', payload: { game: 'xix', name: 'first', files } }))).toMatchObject({ status: 401 });
    expect(failure(await upload({ game: 'xix', name: 'first', files }, 'wrong'))).toMatchObject({ status: 401 });
  });

  it('answers 409 for a new version of a retired bot', async () => {
    const bot = (await upload({ game: 'xix', name: 'first', files })).json<{ bot: string }>().bot;
    expect((await t.call({ method: 'DELETE', url: `/api/bots/${bot}`, token })).json()).toMatchObject({ id: bot, retired: true });
    expect(failure(await upload({ game: 'xix', name: 'first', files }))).toMatchObject({ status: 409, message: expect.stringMatching(/is retired/) });
  });
});

describe('limits', () => {
  it('answers 413 for a body over the limit', async () => {
    const small = await openApp({ bodyLimit: 4096 });
    try {
      const token2 = await small.register('bob');
      const big = await small.call({ method: 'POST', url: '/api/bots', token: token2, payload: { game: 'xix', name: 'big', files: { 'bot.ts': `// ${'x'.repeat(5000)}\n${BOT}` } } });
      expect(failure(big)).toMatchObject({ status: 413, error: 'too_large', message: expect.stringContaining('4096') });
    } finally {
      await small.close();
    }
  });

  it('takes a source of the advertised limit (DEFAULT_MAX_SOURCE_BYTES) though JSON sends each of its newlines in two bytes', async () => {
    // the editor says "Ready" and xix upload sends up to this many bytes of source
    const code = `export default { decide: (view: { legalActions: unknown[] }) => view.legalActions[0] };\n`;
    const source = code + '\n'.repeat(DEFAULT_MAX_SOURCE_BYTES - code.length);
    const payload = { game: 'xix', name: 'long', files: { 'bot.ts': source } };
    expect(JSON.stringify(payload).length).toBeGreaterThan(DEFAULT_MAX_SOURCE_BYTES * 1.9);
    const response = await upload(payload);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('keeps a clear 413 for a source over the limit, and for a body over the body limit', async () => {
    const overSource = `// ${'x'.repeat(DEFAULT_MAX_SOURCE_BYTES)}\n${BOT}`;
    expect(failure(await upload({ game: 'xix', name: 'big', files: { 'bot.ts': overSource } }))).toMatchObject({
      status: 413, error: 'too_large', message: `body.files: ${Buffer.byteLength(overSource)} bytes of source, over the limit of ${DEFAULT_MAX_SOURCE_BYTES}`,
    });
    const overBody = `// ${'x'.repeat(UPLOAD_BODY_LIMIT)}\n${BOT}`;
    expect(failure(await upload({ game: 'xix', name: 'big', files: { 'bot.ts': overBody } }))).toMatchObject({
      status: 413, error: 'too_large', message: `the request body is over the limit of ${UPLOAD_BODY_LIMIT} bytes`,
    });
  });

  it('answers 429 past the upload rate, per user, counted in Redis', async () => {
    const limited = await openApp({ uploadRate: 2 });
    try {
      const [ann, ben] = [await limited.register('ann'), await limited.register('ben')];
      const send = (as: string) => limited.call({ method: 'POST', url: '/api/bots', token: as, payload: { game: 'xix', name: 'first', files } });
      expect((await send(ann)).statusCode).toBe(201);
      expect((await send(ann)).statusCode).toBe(201);
      expect(failure(await send(ann))).toMatchObject({ status: 429, error: 'rate_limited', message: expect.stringMatching(/at most 2 a minute/) });
      expect((await send(ben)).statusCode).toBe(201);
      const keys = await limited.world.keys();
      expect(keys.some((key) => key.startsWith(`${limited.world.prefix}:ratelimit:`))).toBe(true);
    } finally {
      await limited.close();
    }
  });
});

describe('GET and DELETE /api/bots', () => {
  it('lists, shows, serves the source to its owner only, and retires for its owner only', async () => {
    const bot = (await upload({ game: 'xix', name: 'first', files })).json<{ bot: string }>().bot;
    const bob = await t.register('bob');
    expect((await t.call({ method: 'GET', url: '/api/bots?game=xix' })).json<{ bots: { id: string }[] }>().bots.map((b) => b.id)).toEqual([bot]);
    expect((await t.call({ method: 'GET', url: '/api/bots?owner=bob' })).json()).toEqual({ bots: [] });
    expect(failure(await t.call({ method: 'GET', url: '/api/bots?color=red' }))).toMatchObject({ status: 400, message: 'querystring.color is not allowed here' });
    expect(failure(await t.call({ method: 'GET', url: '/api/bots/b999' }))).toMatchObject({ status: 404, message: 'params.id: no bot b999' });
    expect(failure(await t.call({ method: 'GET', url: '/api/bots/zzz' }))).toMatchObject({ status: 400, message: expect.stringMatching(/^params\.id must match/) });

    const source = await t.call({ method: 'GET', url: `/api/bots/${bot}/versions/1/source`, token });
    expect(source.json()).toEqual({ entry: 'bot.ts', files });
    expect(failure(await t.call({ method: 'GET', url: `/api/bots/${bot}/versions/1/source`, token: bob }))).toMatchObject({ status: 403 });
    expect(failure(await t.call({ method: 'GET', url: `/api/bots/${bot}/versions/1/source` }))).toMatchObject({ status: 401 });
    expect(failure(await t.call({ method: 'GET', url: `/api/bots/${bot}/versions/7/source`, token }))).toMatchObject({ status: 404 });

    expect(failure(await t.call({ method: 'DELETE', url: `/api/bots/${bot}`, token: bob }))).toMatchObject({ status: 403 });
    expect((await t.call({ method: 'DELETE', url: `/api/bots/${bot}`, token })).json()).toMatchObject({ retired: true });
  });
});
