import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FrameAnswers } from '../../renderer/src/components/answers/FrameAnswers';
import { hostYuv420p1080 } from '../support/memory-reports';
import { paddedNv12Device } from '../support/reports';

describe('the frame at a glance', () => {
  it('answers an NVDEC frame: pointers match, the image is valid, the chroma starts 8 rows below the picture', () => {
    const report = paddedNv12Device();
    render(<FrameAnswers report={report} />);
    expect(screen.getByTestId('answer-match-badge')).toHaveTextContent('ZERO-COPY: POINTERS MATCH');
    expect(screen.getByTestId('answer-match')).toHaveTextContent('2 of 2 planes');
    expect(screen.getByTestId('answer-wrap-badge')).toHaveTextContent('NVCV IMAGE: VALID');
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
