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
  },
});
