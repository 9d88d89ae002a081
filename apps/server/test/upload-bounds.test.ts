/** Issue 23, item 5: an upload's compile time is bounded; a bot of deeply nested brackets is refused at once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NESTING } from '@xix/sandbox';
import { openApp, type TestApp } from './app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await openApp();
  token = await t.register('ann');
});
afterAll(async () => { await t.close(); });

describe('issue 23 item 5: bounded compiles', () => {
  it('item 5: a 200 KB bot of nested brackets gets a 422 naming where, at once, and nothing is stored', async () => {
    const source = `export default ${'['.repeat(100_000)}${']'.repeat(100_000)};\n`;
    const started = performance.now();
    const response = await t.call({ method: 'POST', url: '/api/bots', token, payload: { game: 'xix', name: 'deep', files: { 'bot.ts': source } } });
    const ms = performance.now() - started;
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'compile_error',
      message: `bot.ts:1:${16 + MAX_NESTING}: error: brackets nested more than ${MAX_NESTING} deep: refused before compiling`,
      diagnostics: [{ file: 'bot.ts', line: 1, column: 16 + MAX_NESTING, text: `brackets nested more than ${MAX_NESTING} deep: refused before compiling` }],
    });
    expect(ms).toBeLessThan(1000);
    expect((await t.call({ method: 'GET', url: '/api/bots?owner=ann' })).json()).toEqual({ bots: [] });
  });
});
