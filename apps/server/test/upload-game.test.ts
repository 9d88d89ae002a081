/**
 * Issue 16 item 7: an upload that names no game is of the game its source was written for (the
 * game whose SDK its bundle uses), not the default game; one that names another game than its
 * source's is refused with the game to give; a bot that uses nothing game-specific is the default
 * game's. Reproduces the report: a 1923 bot uploaded without --game was bound to XIX.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failure, openApp, type TestApp } from './app.ts';

const BOT_1923 = `import { HIT, LOCK, defineNineteenTwentyThreeBot } from '@xix/sdk';
export default defineNineteenTwentyThreeBot({ decide: (view) => view.legalActions.find((a) => a.type === (view.seen.length < 2 ? HIT : LOCK).type) ?? view.legalActions[0]! });
`;
const GENERIC = `export default { decide: (view: { legalActions: readonly unknown[] }) => view.legalActions[0] };\n`;

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await openApp();
  token = await t.register('alice');
});
afterEach(async () => { await t.close(); });

const upload = (payload: object) => t.call({ method: 'POST', url: '/api/bots', token, payload });

describe('an upload that names no game', () => {
  it("is of the game its source was written for: a 1923 bot is 1923's, validated at 1923's tables", async () => {
    const response = await upload({ name: 'shoe', files: { 'bot.ts': BOT_1923 } });
    expect(response.statusCode, response.body).toBe(201);
    const { bot, game, validation } = response.json<{ bot: string; game: string; validation: string[] }>();
    expect(game).toBe('1923');
    expect((await t.world.store.getBot(bot))?.game).toBe('1923');
    expect((await Promise.all(validation.map((id) => t.world.store.getSeries(id)))).every((series) => series?.game === '1923')).toBe(true);
  });

  it("is the default game's when the source uses nothing game-specific", async () => {
    const response = await upload({ name: 'plain', files: { 'bot.ts': GENERIC } });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ game: 'xix' });
  });

  it('is refused, naming the game to give, when it names another game than its source was written for; nothing is stored', async () => {
    expect(failure(await upload({ game: 'xix', name: 'shoe', files: { 'bot.ts': BOT_1923 } }))).toMatchObject({
      status: 400, message: expect.stringMatching(/^body.game: the bot is written for 1923 .*not xix: give game 1923 \(xix upload --game 1923\)$/),
    });
    expect(await t.world.store.botIdByName('alice', 'shoe')).toBeNull();
    // the same name is then free for the bot's own game
    expect((await upload({ game: '1923', name: 'shoe', files: { 'bot.ts': BOT_1923 } })).statusCode).toBe(201);
  });
});
