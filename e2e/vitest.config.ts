import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the production build; `npm run test:e2e` (run.mjs) starts the server.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    // One Chromium at a time: the machine has two cores and the journeys share one database.
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
    // A drawn page takes its code only after its largest paint (decision 076), and a busy machine
    // stretches that: every expect.poll waits up to 10 s unless it says otherwise (Vitest's 1 s
    // failed in CI). A passing poll still returns at once.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default'],
  },
});
