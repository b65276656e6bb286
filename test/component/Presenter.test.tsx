import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CapturedOperatorWire } from '../../contract/contract';
import { PresenterView, type PresenterViewProps } from '../../renderer/src/components/presenter/PresenterView';
import { wrongWrapPair } from '../../renderer/src/components/presenter/wrong-wrap';
import type { FrameReport } from '../../contract/report';
import { chromaRowsEarlyFrame, strideFaultFrame, unrestoredFrame } from '../support/fault-reports';
import { mismatchFrame, noNvcvFrame, paddedNv12Device, streamInfo } from '../support/reports';
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

describe('PresenterView naming pointer mismatches', () => {
  it('names only the chroma plane when only chroma differs, and marks only its differing digits', () => {
    setup({ report: mismatchFrame() });
    expect(screen.getByTestId('presenter-badge-pointers')).toHaveTextContent('POINTER MISMATCH');
    expect(screen.getByTestId('presenter-why-pointers')).toHaveTextContent(
      "UV: NVCV's pointer 64 B after FFmpeg's (not a whole row of 2048 B)",
    );
    expect(screen.getByTestId('presenter-why-pointers')).not.toHaveTextContent(/Y:|of 2 planes/);
    expect(screen.getByTestId('presenter-pointer-line-1')).toHaveTextContent(
      'UV FFmpeg data[1] 0x7f00_0022_0000 ≠ NVCV exported 0x7f00_0022_0040',
    );
    const marks = screen.getByTestId('presenter-nvcv-pointer-1').querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['4']);
    expect(screen.getByTestId('presenter-nvcv-pointer-0').querySelectorAll('mark')).toHaveLength(0);
  });

  it('names a plane NVCV exported no pointer for apart from one that differs', () => {
    const report = mismatchFrame();
    const luma = report.planes[0]!;
    report.planes[0] = { ...luma, nvcvPointer: null, nvcvRowStride: null, match: null };
    setup({ report });
    expect(screen.getByTestId('presenter-why-pointers')).toHaveTextContent(
      "UV: NVCV's pointer 64 B after FFmpeg's (not a whole row of 2048 B); NVCV exported no pointer for 1 of 2 planes (Y)",
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

describe('PresenterView telling each fault apart', () => {
  /** Every plane's pointer and stride pair as shown: the two values and the sign between them. */
  function pairs(report: FrameReport): { pointer: [string, string, string]; stride: string }[] {
    return report.planes.map((plane) => ({
      pointer: [
        screen.getByTestId(`presenter-ffmpeg-pointer-${plane.index}`).textContent,
        screen.getByTestId(`presenter-pointer-mark-${plane.index}`).textContent,
        screen.getByTestId(`presenter-nvcv-pointer-${plane.index}`).textContent,
      ],
      stride: screen.getByTestId(`presenter-stride-line-${plane.index}`).textContent,
    }));
  }

  it('never puts ≠ between equal pointers or equal strides, nor = between different ones', () => {
    for (const report of [
      paddedNv12Device(),
      mismatchFrame(),
      strideFaultFrame(),
      chromaRowsEarlyFrame(),
      noNvcvFrame(),
    ]) {
      const view = render(
        <PresenterView
          fileName="clip.mp4"
          info={streamInfo()}
          report={report}
          thumbnails={[]}
          capture={null}
          wrongWrap={null}
          busy={false}
          onStep={vi.fn()}
          onClose={vi.fn()}
        />,
      );
      for (const { pointer, stride } of pairs(report)) {
        const [ffmpeg, mark, nvcv] = pointer;
        if (nvcv === '—') expect(mark).toBe('·');
        else expect(mark).toBe(ffmpeg === nvcv ? '=' : '≠');
        const [pitch, rowStride] = /^FFmpeg pitch (\d+) B [=≠·] NVCV row stride (\d+ B|—)$/.exec(stride)!.slice(1);
        const strideMark = /B ([=≠·]) NVCV/.exec(stride)![1];
        if (rowStride === '—') expect(strideMark).toBe('·');
        else expect(strideMark).toBe(`${pitch} B` === rowStride ? '=' : '≠');
      }
      view.unmount();
    }
  });

  it('a stride-only fault: the pointers pass with =, the stride pair says ≠, the stride verdict names it', () => {
    setup({ report: strideFaultFrame() });
    expect(screen.getByTestId('presenter-badge-pointers')).toHaveTextContent('ZERO-COPY: POINTERS MATCH');
    expect(screen.getByTestId('presenter-badge-pointers')).toHaveAttribute('data-tone', 'ok');
    expect(screen.getByTestId('presenter-pointer-line-0')).toHaveTextContent(
      'Y FFmpeg data[0] 0x7f00_0000_0000 = NVCV exported 0x7f00_0000_0000',
    );
    expect(screen.getByTestId('presenter-pointer-line-0')).not.toHaveTextContent(/0x7f00_0000_0000 ≠/);
    expect(screen.getByTestId('presenter-stride-line-0')).toHaveTextContent(
      'FFmpeg pitch 2048 B ≠ NVCV row stride 2112 B',
    );
    expect(screen.getByTestId('presenter-stride-line-1')).toHaveTextContent(
      'FFmpeg pitch 2048 B = NVCV row stride 2048 B',
    );
    expect(screen.getByTestId('presenter-badge-strides')).toHaveTextContent("NVCV ROW STRIDE ≠ FFMPEG'S PITCH");
    expect(screen.getByTestId('presenter-badge-strides')).toHaveAttribute('data-tone', 'bad');
    expect(screen.getByTestId('presenter-why-strides')).toHaveTextContent(
      "Y: NVCV's stride 2112 B, FFmpeg's pitch 2048 B (+64)",
    );
  });

  it('tells a frame not restored after a passing proof as its own red verdict', () => {
    setup({ report: unrestoredFrame() });
    expect(screen.getByTestId('presenter-badge-aliasing')).toHaveTextContent('ALIASING PROVEN');
    expect(screen.getByTestId('presenter-badge-restored')).toHaveTextContent('FRAME NOT RESTORED AFTER THE PROOF');
    expect(screen.getByTestId('presenter-badge-restored')).toHaveAttribute('data-tone', 'bad');
  });
});
