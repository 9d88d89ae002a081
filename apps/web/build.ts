/**
 * Builds the web pages with esbuild: src/main.ts (and the CSS it imports) bundled and minified into
 * dist/ under content-hashed names, and dist/index.html, the one HTML shell every page route serves.
 * The server calls ensureWebBuilt() at start; `node apps/web/build.ts` builds by hand.
 *
 * The test-only switch (XIX_FIXTURE_GAMES=1 in the build's environment) makes another build, in
 * dist/fixture-games/: its entry (src/fixture-games.ts) registers the engine's fixture games before
 * the app starts, and the bundle reads the switch as the build saw it. Without the switch nothing
 * of the fixture games is bundled.
 *
 * Several processes may build at once (test files start servers in parallel): every file is written
 * to a temporary name and renamed into place, index.html last, so a reader never sees half a file.
 * Then the assets the new shell does not name are deleted, but only once they are STALE_ASSET_MS
 * old: a server reads the shell once, at start (and then refreshes its assets' times), so one that
 * started before a rebuild still finds the files its shell names.
 */
import { mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { build } from 'esbuild';
import { FIXTURE_GAMES_SWITCH, fixtureGamesOn } from '@xix/engine';

export const WEB_ROOT = fileURLToPath(new URL('.', import.meta.url));
const SOURCES = join(WEB_ROOT, 'src');
/** The engine's sources: the pages bundle them (the viewer re-simulates replays). */
const ENGINE_SOURCES = dirname(createRequire(import.meta.url).resolve('@xix/engine'));
/** The SDK's folder: the editor's bundles carry its types, templates' globals and house bots (editor-build.ts). */
const SDK_SOURCES = dirname(dirname(createRequire(import.meta.url).resolve('@xix/sdk')));
const EDITOR_BUILD = new URL('./editor-build.ts', import.meta.url).href;

/** The build's folder: dist/, or dist/fixture-games/ for a build with the fixture games. */
export function webDist(fixtureGames: boolean): string {
  return fixtureGames ? join(WEB_ROOT, 'dist', 'fixture-games') : join(WEB_ROOT, 'dist');
}

/** This process's build: with the fixture games when the test-only switch is on. */
export const WEB_DIST = webDist(fixtureGamesOn());

/**
 * What a bundle of the pages' sources is built with, with the fixture games or without: the entry,
 * and the switch as the bundle sees it (the engine reads it from `globalThis.process.env`, which a
 * page has not: the build writes in the value it has).
 */
export function webBundleOptions(fixtureGames: boolean): { entryPoints: { in: string; out: string }[]; define: Record<string, string> } {
  const main = { in: join(SOURCES, fixtureGames ? 'fixture-games.ts' : 'main.ts'), out: 'main' };
  const entryPoints = [main, ...LAZY_ENTRIES.map((name) => ({ in: join(SOURCES, 'editor', `${name}.ts`), out: name }))];
  if (!fixtureGames) return { entryPoints, define: {} };
  return {
    entryPoints,
    define: { 'globalThis.process': JSON.stringify({ env: { [FIXTURE_GAMES_SWITCH]: '1' } }) },
  };
}

/**
 * The editor page's bundles (src/editor/), loaded only by that page: its code editor and its two
 * workers. The shell names each in a `<meta name="xix-asset">` (src/editor/assets.ts reads them).
 */
export const LAZY_ENTRIES = ['code-editor', 'ts-worker', 'play-worker'] as const;
/** Node's modules that TypeScript's compiler requires only when it runs on Node: never in a page. */
const NODE_ONLY = ['fs', 'os', 'path', 'inspector', 'perf_hooks', 'source-map-support'];
const SHELL = 'index.html';
const gzip = promisify(gzipCallback);
/** Scripts and styles are also written gzipped (name.gz), which the server sends to a browser that takes gzip (plugins/web.ts). */
const COMPRESSED = /\.(js|css)$/;
/** The pages' icon, served as it is at /favicon.svg and /favicon.ico (plugins/web.ts): no build step. */
export const WEB_FAVICON = join(SOURCES, 'favicon.svg');
/** An asset no longer named by the shell (or a build's leftover temporary file) is deleted once this old. */
export const STALE_ASSET_MS = 10 * 60_000;

/** The newest modification time (ms) of a file under `dir`. */
async function newestUnder(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/** Is dist/index.html missing or older than a source file (the pages', the engine's, or this script)? */
export async function webBuildIsStale(dist = WEB_DIST): Promise<boolean> {
  const built = await stat(join(dist, SHELL)).then((s) => s.mtimeMs, () => null);
  if (built === null) return true;
  const sources = Math.max(
    await newestUnder(SOURCES), await newestUnder(ENGINE_SOURCES), await newestUnder(SDK_SOURCES),
    ...await Promise.all([import.meta.url, EDITOR_BUILD].map(async (file) => (await stat(fileURLToPath(file))).mtimeMs)),
  );
  return sources > built;
}

function shell(script: string, styles: readonly string[], lazy: readonly { name: string; file: string }[]): string {
  const links = [
    ...styles.map((href) => `<link rel="stylesheet" href="/assets/${href}">`),
    ...lazy.map(({ name, file }) => `<meta name="xix-asset" data-entry="${name}" content="/assets/${file}">`),
  ].join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>XIX Arena</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    ${links}
    <script type="module" src="/assets/${script}"></script>
  </head>
  <body>
    <noscript>XIX Arena's pages need JavaScript; the API is at <a href="/api/docs">/api/docs</a>.</noscript>
  </body>
</html>
`;
}

async function writeAtomically(path: string, contents: Uint8Array | string): Promise<void> {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, path);
}

/** The asset names the shell in `dist` refers to (none without a shell). */
async function namedByShell(dist: string): Promise<string[]> {
  const html = await readFile(join(dist, SHELL), 'utf8').catch(() => '');
  return [...html.matchAll(/(?:src|href|content)="\/assets\/([^"/]+)"/g)].map((match) => match[1]!);
}

/** Deletes the files of `dist` that are neither the shell nor in `keep`, once STALE_ASSET_MS old. */
async function removeStale(dist: string, keep: ReadonlySet<string>): Promise<void> {
  const now = Date.now();
  for (const entry of await readdir(dist, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name === SHELL || keep.has(entry.name)) continue;
    const path = join(dist, entry.name);
    const modified = await stat(path).then((s) => s.mtimeMs, () => null);
    if (modified !== null && now - modified >= STALE_ASSET_MS) await rm(path, { force: true });
  }
}

/**
 * Builds `dist` (this process's WEB_DIST by default) from src/, with the fixture games when the
 * switch is on (unless told); answers the built files' names (hashed), shell last.
 */
export async function buildWeb(dist = WEB_DIST, options: { fixtureGames?: boolean } = {}): Promise<string[]> {
  const fixtureGames = options.fixtureGames ?? fixtureGamesOn();
  const { editorBuildPlugin } = await import('./editor-build.ts');
  const result = await build({
    ...webBundleOptions(fixtureGames),
    plugins: [editorBuildPlugin(fixtureGames)],
    external: NODE_ONLY,
    bundle: true,
    minify: true,
    sourcemap: false,
    format: 'esm',
    target: ['es2022'],
    entryNames: '[name]-[hash]', // main: either entry; the shell names it
    outdir: dist,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  await mkdir(dist, { recursive: true });
  const names: string[] = [];
  for (const file of result.outputFiles) {
    await writeAtomically(file.path, file.contents);
    names.push(file.path.slice(dist.length + 1));
  }
  const compressed = names.filter((name) => COMPRESSED.test(name)).map((name) => `${name}.gz`);
  await Promise.all(result.outputFiles.filter((file) => COMPRESSED.test(file.path)).map(async (file) =>
    writeAtomically(`${file.path}.gz`, await gzip(file.contents))));
  const script = names.find((name) => name.startsWith('main-') && name.endsWith('.js'));
  if (script === undefined) throw new Error('the web build made no script');
  const lazy = LAZY_ENTRIES.map((name) => ({ name, file: names.find((file) => file.startsWith(`${name}-`) && file.endsWith('.js'))! }));
  await writeAtomically(join(dist, SHELL), shell(script, names.filter((name) => name.endsWith('.css')), lazy));
  await removeStale(dist, new Set([...names, ...compressed]));
  return [...names, SHELL];
}

/**
 * Builds unless `dist` is up to date with the sources and has every asset its shell names; when it
 * is, marks those assets as in use (their times now), so that no other build deletes them soon.
 */
export async function ensureWebBuilt(dist = WEB_DIST): Promise<void> {
  if (await webBuildIsStale(dist)) {
    await buildWeb(dist);
    return;
  }
  const now = new Date();
  const touched = await Promise.all((await namedByShell(dist)).map((name) => utimes(join(dist, name), now, now).then(() => true, () => false)));
  if (touched.length === 0 || touched.includes(false)) await buildWeb(dist);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const files = await buildWeb();
  console.log(`built ${files.join(', ')} in ${Math.round(performance.now() - started)} ms`);
}
