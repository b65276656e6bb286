/**
 * Copy as code for a frame the decoder's witness flags (FFmpeg's chroma pointer a row off where NVDEC wrote the
 * plane, on an odd picture height), from the H200's measurements of vp9-odd-641x361.webm: where FFmpeg handed out
 * NVDEC's surface, every language wraps the chroma at FFmpeg's pointer plus the measured rows of its pitch and refuses
 * any other geometry; where the frame is FFmpeg's copy, no language prints a wrap, and each says why and what to do.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { FrameReport } from '../../contract/report';
import { copyCode } from '../../wording/copy-code';
import { naiveLines } from '../../wording/copy-code/naive';
import { vp9OddFlaggedFrame } from '../support/flagged-reports';
import { codeOf, CROSS_DEVICE_COPY, CROSS_DEVICE_PEER, snippetOf } from './copy-code-setup';

const mapped = vp9OddFlaggedFrame('mapped-surface');
const copied = vp9OddFlaggedFrame('ffmpeg-copy');
const PLANE0 = BigInt(mapped.planes[0]?.ffmpegPointer ?? '0');
/** FFmpeg's chroma offset (pitch x 361) and where NVDEC wrote the plane (pitch x 362), as the H200 measured them. */
const FFMPEG_CHROMA = 1024 * 361;
const DECODER_CHROMA = 1024 * 362;

describe('the recorded measurements the flagged reports carry', () => {
  it('5.1: FFmpeg hands out the surface, its chroma pointer 1 row (1024 bytes) before NVDEC’s plane', () => {
    expect(mapped.decoderSurface?.ffmpegCopy).toBe(false);
    expect(mapped.decoderSurface?.planes[1]).toMatchObject({
      verdict: 'shifted',
      deltaRows: -1,
      deltaBytes: -1024,
      decoderOffset: DECODER_CHROMA,
      ffmpegOffset: FFMPEG_CHROMA,
    });
    expect(mapped.planes[1]?.offsetFromPlane0).toBe(FFMPEG_CHROMA);
    expect(copyCode(mapped).facts.decoderFix).toEqual({
      kind: 'shift',
      surfacePitch: 1024,
      planes: [{ index: 1, name: 'UV', bytes: 1024, rows: 1, copiedRows: null, rowsNeeded: null }],
    });
  });

  it('7.1: FFmpeg’s copy, made from the row before NVDEC’s plane, holds 180 of its 181 rows', () => {
    expect(copied.decoderSurface?.ffmpegCopy).toBe(true);
    expect(copied.decoderSurface?.planes[1]).toMatchObject({ verdict: 'shifted', copiedRows: 180, rowsNeeded: 181 });
    expect(copyCode(copied).facts.decoderFix?.kind).toBe('copy');
  });
});

describe('a flagged frame FFmpeg handed out as NVDEC’s surface: the corrected wrap', () => {
  it('C: the chroma plane at data[1] plus the measured row of its pitch, the check refusing other geometry', () => {
    const c = codeOf(mapped, 'c');
    expect(c).toContain(
      'static const int zci_decoder_rows[2] = {0, 1}; /* rows of frame->linesize[i] from frame->data[i] to where NVDEC wrote plane i */',
    );
    expect(c).toContain('deltaRows -1, deltaBytes -1024');
    expect(c).toContain('data.buffer.strided.planes[0].basePtr = (NVCVByte *)frame->data[0];');
    expect(c).toContain(
      'data.buffer.strided.planes[1].basePtr = (NVCVByte *)frame->data[1] + zci_decoder_rows[1] * frame->linesize[1];',
    );
    expect(c).not.toContain('planes[1].basePtr = (NVCVByte *)frame->data[1];');
    // The check: size, hardware and software pixel formats, pitches, and FFmpeg's planes where the rows were measured.
    expect(c).toContain('if (zci_frame_is_inspected(frame) != 0) return -1;');
    expect(c).toContain('if (frame->width != 641 || frame->height != 361) return -1;');
    expect(c).toContain('if (frame->format != AV_PIX_FMT_CUDA || !frame->hw_frames_ctx) return -1;');
    expect(c).toContain('if (frames->sw_format != av_get_pix_fmt("nv12")) return -1;');
    expect(c).toContain('static const int zci_expected_pitches[2] = {1024, 1024};');
    expect(c).toContain(`static const ptrdiff_t zci_expected_offsets[2] = {0, ${FFMPEG_CHROMA}};`);
    expect(c).toContain('if (frame->data[i] - frame->data[0] != zci_expected_offsets[i]) return -1;');
    expect(c).toContain('#include <libavutil/pixdesc.h>');
  });

  it('C++: the same rows and the same check, each refusal naming what differs', () => {
    const cpp = codeOf(mapped, 'cpp');
    expect(cpp).toContain('constexpr std::array<int, 2> kDecoderRows{{0, 1}};');
    expect(cpp).toContain('deltaRows -1, deltaBytes -1024');
    expect(cpp).toContain(
      'plane.basePtr = reinterpret_cast<NVCVByte *>(frame->data[i]) + kDecoderRows[i] * frame->linesize[i];',
    );
    expect(cpp).toContain('  zciCheckInspected(frame);');
    expect(cpp).toContain('if (frame->width != 641 || frame->height != 361)');
    expect(cpp).toContain('if (frame->format != AV_PIX_FMT_CUDA || !frame->hw_frames_ctx)');
    expect(cpp).toContain('if (frames->sw_format != av_get_pix_fmt("nv12"))');
    expect(cpp).toContain('constexpr std::array<int, 2> kExpectedPitches{{1024, 1024}};');
    expect(cpp).toContain(`constexpr std::array<std::ptrdiff_t, 2> kExpectedOffsets{{0, ${FFMPEG_CHROMA}}};`);
  });

  it('Python and PyTorch: the measured rows as a named constant, the geometry as expectations', () => {
    for (const ecosystem of ['python', 'torch'] as const) {
      const code = codeOf(mapped, ecosystem);
      expect(code).toContain('DECODER_ROWS = [0, 1]');
      expect(code).toContain('deltaRows -1, deltaBytes -1024');
      expect(code).toContain('EXPECTED_SIZE = (641, 361)');
      expect(code).toContain('EXPECTED_PITCHES = [1024, 1024]');
      expect(code).toContain(`EXPECTED_OFFSETS = [0, ${FFMPEG_CHROMA}]`);
      expect(code).toContain(
        'pointers = [p + rows * pitch for p, rows, pitch in zip(pointers, DECODER_ROWS, pitches)]',
      );
      // No device address is written into Python code.
      for (const p of mapped.planes) expect(code).not.toContain(BigInt(p.ffmpegPointer).toString());
    }
    // CV-CUDA's one tensor runs from plane 0 over 362 + 181 rows, its chroma at row 362 where NVDEC wrote it.
    const py = codeOf(mapped, 'python');
    expect(py).toContain('(1, 543, 641, 1), (pitches[0] * 543, pitches[0], 1, 1), "|u1"), "NHWC")');
    expect(py).toContain('luma is rows 0-360, chroma rows 362-542');
    // PyTorch: one tensor a plane, the chroma one from the moved pointer.
    expect(codeOf(mapped, 'torch')).toContain(
      'torch.as_tensor(CudaPlane(pointers[1], (181, 321, 2), (pitches[1], 2, 1)',
    );
  });

  // frame_planes() as each snippet prints it (from its first class to the function that uses it), run by python3 on
  // frames described by their fields: it moves the chroma pointer by one pitch and refuses every other geometry.
  for (const [ecosystem, user] of [
    ['python', 'def wrap_frame'],
    ['torch', 'def torch_planes'],
  ] as const) {
    it(`${ecosystem}: frame_planes() gives the decoder's chroma and refuses any other geometry`, () => {
      const code = codeOf(mapped, ecosystem);
      const helpers = code.slice(code.indexOf('class CudaPlane'), code.indexOf(user));
      const p0 = Number(PLANE0);
      const script = [
        'import ctypes, json, sys, types',
        helpers,
        `FFMPEG_CHROMA = ${FFMPEG_CHROMA}`,
        'def frame(width=641, height=361, pitches=(1024, 1024), chroma=FFMPEG_CHROMA):',
        `    return types.SimpleNamespace(width=width, height=height, data=[${p0}, ${p0} + chroma] + [None] * 6,`,
        '                                 linesize=list(pitches) + [0] * 6)',
        'out = {"inspected": frame_planes(frame())}',
        'for name, f in [("width", frame(width=642)), ("height", frame(height=362)), ("pitch", frame(pitches=(1536, 1536))),',
        `                ("placement", frame(chroma=${DECODER_CHROMA})), ("missing", frame(chroma=-${p0}))]:`,
        '    try:',
        '        frame_planes(f)',
        '        out[name] = None',
        '    except ValueError as e:',
        '        out[name] = str(e)',
        'print(json.dumps(out))',
      ].join('\n');
      const out = JSON.parse(execFileSync('python3', ['-c', script], { encoding: 'utf8' })) as Record<string, unknown>;
      expect(out.inspected).toEqual([
        [p0, p0 + DECODER_CHROMA],
        [1024, 1024],
      ]);
      expect(out.width).toBe('a 642x361 frame, not the inspected 641x361');
      expect(out.height).toBe('a 641x362 frame, not the inspected 641x361');
      expect(out.pitch).toBe('pitches [1536, 1536], not the inspected [1024, 1024]');
      // FFmpeg's chroma already where NVDEC wrote it (a fixed FFmpeg): the measured row must not be added again.
      expect(out.placement).toBe(
        `planes at [0, ${DECODER_CHROMA}] bytes from plane 0, not the inspected [0, ${FFMPEG_CHROMA}]`,
      );
      expect(out.missing).toMatch(/a plane is missing/);
    });
  }

  it('every snippet’s note says what the witness found and what the code does; the facts say it too', () => {
    const { snippets, factLines } = copyCode(mapped);
    for (const s of snippets.filter((x) => ['c', 'cpp', 'python', 'torch'].includes(x.ecosystem))) {
      expect(s.note).toMatch(
        /^The decoder's witness flags this frame: NVDEC wrote UV 1 row \(1024 bytes\) after FFmpeg's pointer\. This code wraps UV there/,
      );
    }
    expect(factLines.find((l) => l.label === 'decoder')?.value).toBe(
      "flagged: NVDEC wrote UV 1 row (1024 bytes) after FFmpeg's pointer; the code wraps it there",
    );
  });

  it('the naive snippet names the decoder’s row, not FFmpeg’s', () => {
    expect(naiveLines(copyCode(mapped).facts).at(-1)?.wrong).toBe(
      "reads from row 361, but NVDEC wrote this frame's UV at row 362 (the decoder's witness flags FFmpeg's pointer too)",
    );
  });

  it('across devices: the copy reaches the last row NVDEC wrote, and the wrap is the corrected one', () => {
    const report: FrameReport = { ...mapped, placement: CROSS_DEVICE_COPY };
    const code = codeOf(report, 'cross-device');
    // Chroma from row 361 + 1 of FFmpeg's pointer, 181 rows: 182 rows of the pitch past frame->data[1].
    expect(code).toContain('frame->data[1] + (size_t)frame->linesize[1] * 182;');
    expect(code).toContain('so the wrap is the corrected one: planes[i] plus the measured rows (zci_decoder_rows[i])');
  });
});

describe('a flagged frame that is FFmpeg’s copy: no wrap, and the ways to a frame that can be wrapped', () => {
  it('no C, C++, Python, PyTorch or cross-device code; each says why and what to do instead', () => {
    const report: FrameReport = { ...copied, placement: CROSS_DEVICE_PEER };
    for (const ecosystem of ['c', 'cpp', 'python', 'torch', 'cross-device'] as const) {
      const s = snippetOf(report, ecosystem);
      expect(s.code, ecosystem).toBeNull();
      expect(s.note).toMatch(/^No code: the decoder's witness flags this frame, and it is FFmpeg's copy: /);
      expect(s.note).toContain('NVDEC wrote UV 1 row (1024 bytes) after where FFmpeg copied it from');
      expect(s.note).toContain("its UV holds 180 of the plane's 181 rows");
      expect(s.note).toContain('No pointer into this copy gives the right picture');
      expect(s.note).toContain('AV_HWACCEL_FLAG_UNSAFE_OUTPUT');
      expect(s.note).toContain('--unsafe-output');
      expect(s.note).toContain('docs/upstream/');
    }
    const { factLines, facts } = copyCode(report);
    expect(factLines.find((l) => l.label === 'single tensor')?.value).toBe(
      "none: the decoder's witness flags this frame",
    );
    expect(naiveLines(facts).at(-1)?.wrong).toContain('every chroma row of this copy is out of place');
  });

  it('the naive snippet stays: it says what is wrong, never what is right', () => {
    const naive = snippetOf(copied, 'naive');
    expect(naive.code).toContain('do not use');
  });
});

describe('a flagged frame whose distance is not whole rows: no code', () => {
  it('says the witness flagged it and prints no wrap', () => {
    const report = vp9OddFlaggedFrame('mapped-surface');
    const chroma = report.decoderSurface?.planes[1];
    if (report.decoderSurface === undefined || chroma === undefined) throw new Error('no decoder surface');
    report.decoderSurface.planes[1] = { ...chroma, deltaBytes: -1000, deltaRows: null };
    for (const ecosystem of ['c', 'cpp', 'python', 'torch'] as const) {
      const s = snippetOf(report, ecosystem);
      expect(s.code).toBeNull();
      expect(s.note).toMatch(/^No code: the decoder's witness flags this frame \(NVDEC wrote UV 1000 bytes/);
    }
  });
});

describe('frames the witness does not flag', () => {
  it('have no decoder fact and no correction', () => {
    const report = vp9OddFlaggedFrame('mapped-surface');
    const surface = report.decoderSurface;
    if (surface === undefined) throw new Error('no decoder surface');
    surface.planes = surface.planes.map((p) => ({ ...p, verdict: 'decoder-plane' }));
    const { facts, factLines } = copyCode(report);
    expect(facts.decoderFix).toBeNull();
    expect(factLines.map((l) => l.label)).not.toContain('decoder');
    expect(codeOf(report, 'c')).not.toContain('zci_decoder_rows');
    expect(codeOf(report, 'python')).not.toContain('DECODER_ROWS');
  });
});
