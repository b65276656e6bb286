// Re-saving a replayed capture over the real handlers and a capture the real addon wrote: nothing decodes, and each
// frame is still admitted before it is gathered, with up to twice what it keeps until the new capture is written
// (step-budget.ts beginSave); past the budget the save is refused with MEMORY_BUDGET_EXCEEDED and nothing is written,
// and after a save that fits the budget holds the capture's charge alone again.
import { readdir } from 'node:fs/promises';
import { expect, it, vi } from 'vitest';
import { MemoryBudget } from '../../electron/backend/memory-budget';
import { budgetFolders } from './budget-backend';

const MIB = 1_048_576;
const CLIP = 'h264-odd-642x362.mp4';
const folder = budgetFolders(CLIP, 'zci-resave-charge-');

/** The captures in the test's folder. */
async function captures(): Promise<string[]> {
  return (await readdir(folder.dir)).filter((name) => name.endsWith('.zci')).sort();
}

/** A client with a capture of frames 0 and 10 of a.mp4 (software decoding) open for replay, under an ample budget. */
async function replaying() {
  const memory = new MemoryBudget(2 ** 40);
  const { handlers, client } = folder.backend(memory);
  const ctx = client();
  await handlers.open({ path: 'a.mp4', options: { decode: 'software' } }, ctx);
  await handlers.saveCapture({ path: 'one.zci', frames: [0, 10] }, ctx);
  await handlers.openCapture({ path: 'one.zci' }, ctx);
  return { memory, handlers, ctx };
}

it('admits each frame of a replayed capture before it is gathered, and gives it back after the save', async () => {
  const { memory, handlers, ctx } = await replaying();
  const before = memory.usedBytes;
  const charge = vi.spyOn(memory, 'charge');
  const saved = await handlers.saveCapture({ path: 'two.zci', frames: [0, 10] }, ctx);
  expect(saved.frames).toEqual([0, 10]);
  const frames = charge.mock.calls
    .map(([bytes, what]) => ({ bytes, what }))
    .filter((c) => /^Frame \d+ of /.test(c.what));
  expect(frames.map((c) => /^Frame (\d+) of /.exec(c.what)?.[1])).toEqual(['0', '10']);
  for (const c of frames) expect(c.bytes).toBeGreaterThan(0);
  // The second frame was admitted beside what the first one keeps.
  expect(frames[1]?.what).not.toMatch(/with the 0\.0 MiB its earlier frames keep/);
  expect(memory.usedBytes).toBe(before);
  expect(await captures()).toEqual(['one.zci', 'two.zci']);
});

it('refuses a re-save whose first frame does not fit, writes nothing, and keeps the capture open', async () => {
  const { memory, handlers, ctx } = await replaying();
  const filler = memory.charge(memory.limitBytes - memory.usedBytes - MIB / 4, 'everything else');
  const held = memory.usedBytes;
  const refused = await handlers.saveCapture({ path: 'refused.zci', frames: [0, 10] }, ctx).catch((e: unknown) => e);
  expect(refused).toMatchObject({
    envelope: {
      code: 'MEMORY_BUDGET_EXCEEDED',
      message: expect.stringMatching(
        /^Frame 0 of .*, for a capture: up to \d+\.\d MiB it keeps until the capture is written/,
      ),
      remedy: expect.stringMatching(/^Capture fewer frames/),
    },
  });
  expect(memory.usedBytes).toBe(held);
  expect(await captures()).toEqual(['one.zci']);
  filler.release();
  expect((await handlers.show({ target: { index: 10 }, options: { proof: false } }, ctx)).report.frameIndex).toBe(10);
});
