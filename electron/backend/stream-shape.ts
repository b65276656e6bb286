/**
 * What a video file's first video stream is, read from its container's header before the addon opens it: codec,
 * coded size, chroma format, bit depth and, where the stream's parameter set says so, the DPB. It reads MP4/MOV,
 * Matroska/WebM, raw H.264/HEVC streams and MPEG transport streams, a bounded number of bytes, regular files only (a FIFO or a device is
 * never opened here). Anything else, or anything it cannot read, is null: such a file is charged after its open.
 */
import { open, stat, type FileHandle } from 'node:fs/promises';
import { parseH264Sps, parseHevcSps, type SequenceShape } from './parameter-sets';

/** The stream as the cost model needs it. */
export interface StreamShape {
  /** FFmpeg's codec name ("h264", "hevc", "av1", "vp9", "vp8", "mpeg2video", "mpeg4"). */
  codec: string;
  codedWidth: number;
  codedHeight: number;
  /** 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4; null when the header does not say (charged as 4:4:4). */
  chromaFormat: 0 | 1 | 2 | 3 | null;
  /** Null when the header does not say (charged as 16 bits). */
  bitDepth: number | null;
  /** From the stream's parameter set; null when the codec's maximum applies. */
  dpbFrames: number | null;
}

/** The most bytes of a header read (a moov or Matroska Tracks larger than this is not probed). */
const MAX_HEADER_BYTES = 16 * 1_048_576;
/** The bytes of a raw stream searched for its parameter set. */
const RAW_SCAN_BYTES = 1_048_576;
/** The bytes of a Matroska file read for its Tracks (they come before the first cluster). */
const MATROSKA_HEAD_BYTES = 4 * 1_048_576;

async function readAt(fh: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const buf = new Uint8Array(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

function u16(b: Uint8Array, at: number): number {
  return ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
}

function u32(b: Uint8Array, at: number): number {
  return u16(b, at) * 65536 + u16(b, at + 2);
}

function ascii(b: Uint8Array, at: number, n: number): string {
  return String.fromCharCode(...b.subarray(at, at + n));
}

/** The shape a sequence parameter set gives, under the codec's name. */
function fromSequence(codec: string, seq: SequenceShape | null): StreamShape | null {
  return seq === null ? null : { codec, ...seq };
}

/** avcC (ISO/IEC 14496-15): the first SPS. */
function fromAvcC(b: Uint8Array): StreamShape | null {
  if ((b[5] ?? 0) % 32 < 1) return null;
  const length = u16(b, 6);
  return fromSequence('h264', parseH264Sps(b.subarray(8, 8 + length)));
}

/** hvcC: the first SPS of its NAL unit arrays. */
function fromHvcC(b: Uint8Array): StreamShape | null {
  let at = 23;
  for (let array = 0; array < (b[22] ?? 0) && at < b.length; array += 1) {
    const type = (b[at] ?? 0) % 64;
    const count = u16(b, at + 1);
    at += 3;
    for (let n = 0; n < count; n += 1) {
      const length = u16(b, at);
      if (type === 33) return fromSequence('hevc', parseHevcSps(b.subarray(at + 2, at + 2 + length)));
      at += 2 + length;
    }
  }
  return null;
}

/** av1C: chroma and depth from its fixed bits; the DPB is the codec's. */
function fromAv1C(b: Uint8Array, width: number, height: number): StreamShape {
  const flags = b[2] ?? 0;
  const depth = (flags & 0x40) !== 0 ? ((flags & 0x20) !== 0 ? 12 : 10) : 8;
  const mono = (flags & 0x10) !== 0;
  const sx = (flags >> 3) & 1;
  const sy = (flags >> 2) & 1;
  const chroma = mono ? 0 : sx === 1 && sy === 1 ? 1 : sx === 1 ? 2 : 3;
  return {
    codec: 'av1',
    codedWidth: width,
    codedHeight: height,
    chromaFormat: chroma,
    bitDepth: depth,
    dpbFrames: null,
  };
}

/** vpcC (a full box): depth and chroma subsampling. */
function fromVpcC(b: Uint8Array, width: number, height: number): StreamShape {
  const packed = b[6] ?? 0;
  const sub = (packed >> 1) & 7;
  return {
    codec: 'vp9',
    codedWidth: width,
    codedHeight: height,
    chromaFormat: sub <= 1 ? 1 : sub === 2 ? 2 : 3,
    bitDepth: packed >> 4,
    dpbFrames: null,
  };
}

/** The child boxes of a box body: [type, body]. */
function* boxes(b: Uint8Array, start = 0): Generator<[string, Uint8Array]> {
  let at = start;
  while (at + 8 <= b.length) {
    let size = u32(b, at);
    let header = 8;
    if (size === 1) {
      size = u32(b, at + 8) * 2 ** 32 + u32(b, at + 12);
      header = 16;
    } else if (size === 0) size = b.length - at;
    if (size < header || at + size > b.length) return;
    yield [ascii(b, at + 4, 4), b.subarray(at + header, at + size)];
    at += size;
  }
}

function child(b: Uint8Array, type: string, start = 0): Uint8Array | null {
  for (const [t, body] of boxes(b, start)) if (t === type) return body;
  return null;
}

/** A VisualSampleEntry (its body): the codec and its configuration box. */
function fromSampleEntry(type: string, entry: Uint8Array): StreamShape | null {
  const width = u16(entry, 24);
  const height = u16(entry, 26);
  const configs = 78; // the VisualSampleEntry's fixed fields
  if (type === 'avc1' || type === 'avc3') {
    const c = child(entry, 'avcC', configs);
    return c === null ? null : fromAvcC(c);
  }
  if (type === 'hvc1' || type === 'hev1') {
    const c = child(entry, 'hvcC', configs);
    return c === null ? null : fromHvcC(c);
  }
  if (type === 'av01') {
    const c = child(entry, 'av1C', configs);
    return c === null ? null : fromAv1C(c, width, height);
  }
  if (type === 'vp09') {
    const c = child(entry, 'vpcC', configs);
    return c === null ? null : fromVpcC(c, width, height);
  }
  const plain: Record<string, string> = { vp08: 'vp8', mp4v: 'mpeg4', mp2v: 'mpeg2video' };
  const codec = plain[type];
  return codec === undefined
    ? null
    : { codec, codedWidth: width, codedHeight: height, chromaFormat: 1, bitDepth: 8, dpbFrames: null };
}

/** The first video track of a moov box. */
function fromMoov(moov: Uint8Array): StreamShape | null {
  for (const [type, trak] of boxes(moov)) {
    if (type !== 'trak') continue;
    const mdia = child(trak, 'mdia');
    const hdlr = mdia === null ? null : child(mdia, 'hdlr');
    if (mdia === null || hdlr === null || ascii(hdlr, 8, 4) !== 'vide') continue;
    const stsd = child(child(child(mdia, 'minf') ?? new Uint8Array(), 'stbl') ?? new Uint8Array(), 'stsd');
    if (stsd === null) return null;
    for (const [entryType, entry] of boxes(stsd, 8)) return fromSampleEntry(entryType, entry);
  }
  return null;
}

async function probeMp4(fh: FileHandle, size: number): Promise<StreamShape | null> {
  let at = 0;
  while (at + 8 <= size) {
    const head = await readAt(fh, at, 16);
    let boxSize = u32(head, 0);
    if (boxSize === 1) boxSize = u32(head, 8) * 2 ** 32 + u32(head, 12);
    else if (boxSize === 0) boxSize = size - at;
    if (boxSize < 8) return null;
    if (ascii(head, 4, 4) === 'moov') {
      if (boxSize > MAX_HEADER_BYTES) return null;
      const moov = await readAt(fh, at, boxSize);
      return fromMoov(moov.subarray(u32(head, 0) === 1 ? 16 : 8));
    }
    at += boxSize;
  }
  return null;
}

/** An EBML element's ID and size at an offset: [id, idLength, size (null: unknown), sizeLength]. */
function ebmlHeader(b: Uint8Array, at: number): [number, number, number | null, number] | null {
  const first = b[at] ?? 0;
  const idLength = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
  if (idLength === 0 || at + idLength >= b.length) return null;
  let id = 0;
  for (let i = 0; i < idLength; i += 1) id = id * 256 + (b[at + i] ?? 0);
  const s = b[at + idLength] ?? 0;
  let sizeLength = 1;
  while (sizeLength <= 8 && (s & (0x80 >> (sizeLength - 1))) === 0) sizeLength += 1;
  if (sizeLength > 8) return null;
  let size = s & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i += 1) {
    const byte = b[at + idLength + i] ?? 0;
    allOnes &&= byte === 0xff;
    size = size * 256 + byte;
  }
  return [id, idLength, allOnes ? null : size, sizeLength];
}

/** The children of an EBML master element's body: [id, body]. */
function* elements(b: Uint8Array): Generator<[number, Uint8Array]> {
  let at = 0;
  while (at < b.length) {
    const h = ebmlHeader(b, at);
    if (h === null) return;
    const [id, idLength, size, sizeLength] = h;
    const start = at + idLength + sizeLength;
    const end = size === null ? b.length : start + size;
    yield [id, b.subarray(start, Math.min(end, b.length))];
    at = end;
  }
}

function uint(b: Uint8Array): number {
  let v = 0;
  for (const byte of b) v = v * 256 + byte;
  return v;
}

const MATROSKA_CODECS: Readonly<Record<string, string>> = {
  V_VP8: 'vp8',
  V_VP9: 'vp9',
  V_AV1: 'av1',
  V_MPEG1: 'mpeg1video',
  V_MPEG2: 'mpeg2video',
  'V_MPEG4/ISO/ASP': 'mpeg4',
  'V_MPEG4/ISO/SP': 'mpeg4',
  'V_MPEG4/ISO/AP': 'mpeg4',
};

/** A Matroska TrackEntry of type video. */
function fromTrackEntry(entry: Uint8Array): StreamShape | null {
  let codecId = '';
  let priv: Uint8Array | null = null;
  let width = 0;
  let height = 0;
  let depth: number | null = null;
  let chroma: StreamShape['chromaFormat'] = null;
  for (const [id, body] of elements(entry)) {
    if (id === 0x86) codecId = ascii(body, 0, body.length);
    else if (id === 0x63a2) priv = body;
    else if (id === 0xe0)
      for (const [vid, v] of elements(body)) {
        if (vid === 0xb0) width = uint(v);
        else if (vid === 0xba) height = uint(v);
        else if (vid === 0x55b0) for (const [cid, c] of elements(v)) if (cid === 0x55b2 && uint(c) > 0) depth = uint(c);
      }
  }
  if (codecId === 'V_MPEG4/ISO/AVC') return priv === null ? null : fromAvcC(priv);
  if (codecId === 'V_MPEGH/ISO/HEVC') return priv === null ? null : fromHvcC(priv);
  if (codecId === 'V_AV1' && priv !== null && priv.length >= 4) return fromAv1C(priv, width, height);
  const codec = MATROSKA_CODECS[codecId];
  if (codec === undefined || width < 1 || height < 1) return null;
  // MPEG-1/2/4 part 2 and VP8 are 8-bit 4:2:0 in what FFmpeg decodes; VP9 says its profile only in its frames.
  if (codec !== 'vp9' && codec !== 'av1') {
    chroma = 1;
    depth = 8;
  }
  return { codec, codedWidth: width, codedHeight: height, chromaFormat: chroma, bitDepth: depth, dpbFrames: null };
}

/**
 * A VP9 key frame's uncompressed header (the first frame of a block): its profile's bit depth and chroma
 * subsampling, or null for anything else.
 */
function vp9KeyFrame(frame: Uint8Array): Pick<StreamShape, 'chromaFormat' | 'bitDepth'> | null {
  let bit = 0;
  const u = (n: number): number => {
    let v = 0;
    for (let i = 0; i < n; i += 1, bit += 1) v = v * 2 + (((frame[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1);
    return v;
  };
  if (frame.length < 10 || u(2) !== 2) return null;
  const profile = u(1) + 2 * u(1);
  if (profile === 3) u(1);
  if (u(1) === 1 || u(1) !== 0) return null; // show_existing_frame, or not a key frame
  u(2);
  if (u(24) !== 0x498342) return null;
  const bitDepth = profile >= 2 ? (u(1) === 1 ? 12 : 10) : 8;
  const rgb = u(3) === 7;
  if (rgb) return { bitDepth, chromaFormat: 3 };
  u(1);
  if (profile === 0 || profile === 2) return { bitDepth, chromaFormat: 1 };
  const sx = u(1);
  const sy = u(1);
  return { bitDepth, chromaFormat: sx === 1 && sy === 1 ? 1 : sx === 1 ? 2 : 3 };
}

/** The first frame of a track's first block in a Cluster, without lacing. */
function firstFrame(cluster: Uint8Array, track: number): Uint8Array | null {
  for (const [id, body] of elements(cluster)) {
    const block =
      id === 0xa3 ? body : id === 0xa0 ? ([...elements(body)].find(([b]) => b === 0xa1)?.[1] ?? null) : null;
    if (block === null) continue;
    const h = (block[0] ?? 0) >= 0x80 ? 1 : 2;
    const number = h === 1 ? (block[0] ?? 0) & 0x7f : u16(block, 0) & 0x3fff;
    if (number !== track || ((block[h + 2] ?? 0) & 0x06) !== 0) continue;
    return block.subarray(h + 3);
  }
  return null;
}

async function probeMatroska(fh: FileHandle): Promise<StreamShape | null> {
  const b = await readAt(fh, 0, MATROSKA_HEAD_BYTES);
  for (const [id, segment] of elements(b)) {
    if (id !== 0x18538067) continue;
    let shape: StreamShape | null = null;
    let track = 0;
    for (const [sid, body] of elements(segment)) {
      if (sid === 0x1f43b675) {
        // VP9 says its depth and chroma in its key frames only: the track's first frame is read for them.
        const frame = shape?.codec === 'vp9' && shape.bitDepth === null ? firstFrame(body, track) : null;
        const vp9 = frame === null ? null : vp9KeyFrame(frame);
        return shape === null ? null : { ...shape, ...(vp9 ?? {}) };
      }
      if (sid !== 0x1654ae6b) continue;
      for (const [tid, entry] of elements(body)) {
        if (tid !== 0xae) continue;
        const fields = [...elements(entry)];
        const type = fields.find(([eid]) => eid === 0x83);
        if (type === undefined || uint(type[1]) !== 1) continue;
        track = uint(fields.find(([eid]) => eid === 0xd7)?.[1] ?? new Uint8Array());
        shape = fromTrackEntry(entry);
        if (shape === null || shape.bitDepth !== null) return shape;
        break;
      }
      if (shape === null) return null;
    }
    return shape;
  }
  return null;
}

/**
 * A raw Annex-B stream, or an MPEG transport stream (whose first PES carries one): the first SPS of the codec the
 * name says (H.264 unless .hevc, .h265 or .265).
 */
async function probeAnnexB(fh: FileHandle, file: string): Promise<StreamShape | null> {
  const hevc = /\.(hevc|h265|265)$/i.test(file);
  const b = await readAt(fh, 0, RAW_SCAN_BYTES);
  for (let at = 0; at + 3 < b.length; at += 1) {
    if (b[at] !== 0 || b[at + 1] !== 0 || b[at + 2] !== 1) continue;
    const start = at + 3;
    let end = start;
    while (end + 2 < b.length && !(b[end] === 0 && b[end + 1] === 0 && (b[end + 2] ?? 2) <= 1)) end += 1;
    const nal = b.subarray(start, end);
    const shape = hevc ? fromSequence('hevc', parseHevcSps(nal)) : fromSequence('h264', parseH264Sps(nal));
    if (shape !== null) return shape;
    at = end - 1;
  }
  return null;
}

/** The first video stream's shape, or null when this file's container is not read here. */
export async function probeStreamShape(file: string): Promise<StreamShape | null> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    const fh = await open(file, 'r');
    try {
      const head = await readAt(fh, 0, 12);
      if (ascii(head, 4, 4) === 'ftyp' || ascii(head, 4, 4) === 'moov') return await probeMp4(fh, info.size);
      if (u32(head, 0) === 0x1a45dfa3) return await probeMatroska(fh);
      const transport = head[0] === 0x47 && (await readAt(fh, 188, 1))[0] === 0x47;
      if (transport || u32(head, 0) === 1 || (u16(head, 0) === 0 && head[2] === 1)) return await probeAnnexB(fh, file);
      return null;
    } finally {
      await fh.close();
    }
  } catch {
    return null;
  }
}
