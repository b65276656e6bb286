import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCapture } from '../../electron/capture/capture-file';
import { encodeCapture, writeCaptureFile } from '../../electron/capture/capture-write';
import { writeZip } from '../../electron/capture/zip';
import { CAPTURE_FORMAT_VERSION, captureManifestSchema } from '../../contract/capture';
import type { RpcFailure } from '../../contract/envelope';
import { environmentReportSchema } from '../../contract/environment';
import { frameReportSchema, streamInfoSchema } from '../../contract/report';
import { sampleCapture, sampleCaptureBytes } from '../support/captures';
import { editManifest, rezip, zipEntries } from '../support/zip-edit';

/** Reads capture bytes in this thread. */
const decodeCapture = (bytes: Uint8Array, label: string) => readCapture(Buffer.from(bytes), label);

/** The error code a capture load rejects with. */
async function codeOf(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (error) {
    return (error as RpcFailure).code ?? String(error);
  }
  return 'no error';
}

describe('capture files', () => {
  it('round-trips: every report, thumbnail and operator comes back equal', async () => {
    const original = sampleCapture([0, 3, 7]);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zci-capture-'));
    const file = path.join(dir, 'clip.zci');
    const bytes = await writeCaptureFile(file, original);
    expect(bytes).toBe((await readFile(file)).length);
    expect(await readdir(dir)).toEqual(['clip.zci']);
    const loaded = await readCapture(file, file);
    // The writer adds its word on whether a signature goes with the file (none here: no key).
    expect(loaded.manifest).toEqual({ ...original.manifest, signed: false });
    expect([...loaded.files.keys()].sort()).toEqual([...original.files.keys()].sort());
    for (const [name, data] of original.files) expect(Buffer.from(loaded.files.get(name)!)).toEqual(Buffer.from(data));
  });

  it('puts capture.json first, so a glance at the zip says what it is', () => {
    const entries = [...zipEntries(sampleCaptureBytes()).keys()];
    expect(entries[0]).toBe('capture.json');
    expect(entries).toContain('frames/000003/op-0-wrong-wrap.png');
  });

  it('rejects damaged, foreign and incomplete files with CAPTURE_INVALID', async () => {
    const good = sampleCaptureBytes();
    const flipped = Buffer.from(good);
    flipped.writeUInt8(flipped.readUInt8(good.length >> 1) ^ 0xff, good.length >> 1);
    expect(await codeOf(() => decodeCapture(flipped, 'x.zci'))).toBe('CAPTURE_INVALID');
    expect(await codeOf(() => decodeCapture(good.subarray(0, good.length - 100), 'x.zci'))).toBe('CAPTURE_INVALID');
    expect(await codeOf(() => decodeCapture(Buffer.from('\x00\x00\x00 ftypisom not a zip'), 'x.zci'))).toBe(
      'CAPTURE_INVALID',
    );
    const noManifest = writeZip([{ name: 'readme.txt', data: Buffer.from('hi') }], new Date());
    await expect(decodeCapture(noManifest, 'x.zci')).rejects.toThrow(/without capture.json/);
    const entries = zipEntries(good);
    entries.delete('frames/000007/plane-1.png');
    await expect(decodeCapture(rezip(entries), 'x.zci')).rejects.toThrow(
      /plane-1.png is named in capture.json but missing/,
    );
    expect(
      await codeOf(() =>
        decodeCapture(
          editManifest(good, (j) => (j.format = 'other')),
          'x.zci',
        ),
      ),
    ).toBe('CAPTURE_INVALID');
    const badReport = editManifest(good, (j) => {
      j.frames[0].report.planes = 'none';
    });
    await expect(decodeCapture(badReport, 'x.zci')).rejects.toThrow(/does not match the format/);
    const notJson = writeZip([{ name: 'capture.json', data: Buffer.from('{') }], new Date());
    await expect(decodeCapture(notJson, 'x.zci')).rejects.toThrow(/not JSON/);
  });

  it('rejects a thumbnail whose PNG header is not the size the manifest says, without decoding it', async () => {
    const wrong = editManifest(sampleCaptureBytes(), (j) => {
      j.frames[0].thumbnails[0].width = 65;
    });
    await expect(decodeCapture(wrong, 'x.zci')).rejects.toThrow(/declares 64×36 grey, not 65×36 grey/);
  });

  it('rejects a newer format version with CAPTURE_TOO_NEW, before reading the rest', async () => {
    const future = editManifest(sampleCaptureBytes(), (j) => {
      j.formatVersion = CAPTURE_FORMAT_VERSION + 1;
      j.frames = 'whatever the next version has';
    });
    expect(await codeOf(() => decodeCapture(future, 'x.zci'))).toBe('CAPTURE_TOO_NEW');
    await expect(decodeCapture(future, 'x.zci')).rejects.toThrow(
      new RegExp(
        `format ${CAPTURE_FORMAT_VERSION + 1}; this version of the inspector reads up to ${CAPTURE_FORMAT_VERSION}`,
      ),
    );
  });

  it('refuses to write a capture that would not load', () => {
    const broken = sampleCapture([0]);
    broken.files.delete('frames/000000/plane-0.png');
    expect(() => encodeCapture(broken)).toThrow(/missing frames\/000000\/plane-0.png/);
    const twice = sampleCapture([0]);
    twice.manifest.frames.push(twice.manifest.frames[0]!);
    expect(() => encodeCapture(twice)).toThrow(/frame listed twice/);
  });

  it("keeps operator entries' extra fields (the schema is open for later versions)", async () => {
    const capture = sampleCapture([3]);
    capture.manifest.frames[0]!.operators![0]!.colorMatrix = 'bt709';
    expect((await decodeCapture(encodeCapture(capture), 'x.zci')).manifest.frames[0]!.operators![0]).toMatchObject({
      colorMatrix: 'bt709',
    });
  });
});

describe('report schemas', () => {
  it('accept every report of the real GPU run in docs/gpu-runs', async () => {
    const runs = path.join(import.meta.dirname, '..', '..', 'docs', 'gpu-runs');
    const files = (await readdir(runs, { recursive: true })).filter((name) => name.endsWith('reports.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const run = JSON.parse(await readFile(path.join(runs, name), 'utf8')) as {
        environment: unknown;
        fixtures: { info: unknown; reports: unknown[] }[];
      };
      expect(environmentReportSchema.safeParse(run.environment).error).toBeUndefined();
      for (const fixture of run.fixtures) {
        expect(streamInfoSchema.safeParse(fixture.info).error).toBeUndefined();
        for (const report of fixture.reports) expect(frameReportSchema.safeParse(report).error).toBeUndefined();
      }
    }
  });

  it('accept the hand-built capture and refuse a frame whose report is for another frame', () => {
    const manifest = sampleCapture().manifest;
    expect(captureManifestSchema.safeParse(manifest).success).toBe(true);
    manifest.frames[1]!.report.frameIndex = 99;
    expect(captureManifestSchema.safeParse(manifest).success).toBe(false);
  });
});
