/**
 * Builds the web pages with esbuild: src/main.ts (and the CSS it imports) bundled and minified into
 * dist/ under content-hashed names, and dist/index.html, the one HTML shell every page route serves.
 * The server calls ensureWebBuilt() at start; `node apps/web/build.ts` builds by hand.
 *
 * Several processes may build at once (test files start servers in parallel): every file is written
 * to a temporary name and renamed into place, index.html last, so a reader never sees half a file.
 */
import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const WEB_ROOT = fileURLToPath(new URL('.', import.meta.url));
export const WEB_DIST = join(WEB_ROOT, 'dist');
const SOURCES = join(WEB_ROOT, 'src');
const SHELL = 'index.html';

/** The newest modification time (ms) of a file under `dir`. */
async function newestUnder(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/** Is dist/index.html missing or older than a source file (or this script)? */
export async function webBuildIsStale(): Promise<boolean> {
  const built = await stat(join(WEB_DIST, SHELL)).then((s) => s.mtimeMs, () => null);
  if (built === null) return true;
  const sources = Math.max(await newestUnder(SOURCES), (await stat(fileURLToPath(import.meta.url))).mtimeMs);
  return sources > built;
}

function shell(script: string, styles: readonly string[]): string {
  const links = styles.map((href) => `<link rel="stylesheet" href="/assets/${href}">`).join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>XIX Arena</title>
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

/** Builds dist/ from src/; answers the built files' names (hashed), shell last. */
export async function buildWeb(): Promise<string[]> {
  const result = await build({
    entryPoints: [join(SOURCES, 'main.ts')],
    bundle: true,
    minify: true,
    sourcemap: false,
    format: 'esm',
    target: ['es2022'],
    entryNames: '[name]-[hash]',
    outdir: WEB_DIST,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  await mkdir(WEB_DIST, { recursive: true });
  const names: string[] = [];
  for (const file of result.outputFiles) {
    await writeAtomically(file.path, file.contents);
    names.push(file.path.slice(WEB_DIST.length + 1));
  }
  const script = names.find((name) => name.endsWith('.js'));
  if (script === undefined) throw new Error('the web build made no script');
  await writeAtomically(join(WEB_DIST, SHELL), shell(script, names.filter((name) => name.endsWith('.css'))));
  return [...names, SHELL];
}

/** Builds unless dist/ is up to date with the sources. */
export async function ensureWebBuilt(): Promise<void> {
  if (await webBuildIsStale()) await buildWeb();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const files = await buildWeb();
  console.log(`built ${files.join(', ')} in ${Math.round(performance.now() - started)} ms`);
}
