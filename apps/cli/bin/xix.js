#!/usr/bin/env node
// Launcher for the `xix` command. The CLI is TypeScript run by Node 24's type stripping, and the
// sandbox's isolated-vm needs Node started with --no-node-snapshot. `npx xix` finds Node 24 first
// on PATH (node_modules/.bin/node); when an older node starts this file, or the flag is missing,
// it hands over to Node 24 with the flag. Plain JavaScript that Node 20 can parse.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const FLAG = '--no-node-snapshot';
const flagged = process.execArgv.includes(FLAG) || (process.env.NODE_OPTIONS ?? '').split(/\s+/).includes(FLAG);

if (process.features.typescript && flagged) {
  await import(main);
} else {
  const node = process.features.typescript ? process.execPath : fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));
  if (!existsSync(node)) {
    console.error(`xix: needs Node 24 (this is Node ${process.versions.node}); run \`npm install\` in the repository first`);
    process.exit(1);
  }
  const run = spawnSync(node, [FLAG, main, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
