#!/usr/bin/env node
// Launcher for the `xix` command. In this repository the CLI is TypeScript run by Node 24's type
// stripping (src/main.ts); installed from `npm run pack:cli` it is one JavaScript bundle
// (dist/xix.mjs), because Node does not strip types inside node_modules. Either way the sandbox's
// isolated-vm needs Node 24 started with --no-node-snapshot: when an older node starts this file,
// or the flag is missing, it hands over to Node 24 with the flag: the repository's
// node_modules/.bin/node, or the installed CLI's `node-<platform>-<arch>` dependency. Plain JavaScript
// that Node 20 can parse.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (relative) => fileURLToPath(new URL(relative, import.meta.url));
const bundle = here('../dist/xix.mjs');
const packed = existsSync(bundle);
const main = packed ? bundle : here('../src/main.ts');
const FLAG = '--no-node-snapshot';
const flagged = process.execArgv.includes(FLAG) || (process.env.NODE_OPTIONS ?? '').split(/\s+/).includes(FLAG);
const node24 = Number(process.versions.node.split('.')[0]) >= 24 && (packed || Boolean(process.features.typescript));

/** Node 24 beside this CLI: the installed CLI's Node package for this platform, or the repository's. */
function findNode() {
  if (node24) return process.execPath;
  if (!packed) return here('../../../node_modules/.bin/node');
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve(`node-${process.platform}-${process.arch}/package.json`)), 'bin', 'node');
  } catch {
    return '';
  }
}

if (node24 && flagged) {
  await import(main);
} else {
  const node = findNode();
  if (node === '' || !existsSync(node)) {
    const fix = packed ? 'run it with Node 24 on the PATH (its bundled Node 24 is for linux-x64 only)' : 'run `npm install` in the repository first';
    console.error(`xix: needs Node 24 (this is Node ${process.versions.node}); ${fix}`);
    process.exit(1);
  }
  // Ctrl-C reaches the child too (same process group): wait for it to print its summary.
  process.on('SIGINT', () => {});
  const run = spawnSync(node, [FLAG, main, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(run.status ?? (run.signal === 'SIGINT' ? 130 : 1));
}
