/**
 * The test projects StrykerJS runs against each mutant of the verdict and check modules: unit and component, which
 * need no build (the integration project needs the addon and serve mode, too slow to start for every mutant).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', environment: 'node', include: ['test/unit/**/*.test.ts'] } },
      {
        plugins: [react()],
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['test/component/**/*.test.tsx'],
          setupFiles: ['test/support/component-setup.ts'],
        },
      },
    ],
  },
});
