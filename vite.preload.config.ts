/** Builds the preload script as CommonJS, which sandboxed preloads require. */
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    ssr: true,
    outDir: 'out/preload',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: {
      input: 'electron/preload/index.ts',
      external: ['electron'],
      output: { format: 'cjs', entryFileNames: 'index.cjs' },
    },
  },
});
