import { defineConfig } from 'vitest/config';

// One root run covers every package; each package declares its own project.
export default defineConfig({
  test: {
    projects: ['packages/*'],
  },
});
