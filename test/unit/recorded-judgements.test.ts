/**
 * The judgements of a recorder's frame are the inspector's, derived from the facts the recorder took (an NVDEC NV12
 * 1920x1080 frame: pitch 2048, chroma after 1088 coded rows, as python/tests/factsbuild.py makes it): the right wrap,
 * the 1.5xH view, a tensor over the coded rows, a copy elsewhere, a wider row stride, no wrapped object. A capture is
 * read with them derived, and one whose stated judgements contradict its facts is not believed.
 */
import { describe, expect, it } from 'vitest';
import type { RecordedObject, RecorderFacts } from '../../contract/capture-recorded';
import type { RpcFailure } from '../../contract/envelope';
import type { FrameReport } from '../../contract/report';
import { readCapture } from '../../electron/capture/capture-file';
import { encodeCapture } from '../../electron/capture/capture-write';
import { judgedReport, roundHalfEven } from '../../electron/capture/recorded-judgements';
import { sampleCapture } from '../support/captures';
import { recorderContents } from '../support/recorder-captures';
import { paddedNv12Device } from '../support/reports';
import {
  ALLOCATION,
  BASE,
  CONTEXT,
  IMAGE,
  PITCH,
  type Plane,
  SOURCE,
  UV,
  facts,
  hex,
  plane,
  tensor,
} from '../support/recorded-nv12';
import { editManifest } from '../support/zip-edit';

/** The report a recorder stores: facts only, its runtime context the thread's current one. */
function stored(): FrameReport {
  const report = paddedNv12Device();
  return { ...report, context: { ...report.context, runtimeContext: CONTEXT } };
}

const judged = (wrapped: RecordedObject | null, state?: RecorderFacts['stream']['state']): FrameReport =>
  judgedReport(stored(), facts(wrapped, state));

describe('the judgements of a recorder frame, from its facts', () => {
  it('a plane-by-plane wrap: every pointer and stride the source’s, inside its allocation, one context', () => {
    const report = judged(IMAGE);
    expect(report.planes.map((p) => [p.nvcvPointer, p.nvcvRowStride, p.match])).toEqual([
      [hex(BASE), PITCH, true],
      [hex(UV), PITCH, true],
    ]);
    expect(report.wrap.reason).toBe("nvcv.Image NV12: every plane lies inside the source's allocation");
    expect(report.context.oneContext).toBe(true);
    expect(report.context.strategy).toBe(
      `recorded in your process: stream 0x5a5a00 had finished its work at hand-over (cuStreamQuery); 1 context(s) in play (${CONTEXT})`,
    );
  });

  it('the 1.5xH view puts chroma 8 rows early, and one tensor of the displayed rows reads padding as chroma', () => {
    const report = judged(tensor(1620), 'pending');
    expect(report.planes.map((p) => p.match)).toEqual([true, false]);
    expect(UV - Number(BigInt(report.planes[1]?.nvcvPointer ?? '0'))).toBe(8 * PITCH);
    expect(report.wrap.tensor).toEqual({
      attempted: true,
      valid: false,
      reason:
        'chroma starts at row 1088, not at row 1080: a [1,1620,1920,1] tensor would read 8 padding rows as chroma; ' +
        'a [1,1632,1920,1] tensor over the coded rows is valid if its output is cropped to 1080 rows',
      shape: [1, 1620, 1920, 1],
      layout: 'NHWC',
      assumedChromaRow: 1080,
      actualChromaRow: 1088,
    });
    expect(report.context.strategy).toMatch(
      /^recorded in your process: stream 0x5a5a00 still had decode work PENDING at hand-over \(cuStreamQuery\): wait on it first; /,
    );
  });

  it('a tensor over the coded rows puts chroma where it is, and is valid if cropped', () => {
    const report = judged(tensor(1632));
    expect(report.planes.map((p) => p.match)).toEqual([true, true]);
    expect(report.wrap.tensor).toMatchObject({
      valid: true,
      reason:
        'chroma starts at row 1088: one [1,1632,1920,1] tensor holds both planes; crop its output to the 1080 displayed rows',
      assumedChromaRow: 1088,
    });
  });

  it('a tensor too short for the chroma has no chroma plane to compare', () => {
    const report = judged(tensor(1500));
    expect(report.planes.map((p) => [p.nvcvPointer, p.match])).toEqual([
      [hex(BASE), true],
      [null, null],
    ]);
  });

  it('a copy lies outside the source’s allocation, in another context', () => {
    const elsewhere = { ...ALLOCATION, start: '0x900000000', size: 1 << 22, context: '0x1111' };
    const copy: RecordedObject = {
      kind: 'cuda-array-interface',
      described: 'a copy',
      planes: [
        { ...plane('Y', 0x900000000, 1920, 1080, 1), allocation: elsewhere },
        { ...plane('UV', 0x900000000 + PITCH * 1080, 960, 540, 2), allocation: elsewhere },
      ],
    };
    const report = judged(copy);
    expect(report.planes.map((p) => p.match)).toEqual([false, false]);
    expect(report.wrap.reason).toBe("a copy: plane(s) 0, 1 lie outside the source's allocation: a copy, not a view");
    expect(report.context.oneContext).toBe(false);
    expect(report.context.strategy).toMatch(/; 2 context\(s\) in play \(0x1111, 0x7f60ac08c4e0\)$/);
  });

  it('a plane that ends past the allocation is outside it, one that ends at its last byte inside', () => {
    const last = 3342336 - (PITCH * 539 + 1920); // UV's last row ends at the allocation's last byte
    const at = (offset: number): RecordedObject => ({
      ...IMAGE,
      planes: [IMAGE.planes[0] as Plane, plane('UV', BASE + offset, 960, 540, 2)],
    });
    expect(judged(at(last)).wrap.reason).toMatch(/every plane lies inside/);
    expect(judged(at(last + 1)).wrap.reason).toMatch(/plane\(s\) 1 lie outside/);
    const before: RecordedObject = {
      ...IMAGE,
      planes: [plane('Y', BASE - 1, 1920, 1080, 1), IMAGE.planes[1] as Plane],
    };
    expect(judged(before).wrap.reason).toMatch(/plane\(s\) 0 lie outside/);
  });

  it('a wrap with a wider row stride matches the pointers and gives its own stride', () => {
    const wider: RecordedObject = {
      ...IMAGE,
      planes: [plane('Y', BASE, 1920, 1080, 1, PITCH + 64), IMAGE.planes[1] as Plane],
    };
    const report = judged(wider);
    expect(report.planes.map((p) => [p.nvcvRowStride, p.match])).toEqual([
      [PITCH + 64, true],
      [PITCH, true],
    ]);
  });

  it('without a wrapped object nothing is compared, and the tensor is judged from the source', () => {
    const report = judged(null);
    expect(report.planes.map((p) => [p.nvcvPointer, p.nvcvRowStride, p.match])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    expect(report.wrap.reason).toBe('no wrapped object was handed to the recorder');
    expect(report.wrap.tensor).toMatchObject({ valid: false, shape: [1, 1620, 1920, 1], actualChromaRow: 1088 });
  });

  it('a wrapped object of another plane count addresses no plane', () => {
    const three: RecordedObject = { ...IMAGE, planes: [...IMAGE.planes, plane('A', BASE, 1, 1, 1)] };
    expect(judged(three).planes.map((p) => p.match)).toEqual([null, null]);
  });

  it('the tensor verdict says why one tensor cannot hold the frame', () => {
    const withSource = (planes: Plane[], wrapped: RecordedObject | null = null): FrameReport['wrap']['tensor'] =>
      judgedReport(stored(), { ...facts(wrapped), source: { ...SOURCE, planes } }).wrap.tensor;
    const [y, uv] = SOURCE.planes as [Plane, Plane];
    expect(withSource([y])).toEqual({
      attempted: false,
      valid: true,
      reason: 'the frame has one plane: it is one tensor as it is',
      shape: null,
      layout: null,
      assumedChromaRow: null,
      actualChromaRow: null,
    });
    expect(withSource([y, { ...uv, pitch: 4096 }]).reason).toBe('the planes have different pitches (2048, 4096)');
    expect(withSource([y, { ...uv, pointer: hex(UV + 1) }])).toMatchObject({
      valid: false,
      reason: `plane 1 does not start a whole number of rows after plane 0 (${PITCH * 1088 + 1} bytes at pitch 2048)`,
      actualChromaRow: null,
    });
    expect(withSource([y, { ...uv, pointer: hex(BASE - PITCH) }]).actualChromaRow).toBeNull();
    expect(withSource([y, uv], { ...tensor(1632), planes: [plane('Y', BASE + PITCH, 1920, 1632, 1)] }).reason).toBe(
      "the tensor does not start at plane 0's first byte",
    );
    expect(withSource([y, uv], { ...tensor(1632), planes: [plane('Y', BASE, 1920, 1632, 1, 4096)] }).reason).toBe(
      "the tensor's row stride 4096 is not the pitch 2048",
    );
    // Chroma right after the displayed rows: valid, nothing to crop.
    const tight = { ...uv, pointer: hex(BASE + PITCH * 1080) };
    expect(withSource([y, tight])).toMatchObject({
      valid: true,
      reason: 'chroma starts at row 1080: one [1,1620,1920,1] tensor holds both planes',
    });
  });

  it('contexts: the null context is none, and a frame with none in play has no one-context verdict', () => {
    const none = { ...ALLOCATION, context: '0x0' };
    const noContext: RecordedObject = { ...SOURCE, planes: SOURCE.planes.map((p) => ({ ...p, allocation: none })) };
    const report = judgedReport(
      { ...stored(), context: { ...stored().context, runtimeContext: null } },
      { ...facts(null), source: noContext },
    );
    expect(report.context.oneContext).toBeNull();
    expect(report.context.strategy).toMatch(/; 0 context\(s\) in play \(none\)$/);
    const unnamed = judgedReport(stored(), {
      ...facts(null),
      stream: { handle: null, method: null, state: 'not-named' },
    });
    expect(unnamed.context.strategy).toMatch(
      /^recorded in your process: no stream named, so completion at hand-over was not checked; 1 context/,
    );
  });

  it('rounds halves to the even whole number, as the recorder’s layout does', () => {
    expect([
      roundHalfEven(5, 2),
      roundHalfEven(7, 2),
      roundHalfEven(1, 3),
      roundHalfEven(2, 3),
      roundHalfEven(9, 3),
    ]).toEqual([2, 4, 0, 1, 3]);
  });
});

describe('a recorder capture, read', () => {
  /** A recorder capture of one frame over these facts, its report stating what `report` says. */
  function recorderCapture(report: FrameReport, frameFacts: RecorderFacts): Buffer {
    const contents = recorderContents([0], (frame) => ({
      ...frame,
      report: { ...report, frameIndex: 0 },
      recorded: { ...frameFacts },
    }));
    return Buffer.from(encodeCapture(contents));
  }

  /** The same capture with the report's judgements left out, as a recorder writes it now. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const withoutJudgements = (bytes: Buffer, also: (manifest: any) => void = () => undefined): Buffer =>
    editManifest(bytes, (manifest) => {
      const report = manifest.frames[0].report;
      for (const p of report.planes) for (const key of ['nvcvPointer', 'nvcvRowStride', 'match']) delete p[key];
      for (const key of ['reason', 'tensor']) delete report.wrap[key];
      for (const key of ['oneContext', 'strategy']) delete report.context[key];
      also(manifest);
    });

  it('derives the judgements a recorder leaves out, with the words the live path shows', async () => {
    const bytes = withoutJudgements(recorderCapture(stored(), facts(tensor(1620))));
    const read = (await readCapture(bytes, 'naive.zci')).manifest.frames[0]?.report;
    expect(read).toEqual({ ...judged(tensor(1620)), frameIndex: 0 });
    expect(read?.planes.map((p) => p.match)).toEqual([true, false]);
  });

  it('believes no stated judgement that its facts contradict: the derived one wins', async () => {
    // An older recorder's capture, its report saying the frame is the right wrap; its facts are the 1.5xH view.
    const claimed = stored();
    const lying: FrameReport = {
      ...claimed,
      planes: claimed.planes.map((p) => ({ ...p, nvcvPointer: p.ffmpegPointer, nvcvRowStride: p.pitch, match: true })),
      wrap: { ...claimed.wrap, reason: 'every plane lies inside', tensor: { ...claimed.wrap.tensor, valid: true } },
      context: { ...claimed.context, oneContext: false, strategy: 'believe me' },
    };
    const read = (await readCapture(recorderCapture(lying, facts(tensor(1620))), 'old.zci')).manifest.frames[0]?.report;
    expect(read?.planes.map((p) => p.match)).toEqual([true, false]);
    expect(read?.wrap.tensor.valid).toBe(false);
    expect(read?.wrap.reason).toBe(
      "torch.Tensor (1, 1620, 1920, 1) |u1: every plane lies inside the source's allocation",
    );
    expect(read?.context.oneContext).toBe(true);
    expect(read?.context.strategy).not.toBe('believe me');
  });

  it('refuses a report without its judgements and without the facts to derive them', async () => {
    const bytes = recorderCapture(stored(), facts(tensor(1620)));
    const code = async (b: Buffer): Promise<string> =>
      readCapture(b, 'x.zci').then(
        () => 'no error',
        (error: unknown) => (error as RpcFailure).code,
      );
    expect(await code(withoutJudgements(bytes, (m) => delete m.frames[0].recorded.source))).toBe('CAPTURE_INVALID');
    expect(await code(withoutJudgements(bytes, (m) => delete m.recordedBy))).toBe('CAPTURE_INVALID');
    await expect(
      readCapture(
        withoutJudgements(bytes, (m) => delete m.recordedBy),
        'x.zci',
      ),
    ).rejects.toThrow(
      /the report leaves out its judgements, and the frame holds no recorder's facts to derive them from/,
    );
  });

  it('reads a capture the inspector made as it was stored', async () => {
    const contents = sampleCapture([0]);
    const read = await readCapture(Buffer.from(encodeCapture(contents)), 'inspector.zci');
    expect(read.manifest.frames[0]?.report).toEqual(contents.manifest.frames[0]?.report);
  });
});
