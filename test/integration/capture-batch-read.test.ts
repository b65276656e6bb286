/**
 * A capture of a live video reads each frame's memory samples through the addon's batch read: one call for up to
 * MEMORY_READS_PER_CALL samples instead of one readMemory call each, with the same bytes and the same labels as
 * the samples read one at a time (software decoding, the real addon).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectCapture, type CaptureMeta, type CaptureSource } from '../../electron/capture/collect';
import { MEMORY_READS_PER_CALL } from '../../contract/memory';
import type { Session } from '../../native/index';
import { addon } from '../support/live/addon';
import { ROOT } from '../support/paths';
import { sampleCapture } from '../support/captures';

const FILE = path.join(ROOT, 'test', 'fixtures', 'h264-odd-642x362.mp4');
const FRAMES = [0, 7];

/** The sample capture's manifest fields other than its frames and stream. */
function meta(): CaptureMeta {
  const { manifest } = sampleCapture();
  const rest = { ...manifest } as Partial<typeof manifest>;
  delete rest.frames;
  delete rest.stream;
  return rest as CaptureMeta;
}

/** The session as a capture source, counting its memory calls; without the batch read when `batch` is false. */
function counted(
  session: Session,
  batch: boolean,
): { source: CaptureSource; calls: { single: number; batch: number[] } } {
  const calls = { single: 0, batch: [] as number[] };
  const source: CaptureSource = {
    info: session.info,
    show: (target, options) => session.show(target, options),
    readMemory: (range, options) => {
      calls.single += 1;
      return session.readMemory(range, options);
    },
  };
  if (batch)
    source.readMemoryBatch = (ranges, options) => {
      calls.batch.push(ranges.length);
      return session.readMemoryBatch(ranges, options);
    };
  return { source, calls };
}

describe("a capture's memory samples", () => {
  it('are read a batch a call, the same bytes and labels as one read each', async () => {
    const one = await addon.Session.open(FILE, { decode: 'software' });
    const two = await addon.Session.open(FILE, { decode: 'software' });
    try {
      const batched = counted(one, true);
      const single = counted(two, false);
      const a = await collectCapture(batched.source, FRAMES, meta());
      const b = await collectCapture(single.source, FRAMES, meta());
      const samples = a.manifest.frames.flatMap((f) => f.memory ?? []);
      expect(samples.length).toBeGreaterThan(FRAMES.length);
      // No single reads; per frame, ceil(samples / per-call) batch calls, each at most MEMORY_READS_PER_CALL ranges.
      expect(batched.calls.single).toBe(0);
      const perFrame = a.manifest.frames.map((f) => Math.ceil((f.memory?.length ?? 0) / MEMORY_READS_PER_CALL));
      expect(batched.calls.batch.length).toBe(perFrame.reduce((n, k) => n + k, 0));
      expect(batched.calls.batch.every((n) => n >= 1 && n <= MEMORY_READS_PER_CALL)).toBe(true);
      expect(single.calls.single).toBe(samples.length);
      // The same samples: labels, regions and bytes; addresses (two sessions, two allocations) as offsets into the
      // allocation, and the running total of bytes read aside.
      const strip = (m: NonNullable<(typeof a.manifest.frames)[number]['memory']>[number]): unknown => {
        const read: Record<string, unknown> & { allocation?: { start?: string }; address?: string } = { ...m.read };
        delete read.totalBytesRead;
        const start = BigInt(read.allocation?.start ?? read.address ?? '0x0');
        return JSON.parse(
          JSON.stringify({ ...m, read }, (_key, value: unknown) =>
            typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value) ? `+${BigInt(value) - start}` : value,
          ),
        );
      };
      expect(a.manifest.frames.map((f) => (f.memory ?? []).map(strip))).toEqual(
        b.manifest.frames.map((f) => (f.memory ?? []).map(strip)),
      );
      for (const sample of samples) expect(a.files.get(sample.bin)).toEqual(b.files.get(sample.bin));
    } finally {
      one.close();
      two.close();
    }
  });
});
