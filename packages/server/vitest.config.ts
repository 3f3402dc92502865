import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Suites that start processes (the server, the command-line tools, kill -9) or take tens of
 * seconds: `npm run test:slow` runs them (vitest.slow.config.ts), plain `npm test` does not.
 * New ones are named *.slow.test.ts; the others are listed by name.
 */
export const SLOW_TESTS = ['test/**/*.slow.test.ts', 'test/storm.test.ts', 'test/main.test.ts', 'test/owners.test.ts'];

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    // One migrated PGlite database, copied by every test database instead of made anew.
    globalSetup: ['./test/support/globalSnapshot.ts'],
    // One query at a time on each database client (pg@9 refuses a second one), and no refusal the
    // API description does not list: both fail the test that shows them (test/support).
    setupFiles: ['./test/support/oneQueryAtATime.ts', './test/support/documentedFailures.ts'],
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...SLOW_TESTS],
    // Each file opens its own database (PGlite starts in about a second); argon2 is slow on purpose.
    // Generous, so that a machine busy with other work slows the run down without failing it.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: two files at once keeps both busy without starving PGlite's start.
    maxWorkers: 2,
  },
});
