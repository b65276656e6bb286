/** Playwright fixtures: a fresh serve mode per test, and the page opened on its tokened URL. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { afterTestProbe, startServe, type Served } from '../live/serve';
import { ROOT } from '../paths';

/** The fixture clips and the sample. */
export const CLIPS = {
  sample: path.join(ROOT, 'assets', 'sample.mp4'),
  padded: path.join(ROOT, 'test', 'fixtures', 'h264-1080p-420.mp4'),
  main10: path.join(ROOT, 'test', 'fixtures', 'hevc-main10-1280x720.mp4'),
  audioOnly: path.join(ROOT, 'test', 'fixtures', 'audio-only.m4a'),
};

/** A test with `served` (serve mode) available. */
export const test = base.extend<{ served: Served }>({
  // Playwright requires a destructuring pattern here, even an empty one.
  // eslint-disable-next-line no-empty-pattern
  served: async ({}, use, testInfo) => {
    if (!existsSync(path.join(ROOT, 'out', 'serve', 'index.js')))
      throw new Error('Run npm run build before the e2e tests.');
    const served = await startServe();
    await use(served);
    // Every test ends with serve mode running and a new client answered; the figures go with the test's result.
    const probe = await afterTestProbe(served);
    testInfo.annotations.push({
      type: 'after',
      description: JSON.stringify(probe),
    });
    await served.stop();
    expect(probe.alive, 'serve mode still runs').toBe(true);
    expect(probe.answeredMs, 'a new client is answered').not.toBeNull();
  },
});

export { expect };
