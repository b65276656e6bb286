/**
 * NVCV's format names as the real addon reports them for every fixture, read into words: no fixture's format is
 * left unread, and the words agree with the report (planes, bit depth, subsampling).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeNvcvFormat } from '../../renderer/src/components/glossary/nvcv-format';
import { addon } from '../support/live/addon';
import { ROOT } from '../support/paths';

const CLIPS = [
  path.join(ROOT, 'assets', 'sample.mp4'),
  ...readdirSync(path.join(ROOT, 'test', 'fixtures'))
    .filter((name) => name.endsWith('.mp4'))
    .map((name) => path.join(ROOT, 'test', 'fixtures', name)),
];

const RESOLUTION: Record<string, string> = { '4:2:0': 'half resolution', '4:4:4': 'full resolution' };

describe("NVCV's format names of every fixture, in words", () => {
  const nvcvLoaded = addon.environment().nvcv.loaded;

  it.skipIf(!nvcvLoaded)('reads every format name the addon reports, consistent with the report', async () => {
    const seen = new Set<string>();
    for (const clip of CLIPS) {
      const session = await addon.Session.open(clip);
      try {
        const { report } = await session.show({ index: 0 });
        const name = report.wrap.formatName;
        expect(name, path.basename(clip)).not.toBeNull();
        const words = describeNvcvFormat(name);
        expect(words, `${path.basename(clip)}: ${name}`).not.toBeNull();
        if (words === null || name === null) continue;
        seen.add(name);
        expect(words.planeCount).toBe(report.planes.length);
        expect(words.text).toContain(RESOLUTION[report.format.chromaSubsampling] ?? '');
        if (report.format.bitDepth > 8) expect(words.text).toContain(`${report.format.bitDepth} bits in the`);
        else expect(words.planes[0]).toBe('Y: 8-bit luma');
      } finally {
        session.close();
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });
});
