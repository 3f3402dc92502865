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
    rolldownOptions: {
      output: {
        // The owner area is staff-only: keep every module of it out of what customers download.
        codeSplitting: {
          groups: [{ name: 'owner', test: /[\\/]src[\\/]features[\\/]owner[\\/]/ }],
        },
      },
    },
  },
});
