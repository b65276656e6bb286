// What a frame step is charged before it runs (its thumbnails and previews, nothing for the decode the file's charge
// counts already) and a charge set to memory measured as held: the integration test over the real addon
// (test/integration/step-charge.test.ts) rests on these.
import { describe, expect, it } from 'vitest';
import { PREVIEW_WIDTH } from '../../contract/preview';
import { MemoryBudget } from '../../electron/backend/memory-budget';
import { pictureBytes, type ChargeShape } from '../../electron/backend/open-charge';
import { stepBytes } from '../../electron/backend/step-budget';

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
