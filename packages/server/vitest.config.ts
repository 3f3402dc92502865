import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Each file opens its own database (PGlite starts in about a second); argon2 is slow on purpose.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two files at once keeps both busy without starving PGlite's start.
    maxWorkers: 2,
  },
});
