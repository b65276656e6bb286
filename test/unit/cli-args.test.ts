import { describe, expect, it } from 'vitest';
import { RpcFailure, rpcError } from '../../contract/envelope';
import type { OpenedInput } from '../../electron/cli/cli-input';
import { parseCli, UsageError } from '../../electron/cli/cli-args';
import { runInspect } from '../../electron/cli/inspect-command';
import { codeText } from '../../electron/cli/code-output';
import { formatTable } from '../../electron/cli/cli-table';
import { checksPass, frameChecks } from '../../contract/checks';
import { frameVerdicts, HEADLINES } from '../../wording/verdicts';
import { formatFrameList, parseFrameList } from '../../wording/frame-list';
import { inspectOutputSchema, type InspectOutput } from '../../contract/inspect-output';
import { REGION_LABELS } from '../../contract/memory';
import type { FrameReport } from '../../contract/report';
import { chromaOneRowBeforeDecoderFrame } from '../support/fault-reports';
import { gpuEnvironment, mismatchFrame, noNvcvFrame, paddedNv12Device, streamInfo } from '../support/reports';
import type { ShowTarget } from '../../electron/addon/native';

describe('frame lists', () => {
  it('parses numbers and ranges into sorted unique frames', () => {
    expect(parseFrameList('0,5,10-12')).toEqual([0, 5, 10, 11, 12]);
    expect(parseFrameList(' 7 , 3-4,3 ')).toEqual([3, 4, 7]);
    expect(formatFrameList([0, 1, 2, 5, 7, 8])).toBe('0-2, 5, 7-8');
    expect(formatFrameList([])).toBe('');
  });

  it('says what is wrong', () => {
    expect(() => parseFrameList('')).toThrow(/empty/);
    expect(() => parseFrameList('3-1')).toThrow(/backwards/);
    expect(() => parseFrameList('a')).toThrow(/"a" is not a frame number/);
    expect(() => parseFrameList('0-20000')).toThrow(/more than 10000/);
  });
});

describe('parseCli', () => {
  it('reads inspect and capture with their options', () => {
    expect(parseCli(['inspect', 'a.mp4', '--frames', '0,2-3', '--json', '--device', '1', '--decode', 'nvdec'])).toEqual(
      expect.objectContaining({
        kind: 'inspect',
        file: 'a.mp4',
        frames: [0, 2, 3],
        json: true,
        device: 1,
        decode: 'nvdec',
        proof: true,
        strict: false,
      }),
    );
    expect(parseCli(['capture', 'a.mp4', '-o', 'out.zci', '--no-proof', '--thumb-width', '320'])).toEqual(
      expect.objectContaining({ kind: 'capture', output: 'out.zci', proof: false, thumbWidth: 320, frames: null }),
    );
    expect(parseCli(['--help'])).toEqual({ kind: 'help' });
    expect(parseCli(['--version'])).toEqual({ kind: 'version' });
  });

  it('reads which FFmpeg to decode with, and --unsafe-output', () => {
    expect(parseCli(['inspect', 'a.mp4'])).toMatchObject({ ffmpeg: null, unsafeOutput: false });
    expect(parseCli(['inspect', 'a.mp4', '--ffmpeg', '7.1', '--unsafe-output'])).toMatchObject({
      ffmpeg: '7.1',
      unsafeOutput: true,
    });
    expect(parseCli(['capture', 'a.mp4', '-o', 'b.zci', '--ffmpeg', 'system'])).toMatchObject({ ffmpeg: 'system' });
  });

  it('gives inspect over every frame NVDEC frame threads, and a chosen list or a capture the default, unless asked', () => {
    expect(parseCli(['inspect', 'a.mp4'])).toMatchObject({ nvdecThreads: 4 });
    expect(parseCli(['inspect', 'a.mp4', '--frames', '0-299'])).toMatchObject({ nvdecThreads: null });
    expect(parseCli(['capture', 'a.mp4', '-o', 'b.zci'])).toMatchObject({ nvdecThreads: null });
    expect(parseCli(['inspect', 'a.mp4', '--nvdec-threads', '1'])).toMatchObject({ nvdecThreads: 1 });
    expect(parseCli(['capture', 'a.mp4', '-o', 'b.zci', '--nvdec-threads', '8'])).toMatchObject({ nvdecThreads: 8 });
    for (const bad of ['0', '9', 'two', '1.5'])
      expect(() => parseCli(['inspect', 'a.mp4', '--nvdec-threads', bad])).toThrow(/--nvdec-threads/);
  });

  it('reads --compare-decoders with its decoder pair', () => {
    expect(parseCli(['inspect', 'a.mp4'])).toMatchObject({ compareDecoders: null });
    expect(parseCli(['inspect', 'a.mp4', '--compare-decoders'])).toMatchObject({ compareDecoders: 'nvdec' });
    expect(
      parseCli(['inspect', 'a.mp4', '--compare-decoders', '--decoders', 'software,software', '--frames', '0-9']),
    ).toMatchObject({ compareDecoders: 'software', frames: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] });
  });

  it.each([
    [[], /name a command/],
    [['frob', 'a'], /unknown command/],
    [['inspect'], /needs a file/],
    [['inspect', 'a', 'b'], /unexpected argument/],
    [['inspect', 'a', '--bogus'], /bogus/],
    [['inspect', 'a', '--decode', 'gpu'], /--decode must be/],
    [['inspect', 'a', '--ffmpeg', '6.1'], /--ffmpeg must be one of system, 7\.1/],
    [['inspect', 'a', '--device', '-1'], /--device/],
    [['inspect', 'a', '--frames', 'x'], /--frames/],
    [['capture', 'a'], /needs -o/],
    [['inspect', 'a', '-o', 'x.zci'], /-o belongs to capture/],
    [['capture', 'a', '-o', 'x.zci', '--json'], /--json belongs to inspect/],
    [['inspect', 'a', '--decoders', 'nvdec,software'], /--decoders belongs to --compare-decoders/],
    [['capture', 'a', '-o', 'x.zci', '--compare-decoders'], /belongs to inspect/],
    [['inspect', 'a', '--compare-decoders', '--decoders', 'nvdec,nvdec'], /--decoders must be/],
    [['inspect', 'a', '--compare-decoders', '--decoders', 'auto,software'], /--decoders must be/],
    [['inspect', 'a', '--compare-decoders', '--decode', 'software'], /--compare-decoders does not take --decode:/],
    [['inspect', 'a', '--compare-decoders', '--unsafe-output', '--ledger'], /not take --unsafe-output, --ledger/],
    [['inspect', 'a', '--compare-decoders', '--code', 'c'], /--compare-decoders does not take --code/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });
});

describe('frame checks', () => {
  it('pass a matching, proven frame', () => {
    const checks = frameChecks(paddedNv12Device());
    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['pointers', true],
      ['strides', true],
      ['format', true],
      ['decoder', true],
      ['aliasing', true],
      ['restored', true],
    ]);
    expect(checksPass(checks, true)).toBe(true);
  });

  it('fail a plane FFmpeg points one row before where NVDEC wrote it, with the distance', () => {
    const report = chromaOneRowBeforeDecoderFrame();
    const check = frameChecks(report).find((c) => c.name === 'decoder');
    expect(check).toMatchObject({ ok: false });
    expect(check!.detail).toBe("plane 1: FFmpeg's pointer is 2048 bytes (1 row) before where NVDEC wrote the plane");
    expect(checksPass(frameChecks(report))).toBe(false);
    const verdict = frameVerdicts(report).find((v) => v.key === 'decoder');
    expect(verdict).toMatchObject({ tone: 'bad', headline: HEADLINES.decoder.fail });
    expect(frameChecks({ ...report, decodePath: 'software' }).some((c) => c.name === 'decoder')).toBe(false);
  });

  it("fail FFmpeg's copy that holds fewer rows of a plane than the plane has, naming both counts", () => {
    const report = paddedNv12Device();
    const surface = report.decoderSurface!;
    surface.ffmpegCopy = true;
    surface.planes[1] = {
      ...surface.planes[1]!,
      ffmpegOffset: null,
      copiedFromOffset: 2048 * 362,
      deltaBytes: 0,
      deltaRows: 0,
      copiedRows: 180,
      rowsNeeded: 181,
      verdict: 'shifted',
    };
    const check = frameChecks(report).find((c) => c.name === 'decoder');
    expect(check).toMatchObject({ ok: false, detail: "plane 1: FFmpeg's copy holds 180 of the plane's 181 rows" });
    surface.planes[1] = { ...surface.planes[1], copiedFromOffset: 2048 * 361, deltaBytes: -2048, deltaRows: -1 };
    expect(frameChecks(report).find((c) => c.name === 'decoder')!.detail).toBe(
      "plane 1: FFmpeg copied it from 2048 bytes (1 row) before where NVDEC wrote the plane; plane 1: FFmpeg's copy holds 180 of the plane's 181 rows",
    );
  });

  it('fail a wrong NVCV format, naming both formats', () => {
    const report = paddedNv12Device();
    report.wrap = { ...report.wrap, formatCode: '0x2', formatMatch: false };
    const format = frameChecks(report).find((c) => c.name === 'format');
    expect(format).toMatchObject({ ok: false, detail: expect.stringContaining("(0x2); FFmpeg's frame is 0x1") });
    expect(checksPass(frameChecks(report))).toBe(false);
  });

  it('fail a mismatch, naming the plane and both pointers', () => {
    const checks = frameChecks(mismatchFrame());
    expect(checks[0]).toMatchObject({ name: 'pointers', ok: false });
    expect(checks[0]!.detail).toMatch(
      /^plane 1 \(UV\): NVCV's pointer 64 B after FFmpeg's .*: FFmpeg 0x[0-9a-f]+ ≠ NVCV 0x[0-9a-f]+ \(64 bytes\)$/,
    );
    expect(checksPass(checks)).toBe(false);
  });

  it('fail a proof that failed or did not restore', () => {
    const failed = paddedNv12Device();
    failed.aliasing = { ...failed.aliasing, passed: false, restored: false };
    expect(
      frameChecks(failed)
        .filter((c) => c.ok === false)
        .map((c) => c.name),
    ).toEqual(['aliasing', 'restored']);
  });

  it('leave unchecked what could not run: passing unless strict', () => {
    const checks = frameChecks(noNvcvFrame());
    expect(checks.every((c) => c.ok === null)).toBe(true);
    expect(checks[0]!.detail).toContain('not wrapped: libnvcv_types.so not found');
    expect(checksPass(checks)).toBe(true);
    expect(checksPass(checks, true)).toBe(false);
  });
});

describe('formatTable', () => {
  const output = (frames: InspectOutput['frames'], strict = false): InspectOutput =>
    inspectOutputSchema.parse({
      tool: { name: 'zerocopy-inspector', version: '0.1.0' },
      input: { kind: 'video', path: '/v/clip.mp4', capture: null },
      strict,
      stream: streamInfo(),
      environment: gpuEnvironment(),
      frames,
      summary: {
        frames: frames.length,
        failed: frames.filter((f) => !f.ok).length,
        unchecked: 0,
        ok: frames.every((f) => f.ok),
        provenance: null,
        exitCode: frames.every((f) => f.ok) ? 0 : 1,
      },
    });

  it('prints one row per frame and spells out each failure', () => {
    const good = paddedNv12Device();
    const bad = { ...mismatchFrame(), frameIndex: 4 };
    const text = formatTable(
      output([
        { index: 3, report: good, error: null, checks: frameChecks(good), ok: true },
        { index: 4, report: bad, error: null, checks: frameChecks(bad), ok: false },
        {
          index: 5,
          report: null,
          error: { code: 'DECODE_FAILED', message: 'broken slice', remedy: 'r' },
          checks: [],
          ok: false,
        },
      ]),
    );
    expect(text).toContain('h264 High · 1920×1080 (coded 1920×1088)');
    expect(text).toContain('Test GPU · driver 12.4');
    expect(text).toMatch(/^3 +B +nvdec +nv12 +2 +match +equal +same +same +proven +yes +— +ok$/m);
    expect(text).toMatch(/^4 .* MISMATCH .* FAIL$/m);
    expect(text).toMatch(/^5 .* ERROR DECODE_FAILED$/m);
    expect(text).toContain('frame 4: pointers: plane 1 (UV)');
    expect(text).toContain('frame 5: DECODE_FAILED: broken slice');
    expect(text).toContain('3 frames: 1 ok, 2 failed — exit 1');
  });

  it('names the rows below each plane with the two kinds, and a separate allocation instead of an offset', () => {
    const device = paddedNv12Device();
    const [luma, chroma] = device.planes;
    if (luma === undefined || chroma === undefined) throw new Error('two planes');
    const nv12: FrameReport = {
      ...device,
      planes: [
        { ...luma, codedWidth: 1920, codedHeight: 1088, codedRowsNotDisplayed: 8, allocatorPaddingRows: 0 },
        { ...chroma, codedWidth: 960, codedHeight: 544, codedRowsNotDisplayed: 4, allocatorPaddingRows: 0 },
      ].map((plane) => ({ ...plane, codedColumnsNotDisplayed: 0, separateAllocation: false, allocation: null })),
    };
    // A software frame: FFmpeg's buffer for each plane, 2 rows of allocator padding after the 1088 coded rows.
    const software: FrameReport = {
      ...nv12,
      frameIndex: 4,
      allocation: { ...nv12.allocation, planesInOneAllocation: false },
      planes: [
        { ...luma, codedWidth: 1920, codedHeight: 1088, codedRowsNotDisplayed: 8, allocatorPaddingRows: 2 },
        {
          ...chroma,
          offsetFromPlane0: null,
          offsetInAllocation: null,
          codedWidth: 960,
          codedHeight: 544,
          codedRowsNotDisplayed: 4,
          allocatorPaddingRows: 1,
          separateAllocation: true,
          allocation: { start: '0x7f0012340000', size: 1_045_519 },
        },
      ].map((plane) => ({ ...plane, codedColumnsNotDisplayed: 0 })),
    };
    const text = formatTable(
      output([
        { index: 3, report: nv12, error: null, checks: frameChecks(nv12), ok: true },
        { index: 4, report: software, error: null, checks: frameChecks(software), ok: true },
        { index: 5, report: { ...nv12, frameIndex: 5 }, error: null, checks: frameChecks(nv12), ok: true },
      ]),
    );
    expect(text).toContain(
      [
        'plane layout of frames 3, 5:',
        `  plane 0 Y: 1920×1080, pitch 2048 · coded 1920×1088 · 8 rows ${REGION_LABELS['coded-not-displayed']} · 0 rows ${REGION_LABELS['allocator-padding']} · offset 0`,
        `  plane 1 UV: 960×540, pitch 2048 · coded 960×544 · 4 rows coded but not displayed · 0 rows allocator padding · offset ${2048 * 1088}`,
        'plane layout of frames 4:',
        '  plane 0 Y: 1920×1080, pitch 2048 · coded 1920×1088 · 8 rows coded but not displayed · 2 rows allocator padding · offset 0',
        '  plane 1 UV: 960×540, pitch 2048 · coded 960×544 · 4 rows coded but not displayed · 1 row allocator padding · separate allocation of 1045519 bytes',
      ].join('\n'),
    );
    expect(text).not.toMatch(/hidden/);
  });

  it('reads reports saved before the two kinds existed: their sum, and a separate allocation from its signs', () => {
    const old = paddedNv12Device();
    const [luma, chroma] = old.planes;
    if (luma === undefined || chroma === undefined) throw new Error('two planes');
    const software: FrameReport = {
      ...old,
      allocation: { ...old.allocation, planesInOneAllocation: false },
      planes: [
        { ...luma, hiddenRowsAfter: 10 },
        { ...chroma, offsetFromPlane0: -52_000_000, offsetInAllocation: null, hiddenRowsAfter: 5 },
      ],
    };
    const text = formatTable(output([{ index: 3, report: software, error: null, checks: [], ok: true }]));
    expect(text).toContain('  plane 0 Y: 1920×1080, pitch 2048 · 10 rows below the picture · offset 0');
    expect(text).toContain('  plane 1 UV: 960×540, pitch 2048 · 5 rows below the picture · separate allocation\n');
    expect(text).not.toContain('-52000000');
  });

  it('lists unchecked frames, and --strict turns them into failures', () => {
    const report = noNvcvFrame();
    const checks = frameChecks(report);
    expect(formatTable(output([{ index: 3, report, error: null, checks, ok: true }]))).toContain(
      'not checked on frames 3: not wrapped',
    );
    expect(formatTable(output([{ index: 3, report, error: null, checks, ok: false }], true))).toContain(
      'frame 3: pointers: not wrapped',
    );
  });
});

describe('runInspect', () => {
  it('keeps a frame that fails to decode as a failed frame with its code', async () => {
    const session = {
      info: streamInfo(),
      closed: false,
      show: async (target: ShowTarget) => {
        const index = 'index' in target ? target.index : 0;
        if (index === 2) throw new RpcFailure(rpcError('DECODE_FAILED', 'corrupt slice at frame 2'));
        return { report: { ...paddedNv12Device(), frameIndex: index }, thumbnails: null, previews: [] };
      },
      close: () => undefined,
    };
    const input: OpenedInput = { kind: 'video', path: '/v.mp4', session, environment: null, capture: null };
    const output = await runInspect(input, {
      frames: [1, 2],
      proof: true,
      strict: false,
      app: { name: 'zerocopy-inspector', version: '0' },
    });
    expect(output.frames[1]).toMatchObject({ index: 2, report: null, ok: false, error: { code: 'DECODE_FAILED' } });
    expect(output.summary).toMatchObject({ frames: 2, failed: 1, ok: false, exitCode: 1 });
  });
});

describe('inspect --code', () => {
  it('takes one of the copy-as-code languages, for inspect only, not with --json', () => {
    expect(parseCli(['inspect', 'a.mp4', '--code', 'python'])).toEqual(expect.objectContaining({ code: 'python' }));
    expect(parseCli(['inspect', 'a.mp4'])).toEqual(expect.objectContaining({ code: null }));
    expect(() => parseCli(['inspect', 'a.mp4', '--code', 'rust'])).toThrow(
      '--code must be one of c, cpp, python, torch, naive, cross-device, not "rust"',
    );
    expect(() => parseCli(['inspect', 'a.mp4', '--code', 'c', '--json'])).toThrow(UsageError);
    expect(() => parseCli(['capture', 'a.mp4', '-o', 'a.zci', '--code', 'c'])).toThrow('--code belongs to inspect');
  });

  it("prints each frame's snippet under its note; the file name and a frame's failure only as string literals", () => {
    const output = {
      input: { path: '/clips/a.mp4' },
      frames: [
        { index: 3, report: paddedNv12Device(), error: null },
        { index: 4, report: null, error: { message: 'decode failed' } },
      ],
    } as unknown as InspectOutput;
    const text = codeText(output, 'python');
    expect(text).toContain('SOURCE_FILE = "/clips/a.mp4"');
    expect(text).toContain('# frame 3\n# The planes are device memory');
    expect(text).toContain('EXPECTED_PITCHES = [2048, 2048]');
    expect(text).toContain('# frame 4\n# no report; the error:\nERROR_FRAME_4 = "decode failed"');
    const c = codeText(output, 'c');
    expect(c).toContain('static const char zci_source_file[] = "/clips/a.mp4";');
    expect(c).toContain('// frame 3\n');
    expect(c).not.toContain('// frame 3 of');
  });
});
