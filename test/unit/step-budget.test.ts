// What a frame step is charged before it runs (its thumbnails and previews, nothing for the decode the file's charge
// counts already), what a capture save's frame may keep, a charge set to memory measured as held, and a teardown's
// window over the growth measured: the integration tests over the real addon (test/integration/step-charge.test.ts,
// test/integration/save-charge.test.ts) rest on these.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTURE_MEMORY_BUDGETS } from '../../contract/capture';
import { PREVIEW_WIDTH } from '../../contract/preview';
import { MemoryBudget } from '../../electron/backend/memory-budget';
import { openCharge, pictureBytes, type ChargeShape } from '../../electron/backend/open-charge';
import { measureGrowth, noteTeardown, TEARDOWN_MS, teardownsSettled } from '../../electron/backend/resident-growth';
import { beginSave, keptBytes, noteOpened, stepBytes } from '../../electron/backend/step-budget';
import { maxPngBytes } from '../../electron/capture/png';

const MIB = 1_048_576;
const HD: ChargeShape = {
  codec: 'h264',
  codedWidth: 1920,
  codedHeight: 1088,
  chromaFormat: 1,
  bitDepth: 8,
  dpbFrames: 4,
};

describe('the step estimate', () => {
  it('charges a plain step nothing: the decoder pictures it uses are in the file charge', () => {
    expect(stepBytes(HD, {})).toBe(0);
    expect(stepBytes(HD, { previews: [] })).toBe(0);
  });

  it('charges plane thumbnails as a grey picture of each plane at their width (one plane for a grey stream)', () => {
    expect(stepBytes(HD, { thumbnailWidth: 240 })).toBe(3 * 240 * 136);
    expect(stepBytes({ ...HD, chromaFormat: 0 }, { thumbnailWidth: 240 })).toBe(240 * 136);
    // Never wider than the picture itself.
    expect(stepBytes({ ...HD, codedWidth: 64, codedHeight: 32 }, { thumbnailWidth: 1024 })).toBe(3 * 64 * 32);
  });

  it('charges previews one picture for their reference and three RGB pictures each at its width', () => {
    const rgb = (width: number) => 3 * width * Math.ceil((1088 * width) / 1920) * 3;
    expect(stepBytes(HD, { previews: [{}] })).toBe(pictureBytes(HD) + rgb(PREVIEW_WIDTH));
    expect(stepBytes(HD, { previews: [{ maxWidth: 1024 }, { maxWidth: 16 }] })).toBe(
      pictureBytes(HD) + rgb(1024) + rgb(16),
    );
    // Eight at the widest on a 1080p picture: over 40 MiB.
    expect(stepBytes(HD, { previews: Array.from({ length: 8 }, () => ({ maxWidth: 1024 })) })).toBeGreaterThan(
      40 * MIB,
    );
  });
});

describe('a charge set to memory measured as held', () => {
  it('is set even past the budget, which the next charge then sees; nothing happens once released', () => {
    const budget = new MemoryBudget(100 * MIB);
    const charge = budget.charge(40 * MIB, 'Holding a.mp4');
    charge.hold(130 * MIB, 'Holding a.mp4; measured 130.0 MiB');
    expect([budget.usedBytes, charge.bytes, charge.what]).toEqual([
      130 * MIB,
      130 * MIB,
      'Holding a.mp4; measured 130.0 MiB',
    ]);
    expect(() => budget.charge(0, 'Frame 3 of a.mp4', 'Ask for less.')).toThrow(
      expect.objectContaining({
        envelope: expect.objectContaining({
          code: 'MEMORY_BUDGET_EXCEEDED',
          message: expect.stringMatching(
            /^Frame 3 of a\.mp4 needs 0\.0 MiB; the backend's memory budget of 100\.0 MiB is passed by 30\.0 MiB already, measured \(1 charge\(s\)/,
          ),
          remedy: 'Ask for less.',
        }),
      }),
    );
    expect(() => charge.hold(-1, 'less than nothing')).toThrow(RangeError);
    charge.hold(60 * MIB, 'Holding a.mp4');
    expect(budget.usedBytes).toBe(60 * MIB);
    charge.release();
    charge.hold(500 * MIB, 'after release');
    expect(budget.usedBytes).toBe(0);
  });
});

describe("what a capture save's frame may keep", () => {
  const png = (width: number, height: number, channels: 1 | 3) => maxPngBytes({ width, height, channels });

  it('is each thumbnail, preview picture and the memory samples as stored PNGs and bytes at their worst', () => {
    expect(keptBytes(HD, { thumbnailWidth: 480, memorySamples: false })).toBe(3 * png(480, 272, 1));
    expect(keptBytes({ ...HD, chromaFormat: 0 }, { thumbnailWidth: 480, memorySamples: false })).toBe(png(480, 272, 1));
    // The conversion keeps three pictures (its own, the wrong and the right wrap); another operator one.
    expect(keptBytes(HD, { previews: [{ op: 'convert', maxWidth: 256 }], memorySamples: false })).toBe(
      3 * png(256, 146, 3),
    );
    expect(keptBytes(HD, { previews: [{ op: 'reference' }], memorySamples: false })).toBe(
      png(PREVIEW_WIDTH, Math.ceil((1088 * PREVIEW_WIDTH) / 1920), 3),
    );
    expect(keptBytes(HD, { memorySamples: true })).toBe(CAPTURE_MEMORY_BUDGETS.frameBytes);
  });
});

describe("a capture save's budget", () => {
  const cost = openCharge(HD, 'software', 2);

  it('charges each frame its step and twice what it may keep, and holds twice what it kept until it is given back', () => {
    const budget = new MemoryBudget(2 ** 40);
    const file = budget.charge(cost.bytes, 'Holding a.mp4');
    noteOpened(file, 'a.mp4', HD, cost, null);
    const save = beginSave(budget, file, 'a.mp4');
    const ask = { thumbnailWidth: 480, previews: [{ op: 'convert' as const }], memorySamples: true };
    const frame = save.frame(3, ask);
    expect(budget.usedBytes - file.bytes).toBe(stepBytes(HD, ask) + 2 * keptBytes(HD, ask));
    frame.end(5 * MIB);
    expect(budget.usedBytes - file.bytes).toBe(10 * MIB);
    save.release();
    save.release();
    expect(budget.usedBytes).toBe(file.bytes);
  });

  it('refuses the frame that does not fit beside what the earlier ones keep, with its remedy', () => {
    const budget = new MemoryBudget(64 * MIB);
    const file = budget.charge(cost.bytes, 'Holding a.mp4');
    noteOpened(file, 'a.mp4', HD, cost, null);
    const save = beginSave(budget, file, 'a.mp4');
    const ask = { thumbnailWidth: 480, memorySamples: true };
    // The first frame keeps all but 1 MiB of what is left: the next one's step does not fit beside it.
    const left = 64 * MIB - budget.usedBytes;
    save.frame(1, ask).end(Math.floor(left / 2) - MIB);
    expect(() => save.frame(2, ask)).toThrow(
      expect.objectContaining({
        envelope: expect.objectContaining({
          code: 'MEMORY_BUDGET_EXCEEDED',
          message: expect.stringMatching(/^Frame 2 of a\.mp4, for a capture: plane thumbnails 480 wide, up to/),
          remedy: expect.stringMatching(/^Capture fewer frames/),
        }),
      }),
    );
    save.release();
  });

  it('charges nothing for a source that is not a video held open (a capture being re-saved)', () => {
    const budget = new MemoryBudget(MIB);
    const save = beginSave(budget, null, 'a.zci');
    save.frame(0, { thumbnailWidth: 4096, memorySamples: true }).end(64 * MIB);
    expect(budget.usedBytes).toBe(0);
    save.release();
  });
});

describe("a closed file's teardown", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves a measurement in flight, and one started within its window, without growth of its own', async () => {
    vi.useFakeTimers();
    const running = measureGrowth();
    noteTeardown('software');
    const inWindow = measureGrowth();
    expect(running.read()).toBeNull();
    running.end();
    expect(inWindow.read()).toBeNull();
    inWindow.end();
    const settled = teardownsSettled();
    vi.advanceTimersByTime(TEARDOWN_MS.software);
    await settled;
    const after = measureGrowth();
    expect(after.read()).not.toBeNull();
    after.end();
  });
});
