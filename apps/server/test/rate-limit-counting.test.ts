/**
 * Issue 23, item 5: the rate limits count what docs/api.md says they count, only requests that
 * reach what the limit is for: a registration that makes a user, a challenge that makes a series,
 * an upload that reaches the compiler (whether it compiles or not). Refusals before that (a taken
 * or reserved name, someone else's bot, an unknown game) cost nothing.
 */
import { describe, expect, it } from 'vitest';
import { upload } from '../../store/test/world.ts';
import { failure, openApp } from './app.ts';

const BOT = `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide: (view) => view.legalActions[0]! });\n`;

describe('issue 23 item 5: what the rate limits count', () => {
  it('item 5: registrations count only when they make a user: a 409 on a taken or reserved name is free', async () => {
    const t = await openApp({ registerRate: 2 });
    try {
      const register = (name: string) => t.app.inject({ method: 'POST', url: '/api/users', payload: { name } });
      expect((await register('ann')).statusCode).toBe(201);
      for (const name of ['house', 'admin', 'ann', 'house', 'ann']) expect((await register(name)).statusCode, name).toBe(409);
      expect((await register('ben')).statusCode).toBe(201);
      const refused = await register('cat');
      expect(failure(refused)).toMatchObject({ status: 429, error: 'rate_limited', message: expect.stringMatching(/^too many registrations: at most 2 an hour per address; try again in /) });
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.headers['x-ratelimit-limit']).toBe('2');
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    } finally {
      await t.close();
    }
  });

  it('item 5: challenges count only when they make a series: 403 (not your bot), 404 and 409 are free', async () => {
    const t = await openApp({ challengeRate: 2 });
    try {
      const ann = await t.register('ann');
      const mine = await upload(t.world.store, 'ann', 'mine');
      const theirs = await upload(t.world.store, 'ben', 'theirs');
      const pending = await upload(t.world.store, 'ben', 'pending', 'validating');
      const send = (bot: string, opponent: string) => t.call({ method: 'POST', url: '/api/challenges', token: ann, payload: { bot, opponents: [opponent], deals: 1 } });
      for (let i = 0; i < 3; i++) expect((await send(theirs.bot, mine.bot)).statusCode).toBe(403);
      expect((await send(mine.bot, 'b999')).statusCode).toBe(404);
      expect((await send(mine.bot, pending.bot)).statusCode).toBe(409);
      expect((await send(mine.bot, theirs.bot)).statusCode).toBe(202);
      expect((await send(mine.bot, theirs.bot)).statusCode).toBe(202);
      expect(failure(await send(mine.bot, theirs.bot))).toMatchObject({ status: 429, message: expect.stringMatching(/^too many challenges: at most 2 a minute per user/) });
    } finally {
      await t.close();
    }
  });

  it('item 5: uploads count when they reach the compiler, a 422 compile error included; a 400 before it is free', async () => {
    const t = await openApp({ uploadRate: 2 });
    try {
      const ann = await t.register('ann');
      const send = (files: Record<string, string>, game = 'xix') => t.call({ method: 'POST', url: '/api/bots', token: ann, payload: { game, name: 'first', files } });
      for (let i = 0; i < 3; i++) expect((await send({ 'bot.ts': BOT }, 'chess')).statusCode).toBe(400);
      expect((await send({ 'a.ts': BOT, 'b.ts': BOT })).statusCode).toBe(400);
      expect((await send({ 'bot.ts': 'export default {\n  decide() { return 1 +; },\n};\n' })).statusCode).toBe(422);
      expect((await send({ 'bot.ts': BOT })).statusCode).toBe(201);
      expect(failure(await send({ 'bot.ts': BOT }))).toMatchObject({ status: 429, message: expect.stringMatching(/^too many uploads: at most 2 a minute per user/) });
    } finally {
      await t.close();
    }
  });

  it('item 5: requests sent at once cannot get past the limit together', async () => {
    const t = await openApp({ uploadRate: 2 });
    try {
      const ann = await t.register('ann');
      const statuses = await Promise.all(Array.from({ length: 6 }, (_, i) =>
        t.call({ method: 'POST', url: '/api/bots', token: ann, payload: { game: 'xix', name: `bot-${i}`, files: { 'bot.ts': BOT } } }).then((r) => r.statusCode)));
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    } finally {
      await t.close();
    }
  });
});
