/**
 * `xix new-bot NAME [--game ID]`: a bot folder NAME/ that works anywhere on this machine: bot.ts
 * from the SDK's template for that game (XIX unless told), and a package.json and tsconfig.json under which an editor and `tsc --noEmit`
 * find `@xix/sdk`: the tsconfig maps it to this installation's SDK sources (nothing to install).
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GAMES, findGame } from '@xix/engine';
import { DEFAULT_OPTIONS } from '../check/type-check.ts';
import { fail } from '../cli-error.ts';
import { BOT_GLOBALS, BOT_TEMPLATE, SDK_DIR, SDK_ENTRY } from '../repo.ts';

/** The game a bot is written for unless `--game` says otherwise. */
export const DEFAULT_GAME = 'xix';

/** The SDK's template for each game: XIX's at templates/bot.ts, any other's at templates/ID/bot.ts. */
function templateOf(game: string): string | undefined {
  if (game === DEFAULT_GAME) return BOT_TEMPLATE;
  const file = path.join(SDK_DIR, 'templates', game, 'bot.ts');
  return findGame(game) !== undefined && existsSync(file) ? file : undefined;
}

/** The games the SDK has a bot template for, XIX first. */
export const BOT_GAMES: readonly string[] = [...GAMES.keys()].filter((id) => templateOf(id) !== undefined);

export function newBot(name: string, options: { readonly game?: string } = {}): void {
  const base = path.basename(name);
  if (!/^[A-Za-z][\w-]*$/.test(base)) fail(`a bot name starts with a letter and has only letters, digits, _ and -: got "${base}"`);
  const game = options.game ?? DEFAULT_GAME;
  const template = templateOf(game);
  if (template === undefined) fail(`no bot template for a game "${game.slice(0, 40)}": --game is one of ${BOT_GAMES.join(', ')}`);
  try {
    // Not recursive: never write into someone's existing folder.
    mkdirSync(name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    fail(code === 'EEXIST' ? `${name} already exists` : `cannot create ${name}: ${(error as Error).message}`);
  }
  try {
    copyFileSync(template, path.join(name, 'bot.ts'));
    copyFileSync(BOT_GLOBALS, path.join(name, 'globals.d.ts'));
    writeFileSync(path.join(name, 'package.json'), json(packageJson(base, game)));
    writeFileSync(path.join(name, 'tsconfig.json'), json(tsconfig()));
  } catch (error) {
    fail(`cannot write the bot into ${name}: ${(error as Error).message}`);
  }
  const next = Object.values(commandsFor(game)).map((command) => `  ${command}`);
  console.log([`created ${name}/ (a ${game} bot: bot.ts, package.json, tsconfig.json, globals.d.ts)`, 'next:', `  cd ${name}`, ...next].join('\n'));
}

/**
 * What to run next for a bot of `game`, as package.json scripts. Another game's bot is checked with
 * its `--game` and plays at a table of three, against two random bots.
 */
function commandsFor(game: string): { readonly check: string; readonly play: string } {
  if (game === DEFAULT_GAME) return { check: 'xix check bot.ts', play: 'xix play bot.ts random --games 100' };
  return { check: `xix check bot.ts --game ${game}`, play: `xix play --game ${game} bot.ts random random --games 300` };
}

function packageJson(name: string, game: string): object {
  const { check, play } = commandsFor(game);
  return { name, private: true, type: 'module', scripts: { check, typecheck: 'tsc --noEmit -p .', play } };
}

/** The options `xix check` uses by default, in tsconfig.json's spelling, and the SDK's path. */
function tsconfig(): object {
  const o = DEFAULT_OPTIONS;
  return {
    compilerOptions: {
      target: 'es2024',
      lib: ['es2024'],
      module: 'preserve',
      moduleResolution: 'bundler',
      strict: o.strict,
      noUncheckedIndexedAccess: o.noUncheckedIndexedAccess,
      exactOptionalPropertyTypes: o.exactOptionalPropertyTypes,
      verbatimModuleSyntax: o.verbatimModuleSyntax,
      isolatedModules: o.isolatedModules,
      allowImportingTsExtensions: o.allowImportingTsExtensions,
      noEmit: true,
      skipLibCheck: true,
      forceConsistentCasingInFileNames: true,
      types: [],
      // Where this installation keeps the SDK: run `xix new-bot` again after moving it.
      paths: { '@xix/sdk': [SDK_ENTRY] },
    },
    include: ['**/*.ts'],
  };
}

const json = (value: object): string => `${JSON.stringify(value, null, 2)}\n`;
