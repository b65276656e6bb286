/**
 * Test projects, by what they need: unit (Node; no build, no addon, no serve mode), component (jsdom), and
 * integration (the real addon, the built backend and serve mode; run after npm run build).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Sized for a loaded 2-core machine, not for speed: a test that hangs still ends, and a slow one still passes.
const UNIT_TIMEOUT_MS = 30_000;
const PROCESS_TIMEOUT_MS = 180_000; // integration tests spawn the CLI and the backend, several processes each

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          testTimeout: UNIT_TIMEOUT_MS,
          include: ['test/unit/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'component',
          environment: 'jsdom',
          testTimeout: UNIT_TIMEOUT_MS,
          include: ['test/component/**/*.test.tsx'],
          setupFiles: ['test/support/component-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          testTimeout: PROCESS_TIMEOUT_MS,
          hookTimeout: PROCESS_TIMEOUT_MS,
          include: ['test/integration/**/*.test.ts'],
        },
      },
    ],
  },
});
