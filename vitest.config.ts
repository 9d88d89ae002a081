import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['engine/**/*.test.ts', 'sdk/**/*.test.ts', 'apps/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // The one test-only switch (engine/src/games/registry.ts): the fixture game nim joins every
    // registry in this process and in every process the tests start.
    env: { XIX_FIXTURE_GAMES: '1' },
    setupFiles: ['./vitest.setup.ts'],
    // Property tests and sandboxed matches are CPU-bound; the defaults are too tight on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
