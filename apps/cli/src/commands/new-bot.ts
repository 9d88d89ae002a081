/**
 * `xix new-bot NAME`: a bot folder NAME/ that works anywhere on this machine: bot.ts from the
 * SDK's template, and a package.json and tsconfig.json under which an editor and `tsc --noEmit`
 * find `@xix/sdk`: the tsconfig maps it to this installation's SDK sources (nothing to install).
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_OPTIONS } from '../check/type-check.ts';
import { fail } from '../cli-error.ts';
import { BOT_GLOBALS, BOT_TEMPLATE, SDK_ENTRY } from '../repo.ts';

export function newBot(name: string): void {
  const base = path.basename(name);
  if (!/^[A-Za-z][\w-]*$/.test(base)) fail(`a bot name starts with a letter and has only letters, digits, _ and -: got "${base}"`);
  try {
    // Not recursive: never write into someone's existing folder.
    mkdirSync(name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    fail(code === 'EEXIST' ? `${name} already exists` : `cannot create ${name}: ${(error as Error).message}`);
  }
  try {
    copyFileSync(BOT_TEMPLATE, path.join(name, 'bot.ts'));
    copyFileSync(BOT_GLOBALS, path.join(name, 'globals.d.ts'));
    writeFileSync(path.join(name, 'package.json'), json(packageJson(base)));
    writeFileSync(path.join(name, 'tsconfig.json'), json(tsconfig()));
  } catch (error) {
    fail(`cannot write the bot into ${name}: ${(error as Error).message}`);
  }
  console.log([`created ${name}/ (bot.ts, package.json, tsconfig.json, globals.d.ts)`, 'next:', `  cd ${name}`, '  xix check bot.ts', '  xix play bot.ts random --games 100'].join('\n'));
}

function packageJson(name: string): object {
  return {
    name,
    private: true,
    type: 'module',
    scripts: { check: 'xix check bot.ts', typecheck: 'tsc --noEmit -p .', play: 'xix play bot.ts random --games 100' },
  };
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
