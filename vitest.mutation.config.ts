/**
 * The test project StrykerJS runs against each mutant: vitest.config.ts's unit project alone. The component project
 * (jsdom, React) costs most of a mutant's run, since the verdict words are drawn by nearly every component, and the
 * integration project needs the addon and serve mode; every check and verdict line must be held by a unit test.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

const KEPT = ['unit'];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: (base.test?.projects ?? []).filter(
      (project) => typeof project === 'object' && 'test' in project && KEPT.includes(project.test?.name as string),
    ),
  },
});
