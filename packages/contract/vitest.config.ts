import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contract',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Property tests run hundreds of cases: Vitest's 5 s failed one on a busy machine.
    testTimeout: 30_000,
    // Same as the server project, so a root run can schedule both together.
    maxWorkers: 2,
  },
});
