/**
 * `xix challenge BOT OPPONENT...`: an unrated series between your bot and one or more active bots
 * of its game at one table, each deal once per seat rotation; `--seats` and `--option name=value`
 * choose the table and the game's options (the server checks them against the game).
 */
import { GameError, findGame, parseOptionTexts } from '@xix/engine';
import { fail } from '../cli-error.ts';
import { session, type ServerOption } from './session.ts';

export interface ChallengeOptions extends ServerOption {
  readonly deals: string;
  readonly seats?: string;
  readonly option?: readonly string[];
}

const BOT_ID = /^b\d+$/;

export async function challenge(bot: string, opponents: readonly string[], options: ChallengeOptions): Promise<void> {
  for (const [what, id] of [['BOT', bot], ...opponents.map((opponent) => ['OPPONENT', opponent] as const)] as const) {
    if (!BOT_ID.test(id)) fail(`${what} must be a bot id such as b7 (xix bots lists them), got ${id}`);
  }
  const deals = Number(options.deals);
  if (!/^\d+$/.test(options.deals) || deals < 1 || deals > 50) fail(`--deals must be a whole number from 1 to 50, got ${options.deals}`);
  const seats = options.seats === undefined ? undefined : Number(options.seats);
  if (options.seats !== undefined && !/^\d+$/.test(options.seats)) fail(`--seats must be a whole number, got ${options.seats}`);
  const { client } = session(options);
  let gameOptions: Record<string, unknown> | undefined;
  if ((options.option ?? []).length > 0) {
    // the options are read by the game's specs: the bot's game, as the server says
    const { game: id } = await client.get<{ game: string }>(`/api/bots/${bot}`);
    const game = findGame(id) ?? fail(`bot ${bot} plays ${id}, a game this xix does not know: update xix`);
    try {
      gameOptions = parseOptionTexts(game, options.option ?? []);
    } catch (error) {
      if (error instanceof GameError) fail(`--option: ${error.message}`);
      throw error;
    }
  }
  const { body } = await client.request('POST', '/api/challenges', {
    body: { bot, opponents, deals, ...(seats !== undefined && { seats }), ...(gameOptions !== undefined && { options: gameOptions }) },
  });
  const series = (body as { series?: unknown }).series;
  if (typeof series !== 'string') fail('the server accepted the challenge but named no series');
  const entrants = 1 + opponents.length;
  console.log(`queued ${series}: ${deals * entrants} games (${deals} deals, each once per seat rotation)`);
  console.log(`follow it: xix matches --series ${series}`);
}
