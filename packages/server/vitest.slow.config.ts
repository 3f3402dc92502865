import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SLOW_TESTS } from './vitest.config.ts';

/** `npm run test:slow`: the suites that start processes or take long (see SLOW_TESTS). */
export default defineConfig({
  // Run from the repository root (`vitest run --config packages/server/vitest.slow.config.ts`).
  root: dirname(fileURLToPath(import.meta.url)),
  test: {
    name: 'server-slow',
    environment: 'node',
    // One migrated PGlite database, copied by every test database instead of made anew.
    globalSetup: ['./test/support/globalSnapshot.ts'],
    include: SLOW_TESTS,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One file at a time: each starts servers or tools that need the machine's cores themselves,
    // and the storm and shutdown tests measure how long the server takes.
    fileParallelism: false,
  },
});
