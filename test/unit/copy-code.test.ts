import { describe, expect, it } from 'vitest';
import { copyCode, VERDICT_BADGES } from '../../wording/copy-code';
import { naiveLines } from '../../wording/copy-code/naive';
import type { FrameReport } from '../../contract/report';
import { hostYuv420p1080, recordedGpuReport as recordedIn } from '../support/memory-reports';
import { noNvcvFrame, paddedNv12Device } from '../support/reports';
import { codeOf } from './copy-code-setup';

/** The newest recorded H200 run's report of a fixture's first frame. */
const recordedGpuReport = (file: string): FrameReport => recordedIn(file, '2026-11-30-134c932');

const RECORDED = [
  'h264-1080p-420.mp4',
  'hevc-main10-1280x720.mp4',
  'h264-odd-642x362.mp4',
  'hevc-444-640x360.mp4',
  'h264-444-640x360.mp4',
];

describe('copy-as-code facts on recorded H200 reports', () => {
  for (const file of RECORDED) {
    it(`${file}: every fact in the C, C++, Python and PyTorch snippets is the report's`, () => {
      const report = recordedGpuReport(file);
      const { facts, factLines } = copyCode(report);
      const c = codeOf(report, 'c');
      const cpp = codeOf(report, 'cpp');
      const py = codeOf(report, 'python');
      const torch = codeOf(report, 'torch');
      const code = BigInt(report.wrap.formatCode ?? '0').toString(16);
      // The predefined constant where NVCV has one with this code, else NVCV's builder from the parts its name
      // gives: never a literal code for any recorded format.
      if (code === '180254a1a0083') {
        expect(c).toContain('data.format = NVCV_IMAGE_FORMAT_NV12;');
        expect(cpp).toContain('data.format = NVCV_IMAGE_FORMAT_NV12;');
      } else {
        expect(c).toContain('data.format = zci_frame_format();');
        expect(cpp).toContain('data.format = zciFrameFormat();');
        const m = /^NVCVImageFormat\(YCbCr,(\w+),4:(\d):(\d),PITCH_LINEAR,UNSIGNED,XYZ0,ASSOCIATED,([\w,]+)\)$/.exec(
          report.wrap.formatName ?? '',
        );
        expect(m).not.toBeNull();
        const [, spec, h, v, packings] = m ?? [];
        const packing = [0, 1, 2, 3].map((i) => `NVCV_PACKING_${packings?.split(',')[i] ?? '0'}`).join(', ');
        for (const code of [c, cpp]) {
          expect(code.replace(/\s+/g, ' ')).toContain(
            `nvcvMakeYCbCrImageFormat(&format, NVCV_COLOR_SPEC_${spec}, NVCV_CSS_4${h}${v}, NVCV_MEM_LAYOUT_PL, ` +
              `NVCV_DATA_KIND_UNSIGNED, NVCV_SWIZZLE_XYZ0, ${packing}, NVCV_ALPHA_ASSOCIATED,`,
          );
          expect(code).not.toMatch(/\(NVCVImageFormat\)0x/);
        }
      }
      expect(c).toContain(`numPlanes = ${report.planes.length};`);
      expect(cpp).toContain(`numPlanes = ${report.planes.length};`);
      for (const p of report.planes) {
        expect(c).toContain(`planes[${p.index}].width = ${p.width};`);
        expect(c).toContain(`planes[${p.index}].height = ${p.height};`);
        expect(c).toContain(`planes[${p.index}].rowStride = frame->linesize[${p.index}];`);
        expect(c).toContain(`planes[${p.index}].basePtr = (NVCVByte *)frame->data[${p.index}];`);
        expect(c).toContain(`pitch ${p.pitch} bytes at ${p.ffmpegPointer}`);
        expect(cpp).toContain(`{${p.width}, ${p.height}}`);
        expect(torch).toContain(`pitch ${p.pitch} bytes`);
      }
      expect(c).toContain(`frame->width != ${report.format.width} || frame->height != ${report.format.height}`);
      // The Python and PyTorch snippets take the user's frame: this frame's pitches (and, where one tensor spans the
      // planes, their distances) are expectations they check; no device address is written into them.
      for (const code of [py, torch]) {
        expect(code).toContain(`EXPECTED_PITCHES = [${report.planes.map((p) => p.pitch).join(', ')}]`);
        expect(code).toContain('def frame_planes(frame):');
        for (const p of report.planes) {
          expect(code).not.toContain(p.ffmpegPointer);
          expect(code).not.toContain(BigInt(p.ffmpegPointer).toString());
        }
      }
      expect(py).toContain('def wrap_frame(frame):');
      expect(torch).toContain('def torch_planes(frame):');
      expect(py).toContain(report.format.bitDepth > 8 ? '"<u2"' : '"|u1"');
      expect(py).toContain('"version": 3');
      expect(py).toContain('"data": (ptr, False)');
      const values = Object.fromEntries(factLines.map((l) => [l.label, l.value]));
      expect(values.pitches).toBe(report.planes.map((p) => `${p.pitch} B`).join(', '));
      expect(values.pointers).toBe(report.planes.map((p) => p.ffmpegPointer).join(', '));
      expect(values.widths).toBe(report.planes.map((p) => p.width).join(', '));
      expect(values.heights).toBe(report.planes.map((p) => p.height).join(', '));
      expect(facts.verdict.kind).toBe(report.decodePath === 'nvdec' ? 'zero-copy' : 'uploaded');
    });
  }

  it('P010: one tensor where the report says the single-tensor view is valid, 2-byte samples', () => {
    const report = recordedGpuReport('hevc-main10-1280x720.mp4');
    expect(report.wrap.tensor.valid).toBe(true);
    const py = codeOf(report, 'python');
    expect(py).toContain('(1, 1080, 1280, 1), (pitches[0] * 1080, pitches[0], 2, 2), "<u2"), "NHWC")');
    expect(py).toContain('EXPECTED_OFFSETS = [0, 1843200]');
    const torch = codeOf(report, 'torch');
    expect(torch).toContain(
      'torch.as_tensor(CudaPlane(pointers[0], (720, 1280), (pitches[0], 2), "<u2"), device="cuda")',
    );
    expect(torch).toContain(
      'torch.as_tensor(CudaPlane(pointers[1], (360, 640, 2), (pitches[1], 4, 2), "<u2"), device="cuda")',
    );
    expect(copyCode(report).factLines.at(-1)?.value).toBe('valid: [1, 1080, W, 1]');
  });

  it('padded NV12: the coded-rows tensor with its crop, since the display-height one reads 8 hidden rows', () => {
    const report = recordedGpuReport('h264-1080p-420.mp4');
    expect(report.wrap.tensor.valid).toBe(false);
    const py = codeOf(report, 'python');
    expect(py).toContain('(1, 1632, 1920, 1), (pitches[0] * 1632, pitches[0], 1, 1), "|u1"), "NHWC")');
    expect(py).toContain('luma is rows 0-1079, chroma rows 1088-1627');
    expect(py).toContain('would read 8 hidden rows as chroma');
  });

  it('4:4:4: one tensor a plane, since the single-tensor view is for two-plane 4:2:0', () => {
    const py = codeOf(recordedGpuReport('hevc-444-640x360.mp4'), 'python');
    expect(py).toContain('One tensor a plane');
    expect(py.match(/cvcuda\.as_tensor\(/g)).toHaveLength(3);
  });

  it('names the predefined NVCV constant where the code is one of the project’s', () => {
    const report = recordedGpuReport('h264-odd-642x362.mp4');
    expect(codeOf(report, 'c')).toContain('data.format = NVCV_IMAGE_FORMAT_NV12;');
  });
});

describe('the naive snippet, annotated for this frame', () => {
  it('padded 1080p NV12: 8 hidden rows read as chroma, RGB8 over 1 byte a sample', () => {
    const lines = naiveLines(copyCode(recordedGpuReport('h264-1080p-420.mp4')).facts);
    const wrong = lines.map((l) => l.wrong).filter((w): w is string => w !== null);
    expect(wrong).toContain(
      'reads 8 rows (8 coded not displayed, 0 allocator padding) as chroma: this frame’s UV starts at row 1088, not 1080'.replace(
        '’',
        "'",
      ),
    );
    expect(wrong.join('\n')).toContain('RGB8 over nv12: 3 bytes per pixel over 1 byte per sample');
    expect(wrong.join('\n')).toContain('5760 bytes, 3712 bytes past this frame');
    expect(wrong.join('\n')).toContain('drops UV (960x540)');
  });

  it('odd 642x362: 6 hidden rows; P010: right by luck, 2 bytes a sample', () => {
    const odd = naiveLines(copyCode(recordedGpuReport('h264-odd-642x362.mp4')).facts);
    expect(odd.at(-1)?.wrong).toContain('reads 6 rows (6 coded not displayed, 0 allocator padding) as chroma');
    expect(odd.at(-1)?.wrong).toContain('starts at row 368, not 362');
    const p010 = naiveLines(copyCode(recordedGpuReport('hevc-main10-1280x720.mp4')).facts);
    expect(p010.at(-1)?.wrong).toBe('right for this frame only: its chroma happens to follow row 720');
    expect(p010[1]?.wrong).toContain('over 2 bytes per sample');
  });

  it('a software frame: chroma in a buffer of its own', () => {
    const lines = naiveLines(copyCode(hostYuv420p1080()).facts);
    expect(lines.at(-1)?.wrong).toContain("this frame's U plane is an allocation of its own at 0x7f0010000040");
  });
});

describe('frames where zero copy is impossible', () => {
  it('a host frame: says the upload is needed, gives upload-then-wrap in C and C++, no Python or PyTorch code', () => {
    const { snippets, facts } = copyCode(hostYuv420p1080());
    expect(facts.verdict.kind).toBe('host');
    const by = Object.fromEntries(snippets.map((s) => [s.ecosystem, s]));
    expect(by.c?.code).toContain('av_hwframe_transfer_data(out, host, 0); /* the copy */');
    expect(by.cpp?.code).toContain('zciUploadFrame');
    expect(by.python?.code).toBeNull();
    expect(by.torch?.code).toBeNull();
    expect(by.python?.note).toContain('Zero copy is impossible for this frame: its planes are in host memory');
  });

  it('no NVCV format: no NVCV code at all', () => {
    const report = noNvcvFrame();
    report.wrap = {
      ...report.wrap,
      formatCode: null,
      formatName: null,
      reason: 'NVCV has no image format for gray12le',
    };
    const { snippets } = copyCode(report);
    for (const s of snippets.filter((x) => x.ecosystem !== 'naive' && x.ecosystem !== 'cross-device')) {
      expect(s.code).toBeNull();
      expect(s.note).toContain('NVCV cannot describe this layout.');
      // The report's reason is free text: beside the note, never inside it (the note goes into comments).
      expect(s.note).not.toContain('gray12le');
      expect(s.detail).toBe('NVCV has no image format for gray12le');
    }
  });

  it('a recorder wrap without a recorded format: "no code: the format was not recorded", never "impossible"', () => {
    // As the recorder reports a correct NV12 nvcv.Image wrap: wrapped, planes inside the source, no format code.
    const report = recordedGpuReport('h264-1080p-420.mp4');
    report.wrap = {
      ...report.wrap,
      available: true,
      formatName: null,
      formatCode: null,
      reason: 'nvcv.Image via .cuda(): every plane lies inside the source’s allocation',
    };
    const { snippets, facts, factLines } = copyCode(report);
    expect(facts.verdict.kind).toBe('format-not-recorded');
    expect(VERDICT_BADGES[facts.verdict.kind]).toBe('no code: the format was not recorded');
    for (const s of snippets.filter((x) => x.ecosystem !== 'naive' && x.ecosystem !== 'cross-device')) {
      expect(s.code).toBeNull();
      expect(s.note).toMatch(/^No code: the format was not recorded\./);
      expect(s.note).not.toMatch(/impossible|cannot describe/);
      expect(s.detail).toContain('every plane lies inside');
    }
    expect(factLines.find((l) => l.label === 'NVCV format code')?.value).toBe('not recorded');
  });

  it('the hand-built padded frame is zero copy', () => {
    expect(copyCode(paddedNv12Device()).facts.verdict.kind).toBe('zero-copy');
  });
});
