/**
 * The house bots of each game as active versions of user `house`: XIX's (sdk/examples random,
 * heuristic, search) under their own names, 1923's (sdk/examples/1923 random, heuristic) as
 * `random-1923` and `heuristic-1923` (a user's bot names are one namespace across games). Our own
 * code, so no validation. Idempotent: an unchanged source is found again, a changed one makes a new
 * version.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compileBot } from '@xix/sandbox';
import type { Store } from '@xix/store';

export const HOUSE = 'house';
/** XIX's house bots. */
export const HOUSE_BOTS = ['random', 'heuristic', 'search'] as const;

interface GameHouse {
  /** The example files (without `.ts`) that are house bots. */
  readonly examples: readonly string[];
  /** Their folder under sdk/examples. */
  readonly folder: string;
  /** Added to a bot's name: house bots of different games never share a name. */
  readonly suffix: string;
}

// A Map, not an object: an object lists an integer-like key ('1923') before 'xix', and the games
// are registered in this order (XIX's bots first, as they always were).
const HOUSE_OF_GAME: ReadonlyMap<string, GameHouse> = new Map([
  ['xix', { examples: HOUSE_BOTS, folder: '', suffix: '' }],
  ['1923', { examples: ['random', 'heuristic'], folder: '1923/', suffix: '-1923' }],
]);

/** The games that have house bots, XIX first. */
export const HOUSE_GAMES = [...HOUSE_OF_GAME.keys()];

const EXAMPLES = fileURLToPath(new URL('../../../sdk/examples/', import.meta.url));

/** The name under user `house` of the game's house bot from example `example` (XIX's: `random`). */
export function houseBotName(game: string, example: string): string {
  const house = HOUSE_OF_GAME.get(game);
  if (house === undefined || !house.examples.includes(example)) throw new RangeError(`${game} has no house bot ${JSON.stringify(example)}`);
  return `${example}${house.suffix}`;
}

export interface HouseBot {
  readonly name: string;
  readonly bot: string;
  readonly version: number;
  readonly created: boolean;
}

/** Registers the house bots of `game` (XIX's unless told). */
export async function registerHouseBots(store: Store, game = 'xix'): Promise<HouseBot[]> {
  const house = HOUSE_OF_GAME.get(game);
  if (house === undefined) throw new RangeError(`no house bots for game ${JSON.stringify(game)}`);
  await store.ensureUser(HOUSE);
  const registered: HouseBot[] = [];
  for (const example of house.examples) {
    const name = houseBotName(game, example);
    const entry = `${example}.ts`;
    const source = await readFile(`${EXAMPLES}${house.folder}${entry}`, 'utf8');
    const existing = await store.botIdByName(HOUSE, name);
    const bot = existing === null ? null : await store.getBot(existing);
    if (bot !== null && bot.active !== null) {
      const current = await store.getVersion(bot.id, bot.active, { source: true });
      if (current?.files[entry] === source) {
        registered.push({ name, bot: bot.id, version: bot.active, created: false });
        continue;
      }
    }
    const compiled = await compileBot({ entry, files: new Map([[entry, source]]) });
    if (!compiled.ok) throw new Error(`house bot ${name} does not compile: ${compiled.message}`);
    const put = await store.putVersion({ owner: HOUSE, name, game, entry, files: { [entry]: source }, bundle: compiled.code, bytes: compiled.bytes, compileMs: 0, state: 'active' });
    if (!put.ok) throw new Error(`house bot ${name}: ${put.reason}`);
    registered.push({ name, bot: put.bot, version: put.version, created: true });
  }
  return registered;
}
