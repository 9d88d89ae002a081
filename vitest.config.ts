import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Node's compile cache (its V8 code and its stripped TypeScript, on disk) for this process, its test
// workers and every process they start: the `xix` commands and sandbox hosts the CLI tests spawn
// compile the same modules again at each start otherwise. Node checks each entry against the source.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'xix-test-compile-cache');

export default defineConfig({
  test: {
    include: ['engine/**/*.test.ts', 'sdk/**/*.test.ts', 'apps/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // The one test-only switch (engine/src/games/registry.ts): the fixture game nim joins every
    // registry in this process and in every process the tests start.
    // The data directory (the blob store, issue 24) of every process the tests start, out of the
    // checkout; each test's store keeps its blobs under its own prefix there.
    env: { XIX_FIXTURE_GAMES: '1', XIX_DATA_DIR: join(tmpdir(), 'xix-test-data') },
    setupFiles: ['./vitest.setup.ts'],
    // Node imports the tests and the code under test as it runs the platform (Node 24 strips the
    // types; the sources are erasable-only TypeScript). Vite's module runner reached every imported
    // binding through a getter, a chain of them through `export *`: the 1923 strength test ran 9×
    // slower than the same code under Node.
    experimental: { viteModuleRunner: false },
    // Property tests and sandboxed matches are CPU-bound; the defaults are too tight on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
