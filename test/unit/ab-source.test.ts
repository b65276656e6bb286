/** Whether A and B came from the same source file: a capture that recorded none can never be "the same". */
import { describe, expect, it } from 'vitest';
import { compareSources, sourceOf, type LiveHash } from '../../renderer/src/store/source-identity';
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

  describe('of files open live, hashed by the backend', () => {
    const FILE = '/clips/sample.mp4';
    const SAMPLE = 'd0'.repeat(32);
    const hashed = (sha256: string, open = 1): LiveHash => ({
      state: 'hashed',
      file: FILE,
      open,
      sha256,
      size: 149_768,
    });
    const live = (hash: LiveHash | null) => sourceOf(null, FILE, hash);

    it('calls two opens of the same bytes the same file, with each hash beside it', () => {
      const verdict = compareSources(live(hashed(SAMPLE, 1)), live(hashed(SAMPLE, 2)));
      expect(verdict).toEqual({
        kind: 'same',
        text: 'Same source file: both sides were decoded from the same bytes.',
        a: 'sample.mp4 · sha256 d0d0d0d0d0d0… · 149,768 bytes',
        b: 'sample.mp4 · sha256 d0d0d0d0d0d0… · 149,768 bytes',
      });
    });

    it('calls the same path with other bytes (changed on disk between the two opens) different, and says so', () => {
      const verdict = compareSources(live(hashed(SAMPLE, 1)), live(hashed('e1'.repeat(32), 2)));
      expect(verdict.kind).toBe('different');
      expect(verdict.text).toBe(
        'Same path, different bytes: the file changed on disk between the two opens; differences below are expected.',
      );
    });

    it('compares a live file with a capture of it by hash: the same bytes are the same file', () => {
      const capture = sourceOf(captureSummary({ source: { fileName: 'sample.mp4', size: 9, sha256: SAMPLE } }), null);
      expect(compareSources(capture, live(hashed(SAMPLE))).kind).toBe('same');
      expect(compareSources(capture, live(hashed('e1'.repeat(32)))).text).toBe(
        'Different source files; differences below are expected.',
      );
    });

    it('says the hash is being taken, and how far, before it is; never "same" by path meanwhile', () => {
      const hashing: LiveHash = { state: 'hashing', file: FILE, open: 2, read: 3 * 1024 ** 3, size: 4 * 1024 ** 3 };
      const verdict = compareSources(live(hashed(SAMPLE, 1)), live(hashing));
      expect(verdict.kind).toBe('hashing');
      expect(verdict.text).toBe(
        'Hashing the file open live for B: whether both sides were decoded from the same bytes is told once its SHA-256 is taken.',
      );
      expect(verdict.b).toBe('sample.mp4 · open live: hashing… (3.00 GiB of 4.00 GiB)');
      expect(live({ ...hashing, read: 0 }).unhashed).toEqual({ hashing: true, read: 0, size: 4 * 1024 ** 3 });
      expect(compareSources(live(hashed(SAMPLE)), live({ ...hashing, read: 0 })).b).toBe(
        'sample.mp4 · open live: hashing…',
      );
    });

    it('falls back to the path where a hash was refused, and says why beside the side', () => {
      const refused: LiveHash = {
        state: 'not-hashed',
        file: FILE,
        open: 3,
        reason:
          'sample.mp4 holds 70000000000 bytes; files over 68719476736 bytes are not hashed. (SOURCE_TOO_LARGE_TO_HASH)',
      };
      const verdict = compareSources(live(hashed(SAMPLE)), live(refused));
      expect(verdict.kind).toBe('same-path');
      expect(verdict.text).toContain('Same source path, open live');
      expect(verdict.b).toBe(`sample.mp4 · open live, not hashed: ${refused.reason}`);
      const other = compareSources(sourceOf(captureSummary(), null), live(refused));
      expect(other.kind).toBe('unknown');
      expect(other.text).toBe('Source hash unknown for B: whether both sides come from the same file cannot be told.');
    });

    it('takes a live hash only for the file it is of', () => {
      expect(sourceOf(null, '/clips/other.mp4', hashed(SAMPLE)).sha256).toBeNull();
      expect(sourceOf(captureSummary(), FILE, hashed('e1'.repeat(32))).sha256).toBe(captureSummary().source.sha256);
      expect(live(hashed(SAMPLE, 7))).toMatchObject({ sha256: SAMPLE, size: 149_768, open: 7, path: FILE });
    });
  });
});
