/**
 * Where a game's files are in the SDK, by the folder convention (one folder per game, named by
 * its id): the new-bot template `templates/<id>/bot.ts` and the house bots, every non-test `.ts`
 * file directly in `examples/<id>/` (`random.ts` at least). For the layers that run on Node (the
 * CLI, the server); not part of what a bot imports (`@xix/sdk`), which may not touch the disk.
 *
 * The SDK is found as a package, so the same code works in the repository and in a CLI installed
 * from `npm run pack:cli`, whose bundle carries this module but not the SDK's folder.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** sdk/src/index.ts: what `@xix/sdk` means to bots, to `tsc` and to the sandbox's compiler. */
export const SDK_ENTRY = createRequire(import.meta.url).resolve('@xix/sdk');
/** The SDK's folder: sdk/ in the repository, node_modules/@xix/sdk in an installed CLI. */
export const SDK_DIR = path.dirname(path.dirname(SDK_ENTRY));
/** What a bot may use besides the SDK (the sandbox's console), for `tsc` outside this repository. */
export const BOT_GLOBALS = path.join(SDK_DIR, 'templates', 'globals.d.ts');

export interface HouseBotFile {
  /** The example's name: its file's name without `.ts` (`random`). */
  readonly name: string;
  /** Its absolute path. */
  readonly file: string;
}

/** A game id as a folder name: no path tricks from a caller's string. */
function folderOf(id: string): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) throw new RangeError(`not a game id: ${JSON.stringify(id)}`);
  return id;
}

/** The new-bot template of game `id` (absolute; the file may be missing: the SDK conformance test checks it is not). */
export function templateFile(id: string): string {
  return path.join(SDK_DIR, 'templates', folderOf(id), 'bot.ts');
}

/** The folder of game `id`'s house bots (absolute). */
export function examplesDir(id: string): string {
  return path.join(SDK_DIR, 'examples', folderOf(id));
}

/** The house bots of game `id`: `random` first, then by name; none when the game has no folder. */
export function houseBotFiles(id: string): HouseBotFile[] {
  const dir = examplesDir(id);
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile() && /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !e.name.endsWith('.d.ts')).map((e) => e.name.slice(0, -'.ts'.length));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const order = (name: string): string => (name === 'random' ? '' : name);
  return names.sort((a, b) => order(a).localeCompare(order(b))).map((name) => ({ name, file: path.join(dir, `${name}.ts`) }));
}

/** The file of game `id`'s house bot `name`, or undefined when it has none of that name. */
export function houseBotFile(id: string, name: string): string | undefined {
  return houseBotFiles(id).find((bot) => bot.name === name)?.file;
}
