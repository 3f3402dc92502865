import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: isSsrBuild
    ? {
        // The server-render bundle (src/entry-server.tsx, decision 075) lives beside dist, not in it:
        // dist is served to browsers.
        outDir: 'dist-ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        // One file: the server imports a new build under a new URL, and chunks importing the entry
        // back by its plain URL would get a second copy of it (two React contexts, errors on every page).
        rollupOptions: { output: { inlineDynamicImports: true } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // The server reads which files a page's code needs, to announce them in the page's HTML.
        manifest: true,
        rollupOptions: {
          // boot.ts is the first script of a page drawn on the server (decision 076): its own tiny file,
          // which the server names from the manifest (src/boot.ts) instead of the entry script.
          input: { index: 'index.html', boot: 'src/boot.ts' },
        },
        // No manual chunk groups: the lazy import of the owner routes already keeps the owner area in
        // its own chunk. A group holding only src/features/backOffice split those modules from the icons and
        // query code they alone use, which then landed in the lazy entry chunk: a circular import that
        // left the icons undefined when the owner chunk ran (React error 130 on every /owner page).
      },
}));
