/**
 * Hostile captures, made here and written into a folder by writeHostileCaptures(): each is a few KB to a few
 * hundred KB on disk and would take gigabytes or minutes from a reader without budgets. Archives that lie about
 * their sizes are assembled by rawZip(), since no zip library writes a size it did not measure.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { constants, crc32, createDeflate, createDeflateRaw, deflateRawSync } from 'node:zlib';
import type { Transform } from 'node:stream';
import { encodeCapture } from '../../electron/capture/capture-write';
import { encodePng } from '../../electron/capture/png';
import { sampleCapture } from './captures';
import { captureWithMemoryBytes } from './memory-captures';
import { zipEntries } from './zip-edit';

/** One entry of a raw zip: data as stored (already deflated for method 8), and what the headers declare. */
export interface RawEntry {
  name: string;
  data: Uint8Array;
  method: 0 | 8;
  /** Declared inflated size; by default the data's length (stored entries). */
  size?: number;
  /** Declared CRC-32; by default the CRC of the data. */
  crc?: number;
}

/** Builds a zip archive byte by byte, declaring whatever the entries say (sizes and CRCs included). */
export function rawZip(entries: readonly RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const size = entry.size ?? entry.data.length;
    const crc = entry.crc ?? crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(entry.data));
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Streams `bytes` zero bytes through a (raw or zlib) deflater, a MiB at a time: no buffer of that size is made. */
async function deflateZeros(bytes: number, raw: boolean): Promise<Buffer> {
  const deflater: Transform = raw
    ? createDeflateRaw({ level: constants.Z_BEST_COMPRESSION })
    : createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  const mib = Buffer.alloc(1024 * 1024);
  for (let left = bytes; left > 0; left -= mib.length) {
    if (!deflater.write(left >= mib.length ? mib : mib.subarray(0, left)))
      await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  return Buffer.concat(out);
}

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body, crc32(head.subarray(4, 8))) >>> 0, 0);
  return Buffer.concat([head, Buffer.from(body), crc]);
}

/** A PNG whose IHDR says width×height (grey or RGB) and whose IDAT is the given zlib stream. */
export function pngWith(width: number, height: number, channels: 1 | 3, idat: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = channels === 1 ? 0 : 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** The entries of the sample capture, as stored. */
function sampleEntries(frames: number[] = [0, 3, 7]): Map<string, Uint8Array> {
  return zipEntries(encodeCapture(sampleCapture(frames)));
}

/** The entries again, every one stored except capture.json (deflated); extra entries appended as given. */
function assemble(entries: ReadonlyMap<string, Uint8Array>, extra: RawEntry[] = []): Buffer {
  return rawZip([
    ...[...entries].map(([name, data]): RawEntry =>
      name === 'capture.json'
        ? { name, data: deflateRawSync(data, { level: 9 }), method: 8, size: data.length, crc: crc32(data) }
        : { name, data, method: 0 },
    ),
    ...extra,
  ]);
}

// Loose JSON on purpose: these manifests say what no writer would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

function withManifest(entries: Map<string, Uint8Array>, edit: (manifest: Loose) => void): Map<string, Uint8Array> {
  const manifest: Loose = JSON.parse(Buffer.from(entries.get('capture.json') ?? []).toString('utf8'));
  edit(manifest);
  entries.set('capture.json', Buffer.from(JSON.stringify(manifest)));
  return entries;
}

/** A value nested `depth` levels deep, as JSON text (built as text: JSON.stringify would overflow the stack). */
function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** What each hostile capture is, and what opening it must do. */
export interface HostileCapture {
  name: string;
  what: string;
  /** 'refused': CAPTURE_INVALID at open, the message matching `message`; 'opens': it opens (and stays bounded). */
  outcome: 'refused' | 'opens';
  message?: RegExp;
  bytes: Buffer;
}

/** Builds every hostile capture (a few seconds; the zeros are deflated as streams). */
export async function hostileCaptures(): Promise<HostileCapture[]> {
  const list: HostileCapture[] = [];

  // Operator params nested 200,000 levels deep: JSON.parse takes it, JSON.stringify of it throws.
  const nested = sampleEntries();
  const manifestText = Buffer.from(nested.get('capture.json') ?? []).toString('utf8');
  nested.set(
    'capture.json',
    Buffer.from(manifestText.replace('"params": {\n', `"params": {\n"deep": ${nestedJson(200_000)},\n`)),
  );
  list.push({
    name: 'nested-params',
    what: 'operator params nested 200,000 levels deep',
    outcome: 'refused',
    message: /nested deeper than \d+ levels/,
    bytes: assemble(nested),
  });

  // A thumbnail whose PNG header declares 16384×16384 (the manifest says 64×36), its IDAT 256 MiB of zeros.
  const bomb = sampleEntries();
  bomb.set('frames/000000/plane-0.png', pngWith(16_384, 16_384, 1, await deflateZeros(16_385 * 16_384, false)));
  list.push({
    name: 'png-bomb',
    what: 'a PNG whose IHDR declares 16384×16384 with 256 MiB of zeros behind it',
    outcome: 'refused',
    message: /more than a PNG of its size can need|declares 16384×16384/,
    bytes: assemble(bomb),
  });

  // The same header, its PNG small enough to pass the size check: the header alone refuses it.
  const header = sampleEntries();
  header.set('frames/000000/plane-0.png', pngWith(16_384, 16_384, 1, await deflateZeros(4096, false)));
  list.push({
    name: 'png-header-bomb',
    what: 'a small PNG whose IHDR declares 16384×16384',
    outcome: 'refused',
    message: /declares 16384×16384 grey, not 64×36 grey/,
    bytes: assemble(header),
  });

  // An IDAT stream that inflates to 60 MiB behind an honest 64×36 header: it opens (nothing is decoded), and
  // the thumbnail is refused when it is first asked for, after 64×36 + 36 bytes.
  const idat = sampleEntries();
  idat.set('frames/000000/plane-0.png', pngWith(64, 36, 1, await deflateZeros(60 * 1024 * 1024, false)));
  list.push({
    name: 'idat-bomb',
    what: 'a 64×36 PNG whose IDAT inflates to 60 MiB',
    outcome: 'opens',
    bytes: assemble(idat),
  });

  // Entries of zeros that declare their sizes: 3 × 512 MiB.
  const gib = 512 * 1024 * 1024;
  const zeros = await deflateZeros(gib, true);
  list.push({
    name: 'zip-bomb-declared',
    what: 'three entries of 512 MiB of zeros, sizes declared',
    outcome: 'refused',
    message: /entry-size budget/,
    bytes: assemble(
      sampleEntries(),
      [0, 1, 2].map((i) => ({ name: `pad-${i}.bin`, data: zeros, method: 8, size: gib, crc: 0 })),
    ),
  });

  // The same zeros declared as 1 MiB each (more than their compressed size, so the directory looks sound; their
  // CRC forged for the first MiB): inflating stops at the first byte past 1 MiB.
  const mib = 1024 * 1024;
  const forged = crc32(Buffer.alloc(mib));
  list.push({
    name: 'zip-bomb-undeclared',
    what: 'entries of 512 MiB of zeros that declare 1 MiB (CRC of the first MiB)',
    outcome: 'refused',
    message: /inflates to more than the 1048576 bytes it declares/,
    bytes: assemble(
      sampleEntries(),
      [0, 1, 2].map((i) => ({ name: `pad-${i}.bin`, data: zeros, method: 8, size: mib, crc: forged })),
    ),
  });

  // capture.json itself declares 1 MiB and inflates to 512 MiB.
  const lying = sampleEntries();
  lying.delete('capture.json');
  list.push({
    name: 'manifest-bomb',
    what: 'a capture.json that declares 1 MiB and inflates to 512 MiB',
    outcome: 'refused',
    message: /capture.json inflates to more than the 1048576 bytes it declares/,
    bytes: rawZip([
      { name: 'capture.json', data: zeros, method: 8, size: mib, crc: forged },
      ...[...lying].map(([name, data]): RawEntry => ({ name, data, method: 0 })),
    ]),
  });

  // 600 frames × 8 thumbnails, all naming one 4096×4096 PNG (16 MiB of pixels, decoded once).
  const many = sampleEntries([0]);
  const big = encodePng({ width: 4096, height: 4096, channels: 1, data: new Uint8Array(4096 * 4096) });
  many.set('big.png', big);
  withManifest(many, (manifest) => {
    const [first] = manifest.frames;
    manifest.frames = Array.from({ length: 600 }, (_, index) => ({
      ...first,
      index,
      report: { ...first.report, frameIndex: index },
      thumbnails: Array.from({ length: 8 }, (__, plane) => ({
        plane,
        name: ['Y', 'U', 'V', 'A'][plane % 4] ?? 'Y',
        width: 4096,
        height: 4096,
        png: 'big.png',
      })),
      operators: undefined,
    }));
  });
  many.delete('frames/000000/plane-0.png');
  many.delete('frames/000000/plane-1.png');
  list.push({
    name: 'many-references',
    what: '600 frames × 8 thumbnails naming one 4096×4096 PNG',
    outcome: 'opens',
    bytes: assemble(many),
  });

  // 17 distinct 4096×4096 thumbnails: 272 MiB of pixels, past the decoded-size budget.
  const distinct = sampleEntries([0]);
  for (let i = 0; i < 17; i += 1) distinct.set(`big-${i}.png`, big);
  withManifest(distinct, (manifest) => {
    manifest.frames[0].thumbnails = Array.from({ length: 8 }, (_, plane) => ({
      plane,
      name: ['Y', 'U', 'V', 'A'][plane % 4] ?? 'Y',
      width: 4096,
      height: 4096,
      png: `big-${plane}.png`,
    }));
    const second = { ...manifest.frames[0], index: 1, report: { ...manifest.frames[0].report, frameIndex: 1 } };
    second.thumbnails = Array.from({ length: 8 }, (_, plane) => ({
      plane,
      name: ['Y', 'U', 'V', 'A'][plane % 4] ?? 'Y',
      width: 4096,
      height: 4096,
      png: `big-${plane + 8}.png`,
    }));
    const third = { ...manifest.frames[0], index: 2, report: { ...manifest.frames[0].report, frameIndex: 2 } };
    third.thumbnails = [{ plane: 0, name: 'Y', width: 4096, height: 4096, png: 'big-16.png' }];
    manifest.frames = [manifest.frames[0], second, third];
  });
  list.push({
    name: 'many-large-entries',
    what: '17 distinct 4096×4096 thumbnails (272 MiB of pixels)',
    outcome: 'refused',
    message: /over the 256 MiB decoded-size budget/,
    bytes: assemble(distinct),
  });

  // One memory sample whose read says 1024 rows of 64 KiB: 64 MiB of zeros, deflated to a few dozen KB. A sample is
  // one read, so it may hold no more than one read copies.
  const sampleMiB = 64;
  const huge = zipEntries(captureWithMemoryBytes());
  let hugeBin = '';
  withManifest(huge, (manifest) => {
    const sample = manifest.frames[0].memory[0];
    hugeBin = sample.bin;
    Object.assign(sample.read, { rows: 1024, bytesPerRow: 64 * 1024, bytesRead: sampleMiB * mib });
    sample.read.regions = [{ start: 0, length: sampleMiB * mib, region: 'visible', plane: 0 }];
  });
  huge.delete(hugeBin);
  let zeroCrc = 0;
  for (let i = 0; i < sampleMiB; i += 1) zeroCrc = crc32(Buffer.alloc(mib), zeroCrc);
  const hugeData = await deflateZeros(sampleMiB * mib, true);
  list.push({
    name: 'memory-sample-64mib',
    what: 'one memory sample of 64 MiB of zeros (1024 rows of 64 KiB)',
    outcome: 'refused',
    message: /holds 67108864 bytes .* over the 1 MiB one sample may hold/,
    bytes: assemble(huge, [{ name: hugeBin, data: hugeData, method: 8, size: sampleMiB * mib, crc: zeroCrc }]),
  });

  // 200,000 one-byte region spans over the first 98 rows of luma: a 20,000-row read of them once walked every span
  // for every row (30 s on the backend's only thread).
  const spans = zipEntries(captureWithMemoryBytes());
  withManifest(spans, (manifest) => {
    const sample = manifest.frames[0].memory[0];
    const bytes = 98 * 2048;
    Object.assign(sample.read, { rows: 98, bytesRead: bytes });
    sample.read.regions = Array.from({ length: 200_000 }, (_, i) => ({
      start: i,
      length: i === 199_999 ? bytes - i : 1,
      region: i % 2 === 0 ? 'visible' : 'right-padding',
      plane: 0,
    }));
    spans.set(sample.bin, new Uint8Array(bytes));
  });
  list.push({
    name: 'memory-spans-200k',
    what: 'a memory sample of 98 rows split into 200,000 region spans',
    outcome: 'refused',
    message: /a memory sample holds at most 4096 region spans/,
    bytes: assemble(spans),
  });

  return list;
}

/** Writes every hostile capture into a folder; resolves to them with their paths. */
export async function writeHostileCaptures(dir: string): Promise<(HostileCapture & { file: string })[]> {
  const list = await hostileCaptures();
  return Promise.all(
    list.map(async (capture) => {
      const file = path.join(dir, `${capture.name}.zci`);
      await writeFile(file, capture.bytes);
      return { ...capture, file };
    }),
  );
}
