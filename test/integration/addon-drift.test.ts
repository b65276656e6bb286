/**
 * Drift between the C++ side and the TS side fails here: the addon's own tables against the TS vocabulary and
 * error codes, and the addon's real output for every fixture against the zod schemas, field for field (a
 * field the addon writes that the schema does not know is drift too: parsing would drop it).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { environmentReportSchema } from '../../contract/environment';
import { ADDON_ERROR_CODES, DEFAULT_REMEDIES, ERROR_CODES } from '../../contract/errors';
import { MEMORY_READ_CAP, MEMORY_REGIONS } from '../../contract/memory';
import { FFMPEG_CHOICES } from '../../contract/ffmpeg-choice';
import { frameReportSchema, streamInfoSchema } from '../../contract/report';
import { showResultSchema } from '../../contract/show';
import {
  COLOR_MATRICES,
  COLOR_RANGES,
  CONTEXT_MODES,
  DECODE_MODES,
  INIT_ORDERS,
  PREVIEW_OPS,
  FRAMES_PER_CALL,
  PREVIEWS_PER_CALL,
  THUMBNAIL_WIDTH,
  WARNING_CODES,
} from '../../contract/vocabulary';
import { addon } from '../support/live/addon';
import { ROOT } from '../support/paths';

const FIXTURES = [
  'test/fixtures/h264-1080p-420.mp4',
  'test/fixtures/hevc-main10-1280x720.mp4',
  'test/fixtures/h264-odd-642x362.mp4',
  'test/fixtures/h264-444-640x360.mp4',
  'test/fixtures/hevc-444-640x360.mp4',
  'test/fixtures/h264-damaged-642x362.mp4',
  'assets/sample.mp4',
];

describe('the addon and the TS side speak one vocabulary', () => {
  it("the addon's option tables equal the TS declarations", () => {
    const v = addon.vocabulary();
    expect(v.decode).toEqual([...DECODE_MODES]);
    expect(v.context).toEqual([...CONTEXT_MODES]);
    expect(v.initOrder).toEqual([...INIT_ORDERS]);
    expect(v.op).toEqual([...PREVIEW_OPS]);
    expect(v.matrix).toEqual([...COLOR_MATRICES]);
    expect(v.range).toEqual([...COLOR_RANGES]);
    expect(v.thumbnailWidth).toEqual({ ...THUMBNAIL_WIDTH });
    expect(v.warningCodes).toEqual([...WARNING_CODES]);
    expect(v.memoryRegions).toEqual([...MEMORY_REGIONS]);
    expect(v.memoryReadCap).toBe(MEMORY_READ_CAP);
    expect(v.framesPerCall).toBe(FRAMES_PER_CALL);
    expect(v.previewsPerCall).toBe(PREVIEWS_PER_CALL);
    // The loader's FFmpeg variants are contract/ffmpeg-variants.json's, as the typings and the command line read it.
    expect(addon.ffmpegVariants).toEqual([...FFMPEG_CHOICES]);
  });

  it("the addon's error codes equal ADDON_ERROR_CODES, and every code has a default remedy", () => {
    expect(addon.vocabulary().errorCodes).toEqual([...ADDON_ERROR_CODES]);
    for (const code of ERROR_CODES) expect(DEFAULT_REMEDIES[code].length, code).toBeGreaterThanOrEqual(10);
  });

  it('the environment report matches its schema exactly', () => {
    const report = addon.environment();
    expect(environmentReportSchema.parse(report)).toEqual(report);
  });
});

describe("the addon's real output matches the report schemas exactly", () => {
  for (const file of FIXTURES) {
    it(`${path.basename(file)}: stream info and every frame`, async () => {
      const session = await addon.Session.open(path.join(ROOT, file), { decode: 'software' });
      try {
        expect(streamInfoSchema.parse(session.info)).toEqual(session.info);
        for (let index = 0; index < session.info.frameCount; index += 1) {
          const { report } = await session.show({ index }, { proof: index % 2 === 0 });
          const parsed = frameReportSchema.safeParse(report);
          if (!parsed.success) throw new Error(`frame ${index}: ${parsed.error.message}`);
          expect(parsed.data, `frame ${index}`).toEqual(report);
        }
        // The whole answer of the one frame call is contract/show.ts's shape, its ledger beside the report.
        const shown = await session.show(
          { index: 0 },
          { thumbnailWidth: 64, previews: [{ op: 'reference', maxWidth: 64 }], fallbackToReference: true },
        );
        const parsed = showResultSchema.safeParse(shown);
        if (!parsed.success) throw new Error(`show: ${parsed.error.message}`);
        expect(parsed.data).toEqual(shown);
        expect(shown.ledger).toBeDefined();
        expect('ledger' in shown.report).toBe(false);
      } finally {
        session.close();
      }
    });
  }
});
