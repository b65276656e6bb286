/** Every schema, parser and catalogue takes its names and bounds from the one vocabulary. */
import { BUDGET_ENV, readBudgets } from '../../contract/budgets';
import { describe, expect, it } from 'vitest';
import { parseCli, USAGE } from '../../electron/cli/cli-args';
import { captureManifestSchema } from '../../contract/capture';
import { METHODS } from '../../contract/contract';
import { previewParamsSchema } from '../../contract/preview';
import { type FrameReport, frameReportSchema, streamInfoSchema } from '../../contract/report';
import { recordedGpuReport } from '../support/memory-reports';
import { DEFAULT_SETTINGS, settingsSchema } from '../../contract/settings';
import {
  COLOR_MATRICES,
  COLOR_RANGES,
  CONTEXT_MODES,
  DECODE_MODES,
  DECODE_PATHS,
  DEVICE_ORDINAL,
  HOLD_FRAMES,
  INIT_ORDERS,
  PREVIEW_OPS,
  THUMBNAIL_WIDTH,
} from '../../contract/vocabulary';
import { CATALOGUE } from '../../renderer/src/components/operators/catalogue';
import { CONTEXT_MODE_TEXT } from '../../renderer/src/components/settings/context-modes';
import { sampleCapture } from '../support/captures';
import { paddedNv12Device, streamInfo } from '../support/reports';

const open = (options: Record<string, unknown>) => METHODS.open.params.safeParse({ path: '/a.mp4', options }).success;

describe('the vocabulary', () => {
  it('spells the decode modes as auto plus the decode paths', () => {
    expect(DECODE_MODES).toEqual(['auto', ...DECODE_PATHS]);
  });

  it('opens with every decode mode, context mode (ffmpeg-primary too) and init order, and nothing else', () => {
    for (const decode of DECODE_MODES) expect(open({ decode })).toBe(true);
    for (const context of CONTEXT_MODES) expect(open({ context })).toBe(true);
    for (const initOrder of INIT_ORDERS) expect(open({ initOrder })).toBe(true);
    expect(CONTEXT_MODES).toContain('ffmpeg-primary');
    expect(open({ context: 'mine' })).toBe(false);
    expect(open({ initOrder: 'never' })).toBe(false);
    expect(open({ decode: 'gpu' })).toBe(false);
  });

  it('bounds the device at the addon’s limits, and the frames held in the backend budgets only', () => {
    expect(open({ device: DEVICE_ORDINAL.max })).toBe(true);
    expect(open({ device: DEVICE_ORDINAL.max + 1 })).toBe(false);
    expect(open({ holdFrames: HOLD_FRAMES.min })).toBe(false);
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, holdFrames: HOLD_FRAMES.min }).success).toBe(false);
    expect(() => readBudgets({ [BUDGET_ENV.holdFrames]: String(HOLD_FRAMES.max + 1) }, 2 ** 34)).toThrow(
      /ZCI_HOLD_FRAMES/,
    );
  });

  it('reads every decode path in reports and stream info', () => {
    for (const decodePath of DECODE_PATHS) {
      expect(frameReportSchema.safeParse({ ...paddedNv12Device(), decodePath }).success).toBe(true);
      expect(streamInfoSchema.safeParse(streamInfo({ decodePath })).success).toBe(true);
    }
    expect(frameReportSchema.safeParse({ ...paddedNv12Device(), decodePath: 'auto' }).success).toBe(false);
  });

  it('previews every operator with every matrix and range', () => {
    for (const op of PREVIEW_OPS)
      for (const matrix of COLOR_MATRICES)
        for (const range of COLOR_RANGES)
          expect(previewParamsSchema.safeParse({ op, matrix, range }).success).toBe(true);
    expect(previewParamsSchema.safeParse({ op: 'sharpen' }).success).toBe(false);
  });

  it('bounds every thumbnail width the same way: the contract, previews, settings and captures', () => {
    const checks: ((width: number) => boolean)[] = [
      (thumbnailWidth) => METHODS.show.params.safeParse({ target: { index: 0 }, options: { thumbnailWidth } }).success,
      (thumbnailWidth) => METHODS.saveCapture.params.safeParse({ path: '/a.zci', thumbnailWidth }).success,
      (maxWidth) => previewParamsSchema.safeParse({ op: 'convert', maxWidth }).success,
      (thumbnailWidth) => settingsSchema.safeParse({ ...DEFAULT_SETTINGS, thumbnailWidth }).success,
      (thumbnailWidth) => {
        const { manifest } = sampleCapture([0]);
        return captureManifestSchema.safeParse({ ...manifest, options: { ...manifest.options, thumbnailWidth } })
          .success;
      },
      (width) => {
        try {
          parseCli(['capture', 'a.mp4', '-o', 'a.zci', '--thumb-width', String(width)]);
          return true;
        } catch {
          return false;
        }
      },
    ];
    for (const accepts of checks) {
      expect(accepts(THUMBNAIL_WIDTH.min)).toBe(true);
      expect(accepts(THUMBNAIL_WIDTH.max)).toBe(true);
      expect(accepts(THUMBNAIL_WIDTH.min - 1)).toBe(false);
      expect(accepts(THUMBNAIL_WIDTH.max + 1)).toBe(false);
    }
  });

  it('lets the command line take and name every decode mode', () => {
    for (const decode of DECODE_MODES)
      expect(parseCli(['inspect', 'a.mp4', '--decode', decode])).toMatchObject({ decode });
    expect(USAGE).toContain(DECODE_MODES.join(' | '));
  });

  it('gives the renderer words for every operator it offers and every context mode', () => {
    expect(CATALOGUE.map((entry) => entry.op)).toEqual(PREVIEW_OPS.filter((op) => op !== 'reference'));
    for (const mode of CONTEXT_MODES) expect(CONTEXT_MODE_TEXT[mode]).toMatch(new RegExp(`^${mode}: `));
  });
});

describe('free names in a report are the vocabulary, so a capture cannot carry code into a snippet', () => {
  const report = structuredClone(recordedGpuReport('h264-1080p-420.mp4', '2026-11-30-134c932'));
  it('accepts the names the addon writes', () => {
    expect(frameReportSchema.safeParse(report).success).toBe(true);
  });
  const hostile = ['*/ system("id"); /*', 'nv12\rimport os', 'Y\n', 'NVCV_IMAGE_FORMAT_NV12 */', 'UV"'];
  for (const [field, put] of [
    ['the pixel format', (r: FrameReport, s: string) => (r.format.swFormat = s)],
    ['a plane name', (r: FrameReport, s: string) => (r.planes[0] = { ...r.planes[0]!, name: s })],
    ['the NVCV format name', (r: FrameReport, s: string) => (r.wrap.formatName = s)],
  ] as const) {
    it(`refuses ${field} outside it`, () => {
      for (const s of hostile) {
        const r = structuredClone(report);
        put(r, s);
        expect(frameReportSchema.safeParse(r).success, s).toBe(false);
      }
    });
  }
});
