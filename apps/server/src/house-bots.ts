/**
 * The house bots (sdk/examples random, heuristic, search) as active versions of user `house`: our
 * own code, so no validation. Idempotent: an unchanged source is found again, a changed one makes a
 * new version.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compileBot } from '@xix/sandbox';
import type { Store } from '@xix/store';

export const HOUSE = 'house';
export const HOUSE_BOTS = ['random', 'heuristic', 'search'] as const;
const EXAMPLES = fileURLToPath(new URL('../../../sdk/examples/', import.meta.url));

export interface HouseBot {
  readonly name: string;
  readonly bot: string;
  readonly version: number;
  readonly created: boolean;
}

export async function registerHouseBots(store: Store, game = 'xix'): Promise<HouseBot[]> {
  await store.ensureUser(HOUSE);
  const registered: HouseBot[] = [];
  for (const name of HOUSE_BOTS) {
    const entry = `${name}.ts`;
    const source = await readFile(`${EXAMPLES}${entry}`, 'utf8');
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
