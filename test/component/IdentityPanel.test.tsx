import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IdentityPanel } from '../../renderer/src/components/identity/IdentityPanel';
import { chromaRowsEarlyFrame, strideFaultFrame, unrestoredFrame } from '../support/fault-reports';
import { captureSummary } from '../support/capture-summary';
import { NVCV_IMAGE, PYNVVIDEOCODEC_FRAME, recorderSummary, TORCH_TENSOR } from '../support/recorder-summary';
import { describedHostFrame, mismatchFrame, noNvcvFrame, paddedNv12Device } from '../support/reports';

describe('IdentityPanel', () => {
  it('keeps the checks in sight and the allocation facts behind a summary line, shut at first and opened as left', async () => {
    window.localStorage.clear();
    const { unmount } = render(<IdentityPanel report={strideFaultFrame()} capture={null} />);
    const details = screen.getByTestId('disclosure-identity-details');
    expect(details).toHaveTextContent('Allocation, device, context, placement and NVCV format');
    expect(details.closest('details')).not.toHaveAttribute('open');
    expect(within(screen.getByTestId('identity-facts')).getByTestId('allocation-range')).toBeInTheDocument();
    expect(within(screen.getByTestId('identity-checks')).getByTestId('stride-badge')).toBeInTheDocument();
    expect(screen.getByTestId('identity-checks').closest('details')).toBeNull();
    await userEvent.click(details);
    expect(details.closest('details')).toHaveAttribute('open');
    unmount();
    // Opened once, it stays open in the next panel drawn.
    render(<IdentityPanel report={strideFaultFrame()} capture={null} />);
    expect(screen.getByTestId('disclosure-identity-details').closest('details')).toHaveAttribute('open');
    window.localStorage.clear();
  });

  it('shows both pointers per plane and a big MATCH badge for a padded NVDEC frame', () => {
    render(<IdentityPanel report={paddedNv12Device()} capture={null} />);
    expect(screen.getByTestId('overall-badge')).toHaveTextContent('ZERO-COPY: POINTERS MATCH');
    expect(screen.getByTestId('overall-badge')).toHaveAttribute('data-tone', 'ok');
    expect(screen.getByTestId('ffmpeg-pointer-0')).toHaveTextContent('0x7f00_0000_0000');
    expect(screen.getByTestId('nvcv-pointer-0')).toHaveTextContent('0x7f00_0000_0000');
    expect(screen.getByTestId('ffmpeg-pointer-1')).toHaveTextContent('0x7f00_0022_0000');
    for (const plane of [0, 1]) expect(screen.getByTestId(`match-badge-${plane}`)).toHaveTextContent('MATCH');
    expect(screen.getByTestId('allocation-range')).toHaveTextContent('0x7f00_0000_0000 + 3.19 MiB');
    expect(screen.getByTestId('buffer-id')).toHaveTextContent('4242');
    expect(screen.getByTestId('device')).toHaveTextContent('cuda:0');
    expect(screen.getByTestId('context')).toHaveTextContent('0x5555_0000_aaaa');
    expect(screen.getByTestId('aliasing-proof')).toHaveAttribute('data-passed', 'true');
    expect(screen.getByTestId('aliasing-badge')).toHaveTextContent('ALIASING PROVEN');
  });

  it("names which device holds each plane and runs the operators, and the device doctor's verdict", () => {
    const { rerender } = render(<IdentityPanel report={paddedNv12Device()} capture={null} />);
    // Reports made before placement was recorded show no row for it.
    expect(screen.queryByTestId('placement')).toBeNull();
    const placement = {
      decoderDevice: 0,
      planeDevices: [0, 0],
      nvcvDevice: 0,
      operatorDevice: 1,
      peer: { supported: true, enabled: false },
      verdict: 'cross-device-copy' as const,
      reason: 'the operators read a copy of the frame made on cuda:1',
    };
    rerender(<IdentityPanel report={{ ...paddedNv12Device(), placement }} capture={null} />);
    expect(screen.getByTestId('placement')).toHaveAttribute('data-verdict', 'cross-device-copy');
    expect(screen.getByTestId('placement-badge')).toHaveTextContent('CROSS-DEVICE: OPERATORS READ A COPY');
    expect(screen.getByTestId('placement-devices')).toHaveTextContent(
      'planes cuda:0, cuda:0 · decoder cuda:0 · NVCV cuda:0 · operators cuda:1 · peer access supported, off',
    );
    expect(screen.getByTestId('placement-reason')).toHaveTextContent('a copy of the frame made on cuda:1');
  });

  it('flags a mismatch, with how far the pointers are apart', () => {
    render(<IdentityPanel report={mismatchFrame()} capture={null} />);
    expect(screen.getByTestId('overall-badge')).toHaveTextContent('MISMATCH');
    expect(screen.getByTestId('match-badge-0')).toHaveAttribute('data-tone', 'ok');
    expect(screen.getByTestId('match-badge-1')).toHaveTextContent('MISMATCH');
    expect(screen.getByTestId('pointer-delta-1')).toHaveTextContent('off by +64 bytes');
    expect(screen.getByTestId('aliasing-badge')).toHaveTextContent('ALIASING FAILED');
  });

  it('says nothing was checked when NVCV is missing, and why', () => {
    render(<IdentityPanel report={noNvcvFrame()} capture={null} />);
    expect(screen.getByTestId('overall-badge')).toHaveTextContent('NOT CHECKED');
    expect(screen.getByTestId('identity-unchecked')).toHaveTextContent('libnvcv_types.so not found');
    expect(within(screen.getByTestId('plane-row-0')).getByTestId('nvcv-pointer-0')).toHaveTextContent('—');
    expect(screen.getByTestId('aliasing-badge')).toHaveTextContent('PROOF NOT RUN');
  });

  it('copies a pointer to the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<IdentityPanel report={paddedNv12Device()} capture={null} />);
    await user.click(screen.getByTestId('copy-nvcv-1'));
    expect(writeText).toHaveBeenCalledWith('0x7f0000220000');
    expect(screen.getByTestId('copy-nvcv-1')).toHaveTextContent('copied');
  });
});

describe('IdentityPanel on a host frame NVCV only describes', () => {
  it('shows the amber descriptor-only verdict and why, never the green zero-copy one', () => {
    render(<IdentityPanel report={describedHostFrame()} capture={null} />);
    const badge = screen.getByTestId('overall-badge');
    expect(badge).toHaveTextContent('POINTERS MATCH · DESCRIPTOR ONLY (HOST MEMORY)');
    expect(badge).not.toHaveTextContent('ZERO-COPY');
    expect(badge).toHaveAttribute('data-tone', 'warn');
    expect(screen.getByTestId('identity-descriptor-only')).toHaveTextContent(/refuses STRIDED_HOST/);
  });
});

describe('IdentityPanel explaining a mismatch', () => {
  it('says the delta in rows, and where NVCV and FFmpeg put chroma', () => {
    render(<IdentityPanel report={chromaRowsEarlyFrame()} capture={null} />);
    expect(screen.getByTestId('pointer-delta-1')).toHaveTextContent('off by −16384 bytes');
    expect(screen.getByTestId('pointer-delta-rows-1')).toHaveTextContent(
      "NVCV assumes chroma at row 1080; FFmpeg's starts at row 1088",
    );
    expect(screen.queryByTestId('pointer-delta-0')).toBeNull();
  });

  it('marks only the hex digits that differ, and nothing where the pointers match', () => {
    render(<IdentityPanel report={mismatchFrame()} capture={null} />);
    // FFmpeg 0x7f0000220000 against NVCV 0x7f0000220040: one digit apart.
    const nvcv = screen.getByTestId('nvcv-pointer-1');
    expect(nvcv).toHaveTextContent('0x7f00_0022_0040');
    expect([...nvcv.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['4']);
    expect([...screen.getByTestId('ffmpeg-pointer-1').querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      '0',
    ]);
    expect(screen.getByTestId('nvcv-pointer-0').querySelectorAll('mark')).toHaveLength(0);
  });

  it("reads NVCV's format out and opens the words for the jargon beside it", async () => {
    const user = userEvent.setup();
    render(<IdentityPanel report={paddedNv12Device()} capture={null} />);
    expect(screen.getByTestId('identity-nvcv-format')).toHaveTextContent('NVCV_IMAGE_FORMAT_NV12');
    expect(screen.getByTestId('nvcv-format-words')).toHaveTextContent(
      'Y: 8-bit luma; UV: interleaved 8-bit pairs, half resolution; BT.601 limited',
    );
    expect(screen.getByTestId('nvcv-buffer-type')).toHaveTextContent('STRIDED_CUDA');
    for (const term of ['aliasing-proof', 'strided-buffers', 'contexts-streams', 'nvcv-format']) {
      expect(screen.getByTestId(`glossary-${term}`)).toBeInTheDocument();
    }
    await user.click(screen.getByTestId('glossary-strided-buffers'));
    expect(screen.getByTestId('glossary-popover-strided-buffers')).toHaveTextContent(/STRIDED_HOST/);
  });

  it('puts a ? beside the descriptor-only note', () => {
    render(<IdentityPanel report={describedHostFrame()} capture={null} />);
    expect(screen.getByTestId('identity-descriptor-only')).toContainElement(
      screen.getByTestId('glossary-descriptor-only'),
    );
  });
});

describe('IdentityPanel telling a stride from a pointer', () => {
  it('a stride-only fault, as an old capture recorded it (match false): pointers MATCH, the stride is red', () => {
    const report = strideFaultFrame();
    expect(report.planes[0]?.match).toBe(false);
    render(<IdentityPanel report={report} capture={null} />);
    expect(screen.getByTestId('overall-badge')).toHaveTextContent('ZERO-COPY: POINTERS MATCH');
    expect(screen.getByTestId('match-badge-0')).toHaveAttribute('data-tone', 'ok');
    expect(screen.getByTestId('match-badge-0')).not.toHaveTextContent('MISMATCH');
    expect(screen.queryByTestId('pointer-delta-0')).toBeNull();
    expect(screen.getByTestId('nvcv-pointer-0').querySelectorAll('mark')).toHaveLength(0);
    expect(screen.getByTestId('stride-delta-0')).toHaveTextContent("NVCV's stride 2112 B, FFmpeg's pitch 2048 B (+64)");
    expect(screen.queryByTestId('stride-delta-1')).toBeNull();
    expect(screen.getByTestId('identity-stride-fault')).toHaveTextContent(
      "NVCV ROW STRIDE ≠ FFMPEG'S PITCH: Y: NVCV's stride 2112 B, FFmpeg's pitch 2048 B (+64)",
    );
    expect(screen.getByTestId('stride-badge')).toHaveTextContent("NVCV ROW STRIDE ≠ FFMPEG'S PITCH");
    expect(screen.getByTestId('stride-badge')).toHaveAttribute('data-tone', 'bad');
  });

  it('shows the strides passing on a right wrap, with no stride note', () => {
    render(<IdentityPanel report={paddedNv12Device()} capture={null} />);
    expect(screen.getByTestId('stride-badge')).toHaveTextContent("NVCV ROW STRIDES: FFMPEG'S PITCHES");
    expect(screen.queryByTestId('identity-stride-fault')).toBeNull();
    expect(screen.queryByTestId('restore-badge')).toBeNull();
  });

  it('marks a frame not restored after a passing proof, apart from the proof', () => {
    render(<IdentityPanel report={unrestoredFrame()} capture={null} />);
    expect(screen.getByTestId('aliasing-badge')).toHaveTextContent('ALIASING PROVEN');
    expect(screen.getByTestId('restore-badge')).toHaveTextContent('FRAME NOT RESTORED AFTER THE PROOF');
    expect(screen.getByTestId('restore-badge')).toHaveAttribute('data-tone', 'bad');
  });
});

describe('IdentityPanel naming its columns', () => {
  /** The two column heads as the panel shows them. */
  function heads(): [string | null, string | null] {
    return [
      screen.getByTestId('identity-source-head').textContent,
      screen.getByTestId('identity-wrapped-head').textContent,
    ];
  }

  it("heads a live file's and an inspector capture's columns with FFmpeg and NVCV", () => {
    const { rerender } = render(<IdentityPanel report={paddedNv12Device()} capture={null} />);
    expect(heads()).toEqual(['FFmpeg data[i]', 'NVCV exported']);
    rerender(<IdentityPanel report={paddedNv12Device()} capture={captureSummary()} />);
    expect(heads()).toEqual(['FFmpeg data[i]', 'NVCV exported']);
  });

  it("heads a recorder capture's columns with that frame's recorded objects, never FFmpeg or NVCV", () => {
    const capture = recorderSummary([
      { source: PYNVVIDEOCODEC_FRAME, wrapped: TORCH_TENSOR },
      { source: PYNVVIDEOCODEC_FRAME, wrapped: NVCV_IMAGE },
    ]);
    const { rerender } = render(<IdentityPanel report={{ ...paddedNv12Device(), frameIndex: 0 }} capture={capture} />);
    expect(heads()).toEqual(['PyNvVideoCodec frame data[i]', 'torch tensor exported']);
    expect(screen.getByTestId('copy-ffmpeg-0')).toHaveAccessibleName(/PyNvVideoCodec frame pointer of plane 0/);
    rerender(<IdentityPanel report={{ ...paddedNv12Device(), frameIndex: 1 }} capture={capture} />);
    expect(heads()).toEqual(['PyNvVideoCodec frame data[i]', 'nvcv.Image exported']);
    expect(screen.getByRole('table')).not.toHaveTextContent(/FFmpeg|NVCV exported/);
  });
});
