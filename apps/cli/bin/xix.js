#!/usr/bin/env node
// Launcher for the `xix` command. The CLI is TypeScript run by Node 24's type stripping; `npx xix`
// finds Node 24 first on PATH (node_modules/.bin/node), and when an older node starts this file
// anyway, it hands over to the repository's Node 24. Plain JavaScript that Node 20 can parse.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

if (process.features.typescript) {
  await import(main);
} else {
  const node = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));
  if (!existsSync(node)) {
    console.error(`xix: needs Node 24 (this is Node ${process.versions.node}); run \`npm install\` in the repository first`);
    process.exit(1);
  }
  const run = spawnSync(node, [main, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
