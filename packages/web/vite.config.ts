import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No manual chunk groups: the lazy import of the owner routes already keeps the owner area in
    // its own chunk. A group holding only src/features/owner split those modules from the icons and
    // query code they alone use, which then landed in the lazy entry chunk: a circular import that
    // left the icons undefined when the owner chunk ran (React error 130 on every /owner page).
  },
});
