/** `xix challenge BOT OPPONENT`: an unrated mirrored series between your bot and any active bot. */
import { fail } from '../cli-error.ts';
import { session } from './session.ts';

export interface ChallengeOptions {
  readonly deals: string;
}

const BOT_ID = /^b\d+$/;

export async function challenge(bot: string, opponent: string, options: ChallengeOptions): Promise<void> {
  for (const [what, id] of [['BOT', bot], ['OPPONENT', opponent]] as const) {
    if (!BOT_ID.test(id)) fail(`${what} must be a bot id such as b7 (xix bots lists them), got ${id}`);
  }
  const deals = Number(options.deals);
  if (!/^\d+$/.test(options.deals) || deals < 1 || deals > 50) fail(`--deals must be a whole number from 1 to 50, got ${options.deals}`);
  const { client } = session();
  const { body } = await client.request('POST', '/api/challenges', { body: { bot, opponent, deals } });
  const series = (body as { series?: unknown }).series;
  if (typeof series !== 'string') fail('the server accepted the challenge but named no series');
  console.log(`queued ${series}: ${deals * 2} games (${deals} deals, each from both seats)`);
  console.log(`follow it: xix matches --series ${series}`);
}
