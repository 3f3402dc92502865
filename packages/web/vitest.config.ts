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
    // One shared server: files run one after another so a test that needs the whole fleet in a
    // known state (e.g. every car booked for some dates) is not disturbed by another file's cars.
    fileParallelism: false,
  },
});
