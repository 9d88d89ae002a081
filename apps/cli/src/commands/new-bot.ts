/**
 * `xix new-bot NAME [--game ID]`: a bot folder NAME/ that works anywhere on this machine: bot.ts
 * from the SDK's template for that game (sdk/templates/<id>/bot.ts; the default game unless told),
 * and a package.json and tsconfig.json under which an editor and `tsc --noEmit` find `@xix/sdk`:
 * the tsconfig maps it to this installation's SDK sources (nothing to install).
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GAMES, defaultGame, entrantsAt, findGame, type AnyGame } from '@xix/engine';
import { validationTableSizes } from '@xix/referee';
import { PLATFORM_OPTIONS } from '@xix/sandbox/type-check';
import { fail } from '../cli-error.ts';
import { BOT_GLOBALS, SDK_ENTRY, templateFile } from '../repo.ts';

/** The games the SDK has a bot template for, in the registry's order (the default game first). */
export function botGames(): string[] {
  return [...GAMES.keys()].filter((id) => existsSync(templateFile(id)));
}

export function newBot(name: string, options: { readonly game?: string } = {}): void {
  const base = path.basename(name);
  if (!/^[A-Za-z][\w-]*$/.test(base)) fail(`a bot name starts with a letter and has only letters, digits, _ and -: got "${base}"`);
  const id = options.game ?? defaultGame().id;
  const game = findGame(id);
  if (game === undefined || !existsSync(templateFile(game.id))) fail(`no bot template for a game "${id.slice(0, 40)}": --game is one of ${botGames().join(', ')}`);
  try {
    // Not recursive: never write into someone's existing folder.
    mkdirSync(name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    fail(code === 'EEXIST' ? `${name} already exists` : `cannot create ${name}: ${(error as Error).message}`);
  }
  try {
    copyFileSync(templateFile(game.id), path.join(name, 'bot.ts'));
    copyFileSync(BOT_GLOBALS, path.join(name, 'globals.d.ts'));
    writeFileSync(path.join(name, 'package.json'), json(packageJson(base, game)));
    writeFileSync(path.join(name, 'tsconfig.json'), json(tsconfig()));
  } catch (error) {
    fail(`cannot write the bot into ${name}: ${(error as Error).message}`);
  }
  const next = Object.values(commandsFor(game)).map((command) => `  ${command}`);
  console.log([`created ${name}/ (a ${game.id} bot: bot.ts, package.json, tsconfig.json, globals.d.ts)`, 'next:', `  cd ${name}`, ...next].join('\n'));
}

/**
 * What to run next for a bot of `game`, as package.json scripts: `xix check` (with `--game` but
 * for the default game), and a series (of `xix play`'s default length) against the game's random
 * house bot at the table of most entrants `xix check` validates at.
 */
function commandsFor(game: AnyGame): { readonly check: string; readonly play: string } {
  const flag = game === defaultGame() ? '' : ` --game ${game.id}`;
  const entrants = Math.max(...validationTableSizes(game).map((seats) => entrantsAt(game, seats)));
  return { check: `xix check bot.ts${flag}`, play: `xix play${flag} bot.ts${' random'.repeat(entrants - 1)}` };
}

function packageJson(name: string, game: AnyGame): object {
  const { check, play } = commandsFor(game);
  // typecheck: xix's own type-check (the platform's, with this folder's tsconfig.json), so that
  // it needs no `tsc` here (issue 17 item 3); an editor uses the tsconfig.json as it is.
  return { name, private: true, type: 'module', scripts: { check, typecheck: 'xix check bot.ts --types-only', play } };
}

/** The options `xix check` uses by default, in tsconfig.json's spelling, and the SDK's path. */
function tsconfig(): object {
  const o = PLATFORM_OPTIONS;
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
