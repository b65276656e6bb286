/** The zip and PNG layers over fflate, yauzl and fast-png: round trips, damage, and the bounds they keep. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  checkPngHeader,
  decodePng,
  encodePng,
  maxPngBytes,
  PngFormatError,
  readPngHeader,
} from '../../electron/capture/png';
import { writeZip, ZipFormatError, ZipReader } from '../../electron/capture/zip';
import { gradient } from '../support/captures';
import { pngWith, rawZip } from '../support/hostile-captures';

const LIMITS = { entries: 100, entryBytes: 1e6, totalBytes: 1e7 };

async function readAll(bytes: Uint8Array, limits = LIMITS): Promise<Map<string, Uint8Array>> {
  const zip = await ZipReader.open(Buffer.from(bytes));
  try {
    const out = new Map<string, Uint8Array>();
    for (const entry of (await zip.directory(limits)).values()) out.set(entry.name, await zip.read(entry));
    return out;
  } finally {
    zip.close();
  }
}

describe('zip', () => {
  const entries = [
    { name: 'capture.json', data: Buffer.from('{"a":1}'.repeat(100)) },
    { name: 'frames/000001/plane-0.png', data: new Uint8Array([1, 2, 3]), store: true },
    { name: 'empty.txt', data: new Uint8Array(0) },
  ];

  it('reads back what it wrote, deflated and stored, in order', async () => {
    const zip = writeZip(entries, new Date('2026-11-30T12:00:00Z'));
    const read = await readAll(zip);
    expect([...read.keys()]).toEqual(entries.map((e) => e.name));
    for (const entry of entries) expect(read.get(entry.name)).toEqual(new Uint8Array(entry.data));
    // The JSON deflates (method 8); the PNG is stored (method 0).
    expect(Buffer.from(zip).readUInt16LE(8)).toBe(8);
  });

  it('rejects damage with a reason', async () => {
    const zip = Buffer.from(writeZip(entries, new Date()));
    await expect(readAll(zip.subarray(0, zip.length - 30))).rejects.toThrow(ZipFormatError);
    await expect(readAll(Buffer.from('not a zip at all, just some text that is long enough'))).rejects.toThrow(
      /end of central directory/i,
    );
    const stored = Buffer.from(writeZip([{ name: 'a.bin', data: new Uint8Array([9, 8, 7]), store: true }], new Date()));
    stored.writeUInt8(stored.readUInt8(35) ^ 1, 35);
    await expect(readAll(stored)).rejects.toThrow(/fails its CRC-32 check/);
  });

  it('checks declared sizes against its limits before inflating', async () => {
    const zip = writeZip(entries, new Date());
    await expect(readAll(zip, { ...LIMITS, entries: 2 })).rejects.toThrow(/3 entries, over the 2-entry budget/);
    await expect(readAll(zip, { ...LIMITS, entryBytes: 100 })).rejects.toThrow(
      /declares 700 bytes, over the 100 bytes/,
    );
    await expect(readAll(zip, { ...LIMITS, totalBytes: 702 })).rejects.toThrow(/total-size budget/);
  });

  it('refuses an entry that inflates to more than it declares, even with a CRC forged for the declared part', async () => {
    const data = Buffer.alloc(1 << 20, 7);
    const head = data.subarray(0, 4096);
    const bomb = rawZip([
      { name: 'x.bin', data: deflateSync(data).subarray(2), method: 8, size: 4096, crc: crc32(head) },
    ]);
    await expect(readAll(bomb)).rejects.toThrow(/compressed bytes for 4096 inflated ones|more than the 4096 bytes/);
    const plausible = rawZip([
      { name: 'x.bin', data: deflateSync(data).subarray(2), method: 8, size: 8192, crc: crc32(data.subarray(0, 8192)) },
    ]);
    await expect(readAll(plausible)).rejects.toThrow(/x.bin inflates to more than the 8192 bytes it declares/);
    const short = rawZip([{ name: 'y.bin', data: deflateSync(head).subarray(2), method: 8, size: 5000, crc: 0 }]);
    await expect(readAll(short)).rejects.toThrow(/not enough bytes|inflates to 4096 bytes/);
  });

  it('refuses duplicate names, folders and paths that leave the archive', async () => {
    expect(() => writeZip([entries[1]!, entries[1]!], new Date())).toThrow(/twice/);
    const one = { data: new Uint8Array([1]), method: 0 as const };
    await expect(
      readAll(
        rawZip([
          { name: 'a', ...one },
          { name: 'a', ...one },
        ]),
      ),
    ).rejects.toThrow(/a appears twice/);
    await expect(readAll(rawZip([{ name: '../evil', ...one }]))).rejects.toThrow(/invalid relative path/);
    await expect(readAll(rawZip([{ name: 'dir/', ...one, data: new Uint8Array(0) }]))).rejects.toThrow(/folder/);
  });
});

describe('png', () => {
  it.each([1, 2, 3, 4] as const)('round-trips %i channel(s)', (channels) => {
    const width = 37;
    const height = 11;
    const data = gradient(width * channels, height, channels);
    const png = encodePng({ width, height, channels, data });
    expect(Buffer.from(png).subarray(1, 4).toString()).toBe('PNG');
    expect(readPngHeader(png)).toMatchObject({ width, height, bitDepth: 8, interlace: 0, channels });
    const back = decodePng(png, { width, height, channels });
    expect(back.data).toEqual(data);
  });

  it("reads another encoder's PNG (Chromium's screenshot of the app)", () => {
    const bytes = readFileSync(
      path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots', 'sample-first-start.png'),
    );
    const image = decodePng(bytes);
    expect(image.width).toBe(1280);
    expect(image.data.length).toBe(image.width * image.height * image.channels);
  });

  it('compares the header with the shape expected before anything is inflated', () => {
    const bomb = pngWith(16_384, 16_384, 1, new Uint8Array(10));
    expect(() => checkPngHeader(bomb, { width: 64, height: 36, channels: 1 })).toThrow(
      /declares 16384×16384 grey, not 64×36 grey/,
    );
    const rgb = encodePng({ width: 4, height: 4, channels: 3, data: new Uint8Array(48) });
    expect(() => decodePng(rgb, { width: 4, height: 4, channels: 1 })).toThrow(/declares 4×4 RGB, not 4×4 grey/);
  });

  it('stops inflating image data at the size its header declares', () => {
    const bomb = pngWith(8, 8, 1, deflateSync(Buffer.alloc(64 * 1024 * 1024)));
    expect(() => decodePng(bomb, { width: 8, height: 8, channels: 1 })).toThrow(
      /inflates to more than the 72 bytes its header declares/,
    );
    expect(maxPngBytes({ width: 8, height: 8, channels: 1 })).toBeLessThan(70 * 1024);
  });

  it('rejects damaged or unsupported PNGs', () => {
    const png = Buffer.from(encodePng({ width: 4, height: 4, channels: 1, data: new Uint8Array(16) }));
    const shape = { width: 4, height: 4, channels: 1 as const };
    expect(() => decodePng(png.subarray(1), shape)).toThrow(PngFormatError);
    const damaged = Buffer.from(png);
    damaged.writeUInt8(damaged.readUInt8(png.length - 20) ^ 0xff, png.length - 20);
    expect(() => decodePng(damaged, shape)).toThrow(PngFormatError);
    expect(() => decodePng(png.subarray(0, png.length - 12), shape)).toThrow(/IEND/);
    const interlaced = Buffer.from(png);
    interlaced[28] = 1;
    expect(() => decodePng(interlaced, shape)).toThrow(/interlaced/);
    expect(() => encodePng({ width: 4, height: 4, channels: 1, data: new Uint8Array(3) })).toThrow(RangeError);
  });
});
