import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CapturedOperatorWire } from '../../contract/contract';
import { PresenterView, type PresenterViewProps } from '../../renderer/src/components/presenter/PresenterView';
import { wrongWrapPair } from '../../renderer/src/components/presenter/wrong-wrap';
import { mismatchFrame, paddedNv12Device, streamInfo } from '../support/reports';
import { captureSummary as summary } from '../support/capture-summary';

const op = (name: string, params: CapturedOperatorWire['params'] = {}): CapturedOperatorWire => ({
  name,
  params,
  gpuTimeMs: null,
  psnr: null,
  maxAbsError: null,
  png: 'AAAA',
});

function setup(overrides: Partial<PresenterViewProps> = {}) {
  const onStep = vi.fn();
  const onClose = vi.fn();
  const props: PresenterViewProps = {
    fileName: 'clip-1080p.mp4',
    info: streamInfo(),
    report: paddedNv12Device(),
    thumbnails: [],
    capture: null,
    wrongWrap: null,
    busy: false,
    onStep,
    onClose,
    ...overrides,
  };
  render(<PresenterView {...props} />);
  return { onStep, onClose };
}

describe('wrongWrapPair', () => {
  it('pairs the wrong-wrap and right-wrap previews, or gives null when either is missing', () => {
    const pair = wrongWrapPair([op('resize'), op('wrong-wrap', { assumedChromaRow: 1080 }), op('right-wrap')]);
    expect(pair?.wrong).toEqual({
      src: 'data:image/png;base64,AAAA',
      caption: 'naive 1.5×H tensor (chroma read from row 1080)',
    });
    expect(wrongWrapPair([op('wrong-wrap')])).toBeNull();
    expect(wrongWrapPair([])).toBeNull();
  });
});

describe('PresenterView', () => {
  it('shows big verdicts, the layout drawing and the pointers, and steps with its buttons', async () => {
    const user = userEvent.setup();
    const props = setup();
    expect(screen.getByTestId('presenter-frame')).toHaveTextContent('frame 3 of 48');
    expect(screen.getByTestId('presenter-badge-pointers')).toHaveTextContent('ZERO-COPY: POINTERS MATCH');
    expect(screen.getByTestId('layout-svg')).toBeInTheDocument();
    // Each pointer is labelled with where it comes from.
    expect(screen.getByTestId('presenter-pointer-line-0')).toHaveTextContent(
      'Y FFmpeg data[0] 0x7f00_0000_0000 = NVCV exported 0x7f00_0000_0000',
    );
    expect(screen.getByTestId('presenter-pointer-line-1')).toHaveTextContent(
      /^UV FFmpeg data\[1\] 0x\S+ = NVCV exported 0x/,
    );
    expect(screen.queryByTestId('wrong-wrap')).toBeNull();
    expect(screen.queryByTestId('presenter-capture')).toBeNull();
    await user.click(screen.getByTestId('presenter-next'));
    await user.click(screen.getByTestId('presenter-prev'));
    await user.click(screen.getByTestId('presenter-close'));
    expect(props.onStep.mock.calls).toEqual([[1], [-1]]);
    expect(props.onClose).toHaveBeenCalled();
  });

  it('shows the wrong-wrap picture beside the right one when the frame has them', () => {
    setup({ wrongWrap: wrongWrapPair([op('wrong-wrap'), op('right-wrap')]) });
    expect(screen.getByTestId('wrong-wrap')).toHaveTextContent('✗ naive 1.5×H tensor');
    expect(screen.getByTestId('wrong-wrap')).toHaveTextContent('✓ wrapped plane by plane (correct)');
  });

  it('marks a capture with where, when and which GPU, and counts captured frames', () => {
    setup({ capture: summary(), report: paddedNv12Device() });
    expect(screen.getByTestId('presenter-capture')).toHaveTextContent(
      'CAPTURE · 2026-11-30 10:00 UTC · gpu-box · Test GPU, driver 12.4',
    );
    expect(screen.getByTestId('presenter-frame')).toHaveTextContent('frame 3 (2 of 3 captured)');
  });

  it("never hides a capture's signature state: signed, tampered, or re-saved from an unsigned capture", () => {
    const signed = summary();
    setup({ capture: signed, report: paddedNv12Device() });
    expect(screen.getByTestId('presenter-signature')).toHaveTextContent(
      /^signed by this installation · key 1a2b 3c4d…$/,
    );
    expect(screen.getByTestId('presenter-signature')).toHaveAttribute(
      'title',
      expect.stringContaining(signed.signature.fingerprint!),
    );
    expect(screen.getByTestId('presenter-signature')).toHaveAttribute('data-state', 'signed');
    const tampered = summary({
      signature: { ...signed.signature, state: 'tampered', detail: 'the evidence was changed after it was signed' },
    });
    setup({ capture: tampered, report: paddedNv12Device() });
    expect(screen.getAllByTestId('presenter-signature').at(-1)).toHaveTextContent(
      /^TAMPERED: the evidence was changed after it was signed/,
    );
    const resaved = summary({
      signature: {
        ...signed.signature,
        madeFrom: { state: 'unsigned', fingerprint: null, thisInstallation: false, sha256: 'ab'.repeat(32) },
      },
    });
    setup({ capture: resaved, report: paddedNv12Device() });
    expect(screen.getAllByTestId('presenter-signature').at(-1)).toHaveTextContent(
      're-saved from a capture that was unsigned',
    );
  });
});

describe('PresenterView counting pointer mismatches', () => {
  it('says 1 of 2 planes when only chroma differs, and marks only its differing digits', () => {
    setup({ report: mismatchFrame() });
    expect(screen.getByTestId('presenter-badge-pointers')).toHaveTextContent('POINTER MISMATCH');
    expect(screen.getByTestId('presenter-why-pointers')).toHaveTextContent(
      "1 of 2 planes (UV): NVCV's exported pointer differs from FFmpeg's",
    );
    expect(screen.getByTestId('presenter-pointer-line-1')).toHaveTextContent(
      'UV FFmpeg data[1] 0x7f00_0022_0000 ≠ NVCV exported 0x7f00_0022_0040',
    );
    const marks = screen.getByTestId('presenter-nvcv-pointer-1').querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['4']);
    expect(screen.getByTestId('presenter-nvcv-pointer-0').querySelectorAll('mark')).toHaveLength(0);
  });

  it('counts a plane NVCV exported no pointer for apart from one that differs', () => {
    const report = mismatchFrame();
    const luma = report.planes[0]!;
    report.planes[0] = { ...luma, nvcvPointer: null, nvcvRowStride: null, match: null };
    setup({ report });
    expect(screen.getByTestId('presenter-why-pointers')).toHaveTextContent(
      "1 of 2 planes (UV): NVCV's exported pointer differs from FFmpeg's; NVCV exported no pointer for 1",
    );
    expect(screen.getByTestId('presenter-pointer-line-0')).toHaveTextContent(
      'Y FFmpeg data[0] 0x7f00_0000_0000 · NVCV exported —',
    );
  });

  it('puts the words for the jargon beside the verdicts that use it', async () => {
    const user = userEvent.setup();
    setup();
    const tensorWhy = within(screen.getByTestId('presenter-why-tensor')).getByTestId('glossary-single-tensor');
    expect(tensorWhy).toBeInTheDocument();
    expect(screen.getByTestId('presenter-why-aliasing')).toContainElement(
      screen.getByTestId('glossary-aliasing-proof'),
    );
    expect(screen.getByTestId('presenter-why-context')).toContainElement(
      screen.getByTestId('glossary-contexts-streams'),
    );
    await user.click(tensorWhy);
    expect(screen.getByTestId('glossary-popover-single-tensor')).toHaveTextContent(/row 1088/);
  });
});
