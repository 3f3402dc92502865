import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Tests that need data talk to the real server, started once for the whole run.
    globalSetup: ['./src/test/globalServer.ts'],
    css: false,
    // Vitest's 5 s is tight for a page that talks to the real server while the machine is busy.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // One shared server: files run one after another so a test that needs the whole fleet in a
    // known state (e.g. every car booked for some dates) is not disturbed by another file's cars.
    fileParallelism: false,
  },
});
