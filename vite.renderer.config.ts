/** Builds the renderer into out/renderer with relative asset paths (loaded from file:// and over HTTP). */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: true,
  },
});
