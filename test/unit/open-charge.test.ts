// The cost model an open is charged by, the charge's reconciliation, and the header probe's refusals: what the
// integration test measures against the real addon rests on these.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBudget } from '../../electron/backend/memory-budget';
import {
  CODEC_MAX_DPB,
  chargeBeforeOpen,
  chromaOfPixelFormat,
  openCharge,
  pictureBytes,
  softwareThreads,
} from '../../electron/backend/open-charge';
import { parseH264Sps, parseHevcSps } from '../../electron/backend/parameter-sets';
import { probeStreamShape } from '../../electron/backend/stream-shape';

const MIB = 1_048_576;
const shape444 = {
  codec: 'h264',
  codedWidth: 8192,
  codedHeight: 4352,
  chromaFormat: 3 as const,
  bitDepth: 8,
  dpbFrames: 16,
};

describe('the cost model', () => {
  it('counts FFmpeg’s threads as it runs them: one more than the cores, one on one core, 16 at most', () => {
    expect([1, 2, 8, 15, 64].map((c) => softwareThreads(c))).toEqual([1, 3, 9, 16, 16]);
  });

  it('sizes a picture by its chroma format and sample size, the unknown at their largest', () => {
    const base = { codec: 'h264', codedWidth: 100, codedHeight: 10, dpbFrames: null };
    expect(pictureBytes({ ...base, chromaFormat: 1, bitDepth: 8 })).toBe(1500);
    expect(pictureBytes({ ...base, chromaFormat: 2, bitDepth: 10 })).toBe(4000);
    expect(pictureBytes({ ...base, chromaFormat: 3, bitDepth: 8 })).toBe(3000);
    expect(pictureBytes({ ...base, chromaFormat: 0, bitDepth: 8 })).toBe(1000);
    expect(pictureBytes({ ...base, chromaFormat: null, bitDepth: null })).toBe(6000);
  });

  it('grows with the DPB, the threads and the held frames, and takes the codec’s maximum DPB when unstated', () => {
    const one = openCharge(shape444, 'software', 2, 1);
    const three = openCharge(shape444, 'software', 2, 2);
    expect(three.threads - one.threads).toBe(2);
    expect(three.bytes).toBeGreaterThan(one.bytes + 2 * one.frameBytes);
    expect(openCharge({ ...shape444, dpbFrames: 1 }, 'software', 2, 2).bytes).toBeLessThan(three.bytes - 14 * MIB);
    expect(openCharge({ ...shape444, dpbFrames: null }, 'software', 2, 2).dpbFrames).toBe(16);
    expect(openCharge({ ...shape444, codec: 'vp9', dpbFrames: null }, 'software', 2, 2).dpbFrames).toBe(
      CODEC_MAX_DPB.vp9,
    );
    expect(openCharge(shape444, 'software', 4, 2).bytes - three.bytes).toBe(2 * three.frameBytes);
  });

  it('charges an open before it the decode path it will take, and the larger of the two when that is not known', () => {
    const h264 = { ...shape444, chromaFormat: 1 as const, dpbFrames: 4 };
    const sw = openCharge(h264, 'software', 2);
    const hw = openCharge(h264, 'nvdec', 2);
    expect(hw.bytes).not.toBe(sw.bytes);
    expect(chargeBeforeOpen(h264, 'software', 2, true).path).toBe('software');
    expect(chargeBeforeOpen(h264, 'nvdec', 2, false).path).toBe('hardware');
    // Auto: NVDEC with a warm CUDA device, software without one, the larger before the warm-up has answered.
    expect(chargeBeforeOpen(h264, 'auto', 2, true).bytes).toBe(hw.bytes);
    expect(chargeBeforeOpen(h264, 'auto', 2, false).bytes).toBe(sw.bytes);
    expect(chargeBeforeOpen(h264, 'auto', 2, null).bytes).toBe(Math.max(sw.bytes, hw.bytes));
    // H.264 4:4:4 is not NVDEC's: auto falls back to software, and is charged so even on a GPU.
    expect(chargeBeforeOpen(shape444, 'auto', 2, true).path).toBe('software');
    expect(chargeBeforeOpen({ ...shape444, codec: 'hevc' }, 'auto', 2, true).path).toBe('hardware');
    expect(chargeBeforeOpen({ ...h264, chromaFormat: null }, 'auto', 2, true).bytes).toBe(
      Math.max(
        openCharge({ ...h264, chromaFormat: null }, 'software', 2).bytes,
        openCharge({ ...h264, chromaFormat: null }, 'nvdec', 2).bytes,
      ),
    );
  });

  it('reads the chroma format of the addon’s pixel format names', () => {
    expect(
      ['yuv420p', 'yuvj420p', 'nv12', 'p010le', 'yuv422p10le', 'yuv444p', 'gbrp', 'gray', 'xyz12le'].map(
        chromaOfPixelFormat,
      ),
    ).toEqual([1, 1, 1, 1, 2, 3, 3, 0, null]);
  });
});

describe('a charge set to what was measured', () => {
  it('gives bytes back when smaller, charges more when larger, and refuses (unchanged) what does not fit', () => {
    const budget = new MemoryBudget(100 * MIB);
    const charge = budget.charge(60 * MIB, 'Opening a.mp4');
    charge.resize(40 * MIB, 'Holding a.mp4');
    expect([budget.usedBytes, charge.bytes, charge.what]).toEqual([40 * MIB, 40 * MIB, 'Holding a.mp4']);
    const other = budget.charge(50 * MIB, 'Opening b.mp4');
    expect(() => charge.resize(60 * MIB, 'Holding a.mp4; the open took 60.0 MiB')).toThrow(
      expect.objectContaining({
        envelope: expect.objectContaining({
          code: 'MEMORY_BUDGET_EXCEEDED',
          message: expect.stringMatching(
            /needs 60\.0 MiB; the backend's memory budget of 100\.0 MiB has 50\.0 MiB left/,
          ),
        }),
      }),
    );
    expect([budget.usedBytes, charge.bytes]).toEqual([90 * MIB, 40 * MIB]);
    charge.resize(50 * MIB, 'Holding a.mp4');
    expect(budget.usedBytes).toBe(100 * MIB);
    charge.release();
    charge.resize(70 * MIB, 'after release');
    other.release();
    expect(budget.usedBytes).toBe(0);
  });
});

describe('the header probe', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zci-probe-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('never opens what is not a regular file (a FIFO would block), and reads nothing from text or a folder', async () => {
    const fifo = path.join(dir, 'pipe.mp4');
    execFileSync('mkfifo', [fifo]);
    expect(await probeStreamShape(fifo)).toBeNull();
    expect(await probeStreamShape(dir)).toBeNull();
    await writeFile(path.join(dir, 'x.mp4'), 'not a video');
    expect(await probeStreamShape(path.join(dir, 'x.mp4'))).toBeNull();
    expect(await probeStreamShape(path.join(dir, 'missing.mp4'))).toBeNull();
  });

  it('answers null for a truncated or hostile parameter set, never throws', async () => {
    expect(parseH264Sps(Uint8Array.of(0x67, 0x64))).toBeNull();
    expect(parseH264Sps(Uint8Array.of(0x67, 0x64, 0, 0x28, 0, 0, 0, 0, 0, 0, 0, 0))).toBeNull();
    expect(parseHevcSps(Uint8Array.of(0x42, 0x01, 0xff))).toBeNull();
    expect(parseH264Sps(Uint8Array.of(0x68, 1, 2, 3))).toBeNull(); // a PPS
    const nal = new Uint8Array(64).fill(0xff);
    nal[0] = 0x67;
    expect(() => parseH264Sps(nal)).not.toThrow();
  });
});
