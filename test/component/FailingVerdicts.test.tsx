/**
 * Every verdict the panels and the presenter view show can turn red. The reports are the newest recorded GPU run's
 * (docs/gpu-runs, by recorded time, made on an H200): where the real data holds a failing case (the single tensor
 * of a padded frame, FFmpeg's own CUDA context) it is shown as recorded; where no real frame fails (the decoder's
 * surface, the NVCV format, the aliasing proof, the pointers), the fault is planted in a real report, and the test
 * says so in its name. Each red case stands beside the same real report's green one, so neither can pass alone.
 */
import { render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { frameReportSchema, streamInfoSchema, type FrameReport, type StreamInfo } from '../../contract/report';
import { DecoderPanel } from '../../renderer/src/components/decoder/DecoderPanel';
import { IdentityPanel } from '../../renderer/src/components/identity/IdentityPanel';
import { PresenterView } from '../../renderer/src/components/presenter/PresenterView';
import { captureSummary as summary } from '../support/capture-summary';
import { newestRun } from '../support/gpu-runs';
import { backendEnvironment } from '../support/reports';

interface RecordedRun {
  fixtures: { file: string; info: unknown; reports: unknown[] }[];
  contexts: { mode: string; order: string; context?: unknown }[];
}

const run = newestRun(['reports.json']);
const recorded = JSON.parse(readFileSync(path.join(run.dir, 'reports.json'), 'utf8')) as RecordedRun;

/** A fixture's first recorded frame and its stream, parsed as the app parses them (a fresh copy each call). */
function real(file: string): { report: FrameReport; info: StreamInfo } {
  const fixture = recorded.fixtures.find((f) => f.file === file);
  if (fixture === undefined) throw new Error(`${run.name} recorded no ${file}`);
  return { report: frameReportSchema.parse(fixture.reports[0]), info: streamInfoSchema.parse(fixture.info) };
}

/** The padded 1080p clip decoded by NVDEC: chroma after the 1088 coded rows. */
const PADDED = 'h264-1080p-420.mp4';

function present(report: FrameReport, info: StreamInfo, capture = null as ReturnType<typeof summary> | null) {
  return render(
    <PresenterView
      fileName={PADDED}
      info={info}
      report={report}
      thumbnails={[]}
      capture={capture}
      wrongWrap={null}
      busy={false}
      onStep={vi.fn()}
      onClose={vi.fn()}
    />,
  );
}

/** The presenter's headline and tone for one verdict, or null when it does not show that verdict. */
function presenterVerdict(key: string): { text: string; tone: string | null } | null {
  const badge = screen.queryByTestId(`presenter-badge-${key}`);
  // The badge's icon (✓ ✗ ! ?) comes before its words.
  return badge === null
    ? null
    : { text: badge.textContent.replace(/^[✓✗!?] /, ''), tone: badge.getAttribute('data-tone') };
}

describe('failing verdicts from real recorded reports', () => {
  it('single tensor (real): the padded 1080p NVDEC frame is WRONG as one 1.5×H tensor, the 720p HEVC frame VALID', () => {
    const padded = real(PADDED);
    expect(padded.report.decodePath).toBe('nvdec');
    const view = present(padded.report, padded.info);
    expect(presenterVerdict('tensor')).toEqual({ text: 'SINGLE TENSOR: WRONG', tone: 'bad' });
    expect(screen.getByTestId('presenter-why-tensor')).toHaveTextContent(
      'a 1.5×H tensor reads chroma at row 1080; it starts at row 1088',
    );
    expect(screen.getByTestId('verdict-tensor-badge')).toHaveTextContent('single tensor: invalid');
    expect(screen.getByTestId('verdict-tensor-badge')).toHaveAttribute('data-tone', 'bad');
    view.unmount();

    const aligned = real('hevc-main10-1280x720.mp4');
    present(aligned.report, aligned.info);
    expect(presenterVerdict('tensor')).toEqual({ text: 'SINGLE TENSOR: VALID', tone: 'ok' });
  });

  it("one context (real): the run's frame under FFmpeg's own CUDA context, as the run measured it, shows TWO", () => {
    const own = recorded.contexts.find(
      (c) => c.mode === 'private' && (c.context as { oneContext?: unknown } | undefined)?.oneContext === false,
    );
    expect(own, `${run.name} measured FFmpeg's own context`).toBeDefined();
    const { report, info } = real(PADDED);
    expect(report.context.oneContext).toBe(true);
    const view = present(report, info);
    expect(presenterVerdict('context')).toEqual({ text: 'ONE CUDA CONTEXT', tone: 'ok' });
    view.unmount();

    const apart = { ...report, context: frameReportSchema.shape.context.parse(own!.context) };
    const presenter = present(apart, info);
    expect(presenterVerdict('context')).toEqual({ text: 'TWO CUDA CONTEXTS', tone: 'bad' });
    expect(screen.getByTestId('presenter-why-context')).toHaveTextContent("FFmpeg's own context (cuCtxCreate)");
    presenter.unmount();
    render(<DecoderPanel environment={backendEnvironment()} info={info} report={apart} />);
    expect(screen.getByTestId('context-count')).toHaveTextContent('two (FFmpeg private + runtime)');
  });

  it("decoder surface (planted in a real report): FFmpeg's chroma one row past where NVDEC wrote it is red", () => {
    const { report, info } = real(PADDED);
    const surface = report.decoderSurface!;
    expect(surface.witnessed).toBe(true);
    const view = render(<IdentityPanel report={report} capture={null} />);
    expect(screen.getByTestId('decoder-surface-badge')).toHaveTextContent("FFMPEG'S PLANES: THE DECODER'S");
    expect(screen.getByTestId('decoder-surface-badge')).toHaveAttribute('data-tone', 'ok');
    view.unmount();

    const chroma = surface.planes[1]!;
    const pitch = surface.pitch!;
    const planted: FrameReport = {
      ...report,
      decoderSurface: {
        ...surface,
        planes: [
          surface.planes[0]!,
          {
            ...chroma,
            ffmpegOffset: chroma.decoderOffset! + pitch,
            deltaBytes: pitch,
            deltaRows: 1,
            verdict: 'shifted',
          },
        ],
      },
    };
    const identity = render(<IdentityPanel report={planted} capture={null} />);
    expect(screen.getByTestId('decoder-surface-badge')).toHaveTextContent(
      "FFMPEG'S PLANE IS NOT WHERE THE DECODER WROTE IT",
    );
    expect(screen.getByTestId('decoder-surface-badge')).toHaveAttribute('data-tone', 'bad');
    expect(screen.getByTestId('identity-decoder-surface')).toHaveAttribute('data-verdict', 'false');
    expect(screen.getByTestId('decoder-surface-detail')).toHaveTextContent(
      `plane 1: FFmpeg ${chroma.decoderOffset! + pitch} B, NVDEC ${chroma.decoderOffset} B`,
    );
    identity.unmount();
    present(planted, info);
    expect(presenterVerdict('decoder')).toEqual({
      text: "FFMPEG'S PLANE IS NOT WHERE THE DECODER WROTE IT",
      tone: 'bad',
    });
    expect(screen.getByTestId('presenter-why-decoder')).toHaveTextContent(
      `plane 1: FFmpeg's pointer is ${pitch} bytes (1 row) after where NVDEC wrote the plane`,
    );
  });

  it('NVCV format (planted in a real report): a format other than the one FFmpeg’s frame implies is red', () => {
    const { report, info } = real(PADDED);
    const view = present(report, info);
    expect(presenterVerdict('format')).toBeNull(); // told only when it is wrong
    view.unmount();
    const identity = render(<IdentityPanel report={report} capture={null} />);
    expect(screen.getByTestId('format-badge')).toHaveAttribute('data-tone', 'ok');
    identity.unmount();
    // BT.601 where FFmpeg's frame says BT.709: the format a wrap that ignored the stream's matrix would export.
    const wrong = report.wrap.formatName!.replace('BT709', 'BT601');
    const planted: FrameReport = {
      ...report,
      wrap: { ...report.wrap, formatName: wrong, formatCode: '0x18025521a0081', formatMatch: false },
    };
    const presenter = present(planted, info);
    expect(presenterVerdict('format')).toEqual({ text: 'NVCV FORMAT: WRONG', tone: 'bad' });
    expect(screen.getByTestId('presenter-why-format')).toHaveTextContent(
      `NVCV exported ${wrong}; FFmpeg's frame implies ${report.wrap.expectedFormatCode}`,
    );
    presenter.unmount();
    render(<IdentityPanel report={planted} capture={null} />);
    expect(screen.getByTestId('format-badge')).toHaveTextContent('NVCV FORMAT: WRONG');
    expect(screen.getByTestId('format-badge')).toHaveAttribute('data-tone', 'bad');
  });

  it('aliasing proof (planted in a real report): a canary read back different through FFmpeg is red', () => {
    const { report, info } = real(PADDED);
    const view = present(report, info);
    expect(presenterVerdict('aliasing')).toEqual({ text: 'ALIASING PROVEN', tone: 'ok' });
    view.unmount();
    const planted: FrameReport = {
      ...report,
      aliasing: {
        ...report.aliasing,
        passed: false,
        readBack: `${report.aliasing.canary},0000000000000000`,
        reason: 'plane 1, last row: read 0000000000000000 through FFmpeg',
      },
    };
    const presenter = present(planted, info);
    expect(presenterVerdict('aliasing')).toEqual({ text: 'ALIASING FAILED', tone: 'bad' });
    presenter.unmount();
    render(<IdentityPanel report={planted} capture={null} />);
    expect(screen.getByTestId('aliasing-badge')).toHaveTextContent('ALIASING FAILED');
    expect(screen.getByTestId('aliasing-proof')).toHaveAttribute('data-passed', 'false');
  });

  it("pointers (planted in a real report): NVCV's chroma pointer one row off FFmpeg's is a mismatch", () => {
    const { report, info } = real(PADDED);
    const view = present(report, info);
    expect(presenterVerdict('pointers')).toEqual({ text: 'ZERO-COPY: POINTERS MATCH', tone: 'ok' });
    view.unmount();
    const chroma = report.planes[1]!;
    const shifted = `0x${(BigInt(chroma.ffmpegPointer) + BigInt(chroma.pitch)).toString(16)}`;
    const planted: FrameReport = {
      ...report,
      planes: [report.planes[0]!, { ...chroma, nvcvPointer: shifted, match: false }],
    };
    present(planted, info);
    expect(presenterVerdict('pointers')).toEqual({ text: 'POINTER MISMATCH', tone: 'bad' });
    expect(screen.getByTestId('presenter-why-pointers')).toHaveTextContent(
      `UV: NVCV's pointer ${chroma.pitch} B = 1 row after FFmpeg's`,
    );
  });

  it("row strides (planted in a real report): NVCV's luma stride 64 bytes past FFmpeg's pitch is a stride fault, not a pointer mismatch", () => {
    const { report, info } = real(PADDED);
    const view = present(report, info);
    expect(presenterVerdict('strides')).toBeNull(); // told only when a stride differs
    view.unmount();
    const luma = report.planes[0]!;
    // As the addon's planted "pitch" fault records it; captures of that time also set match false for it.
    const planted: FrameReport = {
      ...report,
      planes: [{ ...luma, nvcvRowStride: luma.pitch + 64, match: false }, ...report.planes.slice(1)],
    };
    const presenter = present(planted, info);
    expect(presenterVerdict('strides')).toEqual({ text: "NVCV ROW STRIDE ≠ FFMPEG'S PITCH", tone: 'bad' });
    expect(presenterVerdict('pointers')).toEqual({ text: 'ZERO-COPY: POINTERS MATCH', tone: 'ok' });
    expect(screen.getByTestId('presenter-why-strides')).toHaveTextContent(
      `Y: NVCV's stride ${luma.pitch + 64} B, FFmpeg's pitch ${luma.pitch} B (+64)`,
    );
    presenter.unmount();
    render(<IdentityPanel report={planted} capture={null} />);
    expect(screen.getByTestId('stride-badge')).toHaveAttribute('data-tone', 'bad');
    expect(screen.getByTestId('match-badge-0')).toHaveAttribute('data-tone', 'ok');
  });

  it('restore (planted in a real report): a proof that read its canary but left the frame changed is red', () => {
    const { report, info } = real(PADDED);
    expect(report.aliasing.restored).toBe(true);
    const view = present(report, info);
    expect(presenterVerdict('restored')).toBeNull(); // told only when the frame was not restored
    view.unmount();
    const planted: FrameReport = { ...report, aliasing: { ...report.aliasing, restored: false } };
    present(planted, info);
    expect(presenterVerdict('restored')).toEqual({ text: 'FRAME NOT RESTORED AFTER THE PROOF', tone: 'bad' });
    expect(presenterVerdict('aliasing')).toEqual({ text: 'ALIASING PROVEN', tone: 'ok' });
  });
});

describe('signature states in the presenter view', () => {
  const { report, info } = real(PADDED);
  const signed = summary().signature;
  const shown = (signature: typeof signed): { text: string; state: string | null } => {
    const view = present(report, info, summary({ signature }));
    const badge = screen.getByTestId('presenter-signature');
    const result = { text: badge.textContent, state: badge.getAttribute('data-state') };
    view.unmount();
    return result;
  };

  it('says signed by this installation, by another installation, unsigned and tampered apart', () => {
    expect(shown(signed)).toEqual({ text: 'signed by this installation · key 1a2b 3c4d…', state: 'signed' });
    expect(shown({ ...signed, thisInstallation: false })).toEqual({
      text: 'signed by another installation · key 1a2b 3c4d…',
      state: 'signed',
    });
    expect(shown({ ...signed, state: 'unsigned', fingerprint: null, thisInstallation: false })).toMatchObject({
      text: expect.stringMatching(/^unsigned/),
      state: 'unsigned',
    });
    expect(shown({ ...signed, state: 'tampered', detail: 'capture.json changed after signing' })).toMatchObject({
      text: expect.stringMatching(/^TAMPERED: capture\.json changed after signing/),
      state: 'tampered',
    });
  });

  it('says what a re-saved capture was made from: another installation’s, or a tampered one', () => {
    const from = (state: 'signed' | 'tampered', thisInstallation: boolean) => ({
      ...signed,
      madeFrom: { state, fingerprint: '9f8e7d6c5b4a', thisInstallation, sha256: 'cd'.repeat(32) },
    });
    expect(shown(from('signed', false)).text).toContain(
      're-saved from a capture that was signed by another installation',
    );
    expect(shown(from('tampered', false)).text).toContain(
      're-saved from a capture that was TAMPERED, signed by another installation',
    );
    expect(shown(from('signed', true)).text).not.toContain('another installation');
  });
});
