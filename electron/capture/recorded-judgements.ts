/**
 * The judgements of a recorder's frame, derived from the facts it recorded (contract/capture-recorded.ts) when a
 * capture is read: where the wrapped object puts each plane and whether that is the source's pointer, whether the
 * wrapped planes lie inside the source's allocation, whether one tensor could hold the frame, and how many CUDA
 * contexts are in play. This is their one home: a recorder states none of them, and a value an older recorder wrote
 * is replaced by the one derived here, so a capture whose recorded judgement contradicts its facts is not believed.
 */
import type { CaptureManifest, StoredCaptureManifest, StoredCapturedFrame } from '../../contract/capture';
import { recorderFactsSchema, type RecordedObject, type RecorderFacts } from '../../contract/capture-recorded';
import type { FrameReport } from '../../contract/report';

type Tensor = FrameReport['wrap']['tensor'];

/** A plane of a recorded object, its addresses as numbers that hold 64 bits. */
interface Plane {
  pointer: bigint;
  pitch: number;
  width: number;
  height: number;
  bytesPerSample: number;
  allocation: { start: bigint; size: number; context: bigint | null } | null;
}

/** Where the wrapped object puts a source plane: its first byte and its row stride. */
interface Implied {
  pointer: bigint;
  pitch: number;
}

const planesOf = (object: RecordedObject): Plane[] =>
  object.planes.map((p) => ({
    pointer: BigInt(p.pointer),
    pitch: p.pitch,
    width: p.width,
    height: p.height,
    bytesPerSample: p.bytesPerSample,
    allocation:
      p.allocation === null
        ? null
        : {
            start: BigInt(p.allocation.start),
            size: p.allocation.size,
            context: p.allocation.context === null ? null : BigInt(p.allocation.context),
          },
  }));

/** An address as reports write it: 0x and lower-case hex. */
const hex = (value: bigint): string => `0x${value.toString(16)}`;

/** A ratio rounded to the nearest whole number, halves to the even one. */
export function roundHalfEven(numerator: number, denominator: number): number {
  const floor = Math.floor(numerator / denominator);
  const twice = 2 * (numerator - floor * denominator);
  if (twice < denominator) return floor;
  if (twice > denominator) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * Per source plane, where the wrapped object puts it (null where it has no such plane): plane by plane for an image
 * or a list of planes; for one tensor over several planes, each plane's rows scaled by the tensor's height against
 * the planes' (a [1, 1.5H, W, 1] view puts chroma at row H; a [1, 1632, 1920, 1] one at row 1088).
 */
function impliedPlanes(source: Plane[], wrapped: Plane[] | null): (Implied | null)[] {
  if (wrapped === null) return source.map(() => null);
  if (wrapped.length === source.length) return wrapped.map((w) => ({ pointer: w.pointer, pitch: w.pitch }));
  const [tensor] = wrapped;
  if (wrapped.length !== 1 || tensor === undefined) return source.map(() => null);
  const total = source.reduce((sum, s) => sum + s.height, 0);
  let row = 0;
  return source.map((s) => {
    const start = roundHalfEven(row * tensor.height, total);
    row += s.height;
    return start + s.height <= tensor.height
      ? { pointer: tensor.pointer + BigInt(start) * BigInt(tensor.pitch), pitch: tensor.pitch }
      : null;
  });
}

/** The wrap's reason: no wrapped object, or whether every wrapped plane lies inside the source's allocation. */
function placementWords(source: Plane[], wrapped: Plane[] | null, described: string): string {
  if (wrapped === null) return 'no wrapped object was handed to the recorder';
  const alloc = source[0]?.allocation ?? null;
  const outside = wrapped.flatMap((w, i) => {
    if (alloc === null) return [];
    const end = w.pointer + BigInt(w.pitch * (w.height - 1) + w.width * w.bytesPerSample);
    return alloc.start <= w.pointer && end <= alloc.start + BigInt(alloc.size) ? [] : [i];
  });
  return outside.length === 0
    ? `${described}: every plane lies inside the source's allocation`
    : `${described}: plane(s) ${outside.join(', ')} lie outside the source's allocation: a copy, not a view`;
}

/** Whether the frame can be one tensor (the report's wrap.tensor), from the wrapped object or the source. */
function tensorVerdict(source: Plane[], wrapped: Plane[] | null): Tensor {
  const [y, uv] = source;
  if (y === undefined || uv === undefined)
    return {
      attempted: false,
      valid: true,
      reason: 'the frame has one plane: it is one tensor as it is',
      shape: null,
      layout: null,
      assumedChromaRow: null,
      actualChromaRow: null,
    };
  const gap = uv.pointer - y.pointer;
  const pitch = BigInt(y.pitch);
  const actual = y.pitch > 0 && gap > 0n && gap % pitch === 0n ? Number(gap / pitch) : null;
  const tensor = wrapped !== null && wrapped.length === 1 ? (wrapped[0] ?? null) : null;
  const rows = tensor !== null ? tensor.height : y.height + uv.height;
  const assumed = roundHalfEven(y.height * rows, y.height + uv.height);
  const base = { attempted: true, shape: [1, rows, y.width, 1], layout: 'NHWC', assumedChromaRow: assumed };
  const invalid = (reason: string): Tensor => ({ ...base, actualChromaRow: actual, valid: false, reason });
  if (uv.pitch !== y.pitch) return invalid(`the planes have different pitches (${y.pitch}, ${uv.pitch})`);
  if (actual === null)
    return invalid(`plane 1 does not start a whole number of rows after plane 0 (${gap} bytes at pitch ${y.pitch})`);
  if (tensor !== null && tensor.pointer !== y.pointer)
    return invalid("the tensor does not start at plane 0's first byte");
  if (tensor !== null && tensor.pitch !== y.pitch)
    return invalid(`the tensor's row stride ${tensor.pitch} is not the pitch ${y.pitch}`);
  const codedRows = roundHalfEven(actual * (y.height + uv.height), y.height);
  if (assumed !== actual)
    return invalid(
      `chroma starts at row ${actual}, not at row ${assumed}: a [1,${rows},${y.width},1] tensor would read ` +
        `${actual - assumed} padding rows as chroma; a [1,${codedRows},${y.width},1] tensor over the ` +
        `coded rows is valid if its output is cropped to ${y.height} rows`,
    );
  return {
    ...base,
    actualChromaRow: actual,
    valid: true,
    reason:
      `chroma starts at row ${actual}: one [1,${rows},${y.width},1] tensor holds both planes` +
      (assumed === y.height ? '' : `; crop its output to the ${y.height} displayed rows`),
  };
}

/** Every distinct context in play, ascending: the allocations' and the thread's current one (0 left out). */
function contextsInPlay(source: Plane[], wrapped: Plane[] | null, current: bigint | null): bigint[] {
  const found = [...source, ...(wrapped ?? [])].flatMap((p) => {
    const context = p.allocation?.context ?? null;
    return context === null ? [] : [context];
  });
  const all = new Set([...found, ...(current === null ? [] : [current])].filter((c) => c !== 0n));
  return [...all].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The named stream's state at hand-over, in words. */
function streamWords(stream: RecorderFacts['stream']): string {
  if (stream.state === 'not-named') return 'no stream named, so completion at hand-over was not checked';
  const handle = stream.handle === null ? 'none' : hex(BigInt(stream.handle));
  if (stream.state === 'pending')
    return `stream ${handle} still had decode work PENDING at hand-over (${stream.method ?? 'none'}): wait on it first`;
  return `stream ${handle} had finished its work at hand-over (${stream.method ?? 'none'})`;
}

/** A recorder frame's report with its judgements derived from its facts (any stated ones replaced). */
export function judgedReport(report: StoredCapturedFrame['report'], facts: RecorderFacts): FrameReport {
  const source = planesOf(facts.source);
  const wrapped = facts.wrapped === null ? null : planesOf(facts.wrapped);
  const implied = impliedPlanes(source, wrapped);
  const runtime = report.context.runtimeContext;
  const contexts = contextsInPlay(source, wrapped, runtime === null ? null : BigInt(runtime));
  return {
    ...report,
    planes: report.planes.map((plane, i) => {
      const at = implied[i] ?? null;
      const own = source[i];
      return {
        ...plane,
        nvcvPointer: at === null ? null : hex(at.pointer),
        nvcvRowStride: at === null ? null : at.pitch,
        match: at === null || own === undefined ? null : at.pointer === own.pointer,
      };
    }),
    wrap: {
      ...report.wrap,
      reason: placementWords(source, wrapped, facts.wrapped?.described ?? ''),
      tensor: tensorVerdict(source, wrapped),
    },
    context: {
      ...report.context,
      oneContext: contexts.length === 0 ? null : contexts.length === 1,
      strategy:
        `recorded in your process: ${streamWords(facts.stream)}; ${contexts.length} context(s) in play ` +
        `(${contexts.map(hex).join(', ') || 'none'})`,
    },
  };
}

/**
 * The manifest as read: a recorder's frames (the capture says who recorded it) judged from their facts; every other
 * frame as stored. The schema has refused a frame that leaves its judgements out without the facts to derive them.
 */
export function judgeRecordedFrames(manifest: StoredCaptureManifest): CaptureManifest {
  const recorder = manifest.recordedBy !== undefined;
  return {
    ...manifest,
    frames: manifest.frames.map((frame) => {
      const facts = recorder ? recorderFactsSchema.safeParse(frame.recorded) : null;
      if (facts?.success === true) return { ...frame, report: judgedReport(frame.report, facts.data) };
      return { ...frame, report: wholeReport(frame.report) };
    }),
  };
}

/** A stored report that states every judgement (the schema refused one that does not and has no facts). */
function wholeReport(report: StoredCapturedFrame['report']): FrameReport {
  const { planes, wrap, context } = report;
  const { tensor, reason } = wrap;
  const { oneContext, strategy } = context;
  if (tensor === undefined || reason === undefined || oneContext === undefined || strategy === undefined)
    throw new Error('a report without its judgements was read without the facts to derive them');
  return {
    ...report,
    planes: planes.map(({ nvcvPointer, nvcvRowStride, match, ...plane }) => {
      if (nvcvPointer === undefined || nvcvRowStride === undefined || match === undefined)
        throw new Error('a plane without its judgements was read without the facts to derive them');
      return { ...plane, nvcvPointer, nvcvRowStride, match };
    }),
    wrap: { ...wrap, tensor, reason },
    context: { ...context, oneContext, strategy },
  };
}
