import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../electron/capture/crc32';
import { decodePng, encodePng, PngFormatError } from '../../electron/capture/png';
import { readZip, ZipFormatError } from '../../electron/capture/zip-read';
import { dosDateTime, writeZip } from '../../electron/capture/zip-write';
import { gradient } from '../support/captures';

describe('crc32', () => {
  it('matches the check value of the standard', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('6789'), crc32(Buffer.from('12345')))).toBe(0xcbf43926);
  });
});

describe('zip', () => {
  const entries = [
    { name: 'capture.json', data: Buffer.from('{"a":1}'.repeat(100)) },
    { name: 'frames/000001/plane-0.png', data: new Uint8Array([1, 2, 3]) },
    { name: 'empty.txt', data: new Uint8Array(0) },
  ];

  it('reads back what it wrote, deflated and stored', () => {
    const zip = writeZip(entries, new Date('2026-11-30T12:00:00Z'));
    const read = readZip(zip);
    expect([...read.keys()]).toEqual(entries.map((e) => e.name));
    for (const entry of entries) expect(new Uint8Array(read.get(entry.name) ?? [])).toEqual(new Uint8Array(entry.data));
    // The JSON deflates (method 8), the three bytes do not (method 0).
    expect(zip.readUInt16LE(8)).toBe(8);
  });

  it('writes DOS dates in UTC', () => {
    expect(dosDateTime(new Date('2026-11-30T12:34:56Z'))).toEqual({
      time: (12 << 11) | (34 << 5) | 28,
      date: ((2026 - 1980) << 9) | (11 << 5) | 30,
    });
  });

  it('rejects damage with a reason', () => {
    const zip = writeZip(entries, new Date());
    const flipped = Buffer.from(zip);
    const at = flipped.indexOf(deflateRawSync(entries[0]!.data, { level: 9 }).subarray(0, 8));
    flipped.writeUInt8(flipped.readUInt8(at + 3) ^ 0xff, at + 3);
    expect(() => readZip(flipped)).toThrow(ZipFormatError);
    expect(() => readZip(zip.subarray(0, zip.length - 30))).toThrow(/end-of-central-directory|outside/);
    expect(() => readZip(Buffer.from('not a zip at all, just some text that is long enough'))).toThrow(
      /end-of-central-directory/,
    );
    expect(() => readZip(Buffer.alloc(5))).toThrow(/too short/);
  });

  it('rejects a flipped bit in a stored entry through its CRC', () => {
    const zip = writeZip([{ name: 'a.bin', data: new Uint8Array([9, 8, 7]) }], new Date());
    const damaged = Buffer.from(zip);
    damaged.writeUInt8(damaged.readUInt8(35) ^ 1, 35);
    expect(() => readZip(damaged)).toThrow(/CRC-32/);
  });

  it('enforces its limits', () => {
    const zip = writeZip(entries, new Date());
    expect(() => readZip(zip, { maxEntries: 2, maxEntryBytes: 1e6, maxTotalBytes: 1e6 })).toThrow(/3 entries/);
    expect(() => readZip(zip, { maxEntries: 9, maxEntryBytes: 100, maxTotalBytes: 1e6 })).toThrow(/over the 100-byte/);
  });

  it('refuses duplicate names when writing', () => {
    expect(() => writeZip([entries[1]!, entries[1]!], new Date())).toThrow(/twice/);
  });
});

describe('png', () => {
  it.each([1, 2, 3, 4] as const)('round-trips %i channel(s) through every filter', (channels) => {
    const width = 37;
    const height = 11;
    const data = gradient(width * channels, height, channels);
    const png = encodePng({ width, height, channels, data });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const back = decodePng(png);
    expect(back).toMatchObject({ width, height, channels });
    expect(back.data).toEqual(data);
  });

  it('round-trips noise and flat images', () => {
    const noise = new Uint8Array(64 * 64).map((_, i) => (i * 2654435761) >>> 24);
    expect(decodePng(encodePng({ width: 64, height: 64, channels: 1, data: noise })).data).toEqual(noise);
    const flat = new Uint8Array(100).fill(200);
    expect(decodePng(encodePng({ width: 10, height: 10, channels: 1, data: flat })).data).toEqual(flat);
  });

  it("reads another encoder's PNG (Chromium's screenshot of the app)", () => {
    const image = decodePng(
      readFileSync(path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots', 'sample-first-start.png')),
    );
    expect(image.width).toBe(1280);
    expect(image.channels === 3 || image.channels === 4).toBe(true);
    expect(image.data.length).toBe(image.width * image.height * image.channels);
  });

  it('rejects damaged or unsupported PNGs', () => {
    const png = encodePng({ width: 4, height: 4, channels: 1, data: new Uint8Array(16) });
    expect(() => decodePng(png.subarray(1))).toThrow(PngFormatError);
    const damaged = Buffer.from(png);
    damaged.writeUInt8(damaged.readUInt8(20) ^ 0xff, 20);
    expect(() => decodePng(damaged)).toThrow(/CRC/);
    expect(() => decodePng(png.subarray(0, png.length - 12))).toThrow(/IEND/);
    expect(() => encodePng({ width: 4, height: 4, channels: 1, data: new Uint8Array(3) })).toThrow(RangeError);
  });
});
