import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contract',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Same as the server project, so a root run can schedule both together.
    maxWorkers: 2,
  },
});
