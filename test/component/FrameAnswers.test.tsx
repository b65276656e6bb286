import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FrameReport } from '../../contract/report';
import { FrameAnswers } from '../../renderer/src/components/answers/FrameAnswers';
import { chromaRowsEarlyFrame, strideFaultFrame, unrestoredFrame } from '../support/fault-reports';
import { hostYuv420p1080 } from '../support/memory-reports';
import { describedHostFrame, mismatchFrame, paddedNv12Device } from '../support/reports';

/** The wrap answer as shown: tone, badge words (icon first), the detail line and the small print. */
function wrapShown(report: FrameReport) {
  const view = render(<FrameAnswers report={report} />);
  const shown = {
    tone: screen.getByTestId('answer-wrap').getAttribute('data-tone'),
    badge: screen.getByTestId('answer-wrap-badge').textContent,
    detail: screen.getByTestId('answer-wrap-detail').textContent,
    fine: screen.queryByTestId('answer-wrap-fine')?.textContent ?? null,
  };
  view.unmount();
  return shown;
}

describe('the frame at a glance', () => {
  it('answers an NVDEC frame: pointers match, the image is valid, the chroma starts 8 rows below the picture', () => {
    const report = paddedNv12Device();
    render(<FrameAnswers report={report} />);
    expect(screen.getByTestId('answer-match-badge')).toHaveTextContent('ZERO-COPY: POINTERS MATCH');
    expect(screen.getByTestId('answer-match-detail')).toHaveTextContent("2 planes: NVCV's exported pointers equal");
    expect(screen.getByTestId('answer-wrap-badge')).toHaveTextContent('✓ NVCV IMAGE: VALID');
    expect(screen.getByTestId('answer-wrap-detail')).toHaveTextContent(
      "pointers, row strides, format, decoder's surface, aliasing proof, restore: hold",
    );
    expect(screen.getByTestId('answer-wrap-fine')).toHaveTextContent('NVCV accepted the descriptor');
    expect(screen.getByTestId('answer-chroma-badge')).toHaveTextContent('UV AT ROW 1088');
    expect(screen.getByTestId('answer-chroma')).toHaveTextContent(
      "byte 2228224 = 1088 × 2048: 8 rows after the picture's 1080 (8 coded but not displayed, 0 allocator padding)",
    );
    expect(screen.getByTestId('answer-chroma')).toHaveAttribute('data-tone', 'warn');
  });

  it('answers a software frame: descriptor only, and chroma in allocations of its own', () => {
    render(<FrameAnswers report={hostYuv420p1080()} />);
    expect(screen.getByTestId('answer-chroma-badge')).toHaveTextContent('U, V: ALLOCATIONS OF THEIR OWN');
    expect(screen.getByTestId('answer-chroma')).toHaveTextContent("not rows of Y's pitch");
  });

  it('says when NVCV could not wrap the frame', () => {
    const report = paddedNv12Device();
    report.wrap = { ...report.wrap, available: false, reason: 'no NVCV format for this layout' };
    render(<FrameAnswers report={report} />);
    expect(screen.getByTestId('answer-wrap-badge')).toHaveTextContent('NVCV IMAGE: NOT WRAPPED');
    expect(screen.getByTestId('answer-wrap')).toHaveTextContent('no NVCV format for this layout');
    expect(screen.getByTestId('answer-wrap')).toHaveAttribute('data-tone', 'bad');
  });
});

describe('one answer per fault at a glance', () => {
  it('a stride-only fault: the pointers match, the wrap is ✗ and names the stride, NVCV’s acceptance small print', () => {
    for (const oldMatch of [true, false]) {
      const report = strideFaultFrame(oldMatch);
      const view = render(<FrameAnswers report={report} />);
      expect(screen.getByTestId('answer-match-badge')).toHaveTextContent('✓ ZERO-COPY: POINTERS MATCH');
      view.unmount();
      expect(wrapShown(report)).toEqual({
        tone: 'bad',
        badge: "✗ NVCV IMAGE: INVALID · NVCV ROW STRIDE ≠ FFMPEG'S PITCH",
        detail: "Y: NVCV's stride 2112 B, FFmpeg's pitch 2048 B (+64)",
        fine: 'NVCV accepted the descriptor · single tensor: invalid',
      });
    }
  });

  it('under POINTER MISMATCH names the differing plane and how far, never counting the planes that match', () => {
    render(<FrameAnswers report={chromaRowsEarlyFrame()} />);
    expect(screen.getByTestId('answer-match-badge')).toHaveTextContent('✗ POINTER MISMATCH');
    const detail = screen.getByTestId('answer-match-detail');
    expect(detail).toHaveTextContent(/^UV: NVCV's pointer 16384 B = 8 rows before FFmpeg's/);
    expect(detail).not.toHaveTextContent(/of 2 planes|Y:/);
    expect(screen.getByTestId('answer-wrap-badge')).toHaveTextContent('NVCV IMAGE: INVALID · POINTER MISMATCH');
  });

  it('names the first failing fact and lists the others after it', () => {
    expect(wrapShown(mismatchFrame())).toMatchObject({
      tone: 'bad',
      badge: '✗ NVCV IMAGE: INVALID · POINTER MISMATCH',
      detail: "UV: NVCV's pointer 64 B after FFmpeg's (not a whole row of 2048 B) · also ALIASING FAILED",
    });
  });

  it('is ✗ when the proof read its canary but the frame was not restored', () => {
    expect(wrapShown(unrestoredFrame())).toMatchObject({
      tone: 'bad',
      badge: '✗ NVCV IMAGE: INVALID · FRAME NOT RESTORED AFTER THE PROOF',
      detail: 'the bytes under the canary were NOT restored',
    });
  });

  it('is ✗ on a wrong format and on a plane that is not where the decoder wrote it', () => {
    const format = paddedNv12Device();
    format.wrap = { ...format.wrap, formatCode: '0x2', formatMatch: false };
    expect(wrapShown(format)).toMatchObject({ tone: 'bad', badge: '✗ NVCV IMAGE: INVALID · NVCV FORMAT: WRONG' });
    const decoder = paddedNv12Device();
    const surface = decoder.decoderSurface!;
    surface.planes[1] = { ...surface.planes[1]!, deltaBytes: 2048, deltaRows: 1, verdict: 'shifted' };
    expect(wrapShown(decoder)).toMatchObject({
      tone: 'bad',
      badge: "✗ NVCV IMAGE: INVALID · FFMPEG'S PLANE IS NOT WHERE THE DECODER WROTE IT",
    });
  });

  it('keeps a host frame NVCV only describes amber, and says what was not checked on a valid wrap', () => {
    expect(wrapShown(describedHostFrame())).toMatchObject({
      tone: 'warn',
      badge: '! NVCV IMAGE: LAYOUT EVIDENCE ONLY',
    });
    const unproven = paddedNv12Device();
    unproven.aliasing = { ...unproven.aliasing, ran: false, reason: 'no kernel' };
    expect(wrapShown(unproven)).toMatchObject({
      tone: 'ok',
      detail: "pointers, row strides, format, decoder's surface: hold · not checked: aliasing proof, restore",
    });
  });
});
