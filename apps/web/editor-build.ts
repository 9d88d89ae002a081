/**
 * What the editor page's bundles (src/editor/) need from this repository at build time, handed to
 * esbuild as virtual modules by `editorBuildPlugin`:
 * - `xix:ts-files`: the files the in-browser TypeScript service checks a bot against, the same the
 *   platform's check reads (apps/sandbox/src/type-check.ts): the SDK's and the engine's sources,
 *   the sandbox's globals (sdk/templates/globals.d.ts), TypeScript's own ES libraries, and the
 *   platform's compiler options.
 * - `xix:upload-limits`: the platform's limit on a bot's source (`xix upload` checks it first too).
 * - `xix:house-bots`: every registered game's house bots (`@xix/sdk/files`), each compiled by
 *   esbuild to a CommonJS module that requires `@xix/sdk`, so that the page loads them exactly as
 *   it loads the author's bot (a fresh module per player).
 * - `node:crypto`: the referee's bot seeds (bot-seed.ts) are an HMAC-SHA256; a page has no
 *   node:crypto, so src/editor/hmac.ts stands in with the same digest.
 * Imported lazily by build.ts: it loads TypeScript, which a server that only serves has no use for.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { GAMES, loadFixtureGames } from '@xix/engine';
import { BOT_GLOBALS, SDK_DIR, houseBotFiles } from '@xix/sdk/files';
import { DEFAULT_MAX_SOURCE_BYTES } from '@xix/sandbox/compile';
import { ENGINE_DIR, PLATFORM_OPTIONS } from '@xix/sandbox/type-check';

const require = createRequire(import.meta.url);
const TS_LIB_DIR = dirname(require.resolve('typescript/lib/lib.es2024.d.ts'));
const HMAC_SHIM = join(dirname(new URL(import.meta.url).pathname), 'src', 'editor', 'hmac.ts');

/** Where the TypeScript service finds each file (its virtual file system): see src/editor/ts-files.ts. */
export const VIRTUAL = { sdk: '/sdk', engine: '/engine', lib: '/lib', globals: '/bot/globals.d.ts' } as const;

/** The non-test TypeScript sources under `dir`, by path relative to it. */
function sources(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path)] = readFileSync(path, 'utf8');
  }
  return files;
}

/** lib.es2024.d.ts and every library it references, transitively. */
function libraries(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const pending = [root];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (files[name] !== undefined) continue;
    const text = readFileSync(join(TS_LIB_DIR, name), 'utf8');
    files[name] = text;
    for (const match of text.matchAll(/\/\/\/\s*<reference lib="([^"]+)"\s*\/>/g)) pending.push(`lib.${match[1]!.toLowerCase()}.d.ts`);
  }
  return files;
}

/** The virtual file system of the editor's TypeScript service, and what it checks with. */
export function tsFiles(): { files: Record<string, string>; options: Record<string, unknown> } {
  const files: Record<string, string> = {};
  // The SDK's node-only module (files.ts: templates and house bots on disk) is no part of what a bot imports.
  for (const [path, text] of Object.entries(sources(join(SDK_DIR, 'src')))) if (path !== join('games', 'files.ts')) files[`${VIRTUAL.sdk}/src/${path}`] = text;
  for (const [path, text] of Object.entries(sources(join(ENGINE_DIR, 'src')))) files[`${VIRTUAL.engine}/src/${path}`] = text;
  const libs = (PLATFORM_OPTIONS.lib ?? ['lib.es2024.d.ts']).map((name) => name.toLowerCase());
  for (const lib of libs) for (const [name, text] of Object.entries(libraries(lib))) files[`${VIRTUAL.lib}/${name}`] = text;
  files[VIRTUAL.globals] = readFileSync(BOT_GLOBALS, 'utf8');
  return { files, options: { ...PLATFORM_OPTIONS } };
}

/** Each registered game's house bots as CommonJS modules requiring `@xix/sdk`, `random` first. */
export async function houseBotModules(fixtureGames: boolean): Promise<Record<string, { name: string; code: string }[]>> {
  if (fixtureGames) await loadFixtureGames();
  const modules: Record<string, { name: string; code: string }[]> = {};
  for (const id of GAMES.keys()) {
    modules[id] = [];
    for (const bot of houseBotFiles(id)) {
      const result = await build({
        entryPoints: [bot.file], bundle: true, format: 'cjs', platform: 'neutral', target: ['es2022'], external: ['@xix/sdk'],
        write: false, logLevel: 'silent', minify: true,
      });
      modules[id].push({ name: bot.name, code: result.outputFiles[0]!.text });
    }
  }
  return modules;
}

/** The virtual modules above, for every bundle of the pages. */
export function editorBuildPlugin(fixtureGames: boolean): Plugin {
  return {
    name: 'xix-editor',
    setup(plugin) {
      plugin.onResolve({ filter: /^xix:(ts-files|house-bots|upload-limits)$/ }, (args) => ({ path: args.path, namespace: 'xix-editor' }));
      plugin.onResolve({ filter: /^(node:)?crypto$/ }, () => ({ path: HMAC_SHIM }));
      plugin.onLoad({ filter: /^xix:ts-files$/, namespace: 'xix-editor' }, () => {
        const { files, options } = tsFiles();
        const contents = `export const files = ${JSON.stringify(files)};\nexport const compilerOptions = ${JSON.stringify(options)};\nexport const globalsFile = ${JSON.stringify(VIRTUAL.globals)};`;
        return { contents, loader: 'js' };
      });
      plugin.onLoad({ filter: /^xix:upload-limits$/, namespace: 'xix-editor' }, () => ({ contents: `export const maxSourceBytes = ${DEFAULT_MAX_SOURCE_BYTES};`, loader: 'js' }));
      plugin.onLoad({ filter: /^xix:house-bots$/, namespace: 'xix-editor' }, async () => ({
        contents: `export const houseBots = ${JSON.stringify(await houseBotModules(fixtureGames))};`, loader: 'js',
        watchDirs: [join(SDK_DIR, 'examples')],
      }));
    },
  };
}
