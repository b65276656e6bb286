/**
 * Builds the Node-side entries (main, backend, serve, cli, launcher, the capture worker) as ES modules into out/.
 * The pure-JS dependencies (zod, fflate, fast-png, yauzl) are bundled in: Node's ESM loader pays per file, and zod's
 * hundreds of files cost about 50 ms at every start of the command line and the backend. ws (optional native parts)
 * and electron stay external.
 */
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

const external = ['electron', 'ws', ...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

export default defineConfig({
  ssr: { noExternal: ['zod', 'fflate', 'fast-png', 'yauzl'] },
  build: {
    ssr: true,
    outDir: 'out',
    emptyOutDir: false,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      input: {
        'main/index': 'electron/main/index.ts',
        'backend/index': 'electron/backend/index.ts',
        'serve/index': 'electron/serve/index.ts',
        'launcher/start': 'electron/launcher/start.ts',
        'cli/zerocopy-inspector': 'electron/cli/zerocopy-inspector.ts',
        // Loaded first by bin/zerocopy-inspector.js: starts the CUDA context while the command's modules load, and
        // ends the process.
        'cli/gpu-lifecycle': 'electron/cli/gpu-lifecycle.ts',
        // The worker thread that opens captures (electron/capture/capture-open.ts starts it by this path).
        'capture/open-worker': 'electron/capture/open-worker.ts',
      },
      external,
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
});
