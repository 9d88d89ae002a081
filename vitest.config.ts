import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['engine/**/*.test.ts', 'sdk/**/*.test.ts', 'apps/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Property tests and sandboxed matches are CPU-bound; the defaults are too tight on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
