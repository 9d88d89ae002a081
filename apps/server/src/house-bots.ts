/**
 * The house bots of every registered game as active versions of user `house`, found by the SDK's
 * folder convention: every non-test `.ts` directly in `sdk/examples/<id>/` is one (`random.ts` is
 * required: uploads validate against it). The default game's keep their bare names (random,
 * heuristic, search: already stored), every other game's are `<example>-<id>` (a user's bot names
 * are one namespace across games). Our own code, so no validation. Idempotent: an unchanged source
 * is found again, a changed one makes a new version.
 */
import { readFile } from 'node:fs/promises';
import { GAMES, defaultGame, findGame } from '@xix/engine';
import { compileBot } from '@xix/sandbox/compile';
import { houseBotFile, houseBotFiles } from '@xix/sdk/files';
import type { Store } from '@xix/store';

export const HOUSE = 'house';
/** The house bot every game has: uploads validate against it. */
export const HOUSE_RANDOM = 'random';

/** The games of the registry, in its order (the default game first): each one's house bots register. */
export function houseGames(): string[] {
  return [...GAMES.keys()];
}

/** The name under user `house` of the game's house bot from example `example` (the default game's: `random`). */
export function houseBotName(game: string, example: string): string {
  if (findGame(game) === undefined || houseBotFile(game, example) === undefined) throw new RangeError(`${game} has no house bot ${JSON.stringify(example)}`);
  return game === defaultGame().id ? example : `${example}-${game}`;
}

export interface HouseBot {
  readonly name: string;
  readonly bot: string;
  readonly version: number;
  readonly created: boolean;
}

/** Registers the house bots of `game` (the default game's unless told). */
export async function registerHouseBots(store: Store, game = defaultGame().id): Promise<HouseBot[]> {
  const examples = findGame(game) === undefined ? [] : houseBotFiles(game);
  if (!examples.some((bot) => bot.name === HOUSE_RANDOM)) throw new RangeError(`no house bots for game ${JSON.stringify(game)}: sdk/examples/${game}/${HOUSE_RANDOM}.ts is missing`);
  await store.ensureUser(HOUSE);
  const registered: HouseBot[] = [];
  for (const example of examples) {
    const name = houseBotName(game, example.name);
    const entry = `${example.name}.ts`;
    const source = await readFile(example.file, 'utf8');
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
