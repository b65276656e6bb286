/**
 * The test projects StrykerJS runs against each mutant of the check modules: vitest.config.ts's unit and component
 * projects, which need no build (the integration project needs the addon and serve mode, too slow for every mutant).
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

const KEPT = ['unit', 'component'];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: (base.test?.projects ?? []).filter(
      (project) => typeof project === 'object' && 'test' in project && KEPT.includes(project.test?.name as string),
    ),
  },
});
