/** Whether A and B came from the same source file: a capture that recorded none can never be "the same". */
import { describe, expect, it } from 'vitest';
import { compareSources, sourceOf } from '../../renderer/src/store/source-identity';
import { EMPTY_SHA256, sourceNotRecorded } from '../../wording/capture-source';
import { captureSummary } from '../support/capture-summary';
import { PYNVVIDEOCODEC_FRAME, recorderSummary, TORCH_TENSOR, NVCV_IMAGE } from '../support/recorder-summary';

const frames = [{ source: PYNVVIDEOCODEC_FRAME, wrapped: TORCH_TENSOR }];

describe('the A/B source verdict', () => {
  it('calls two captures of one video the same file, and of two videos different', () => {
    const one = sourceOf(captureSummary(), null);
    expect(compareSources(one, one)).toMatchObject({ kind: 'same', text: expect.stringContaining('Same source file') });
    const other = sourceOf(captureSummary({ source: { fileName: 'b.mp4', size: 9, sha256: 'cd'.repeat(32) } }), null);
    expect(compareSources(one, other).kind).toBe('different');
  });

  it('never calls two recorder captures without a source the same, though both carry the hash of zero bytes', () => {
    const a = sourceOf(recorderSummary(frames, false), null);
    const b = sourceOf(recorderSummary([{ source: NVCV_IMAGE, wrapped: null }], false), null);
    expect(a.sha256).toBe(EMPTY_SHA256);
    expect(a.sha256).toBe(b.sha256);
    const verdict = compareSources(a, b);
    expect(verdict.kind).toBe('not-recorded');
    expect(verdict.text).toMatch(/^Source not recorded for A and B: cannot tell/);
    expect(verdict.text).not.toContain('Same');
    expect(verdict.a).toContain('source not recorded');
  });

  it('cannot tell for a recorder capture whose script was hashed: the script is not the video', () => {
    const recorded = sourceOf(recorderSummary(frames, true), null);
    expect(compareSources(recorded, recorded).kind).toBe('not-recorded');
    const inspector = sourceOf(captureSummary(), null);
    expect(compareSources(inspector, recorded)).toMatchObject({
      kind: 'not-recorded',
      text: expect.stringMatching(/^Source not recorded for B: cannot tell/),
    });
  });

  it('takes the hash of zero bytes as "not recorded" in any capture, and the not-taken fact alone too', () => {
    const empty = captureSummary({ source: { fileName: 'x.mp4', size: 0, sha256: EMPTY_SHA256 } });
    expect(sourceNotRecorded(empty)).toContain('no source file was recorded');
    expect(sourceNotRecorded(captureSummary())).toBeNull();
    const summary = recorderSummary(frames, false);
    const notTaken = { ...summary, source: { ...summary.source, sha256: 'ef'.repeat(32) } };
    expect(sourceNotRecorded(notTaken)).toContain('no source file was recorded');
  });
});
