// A capture save of an open video over the real handlers, the real addon and a real fixture, decoded in software:
// each frame it gathers is a step of the file, admitted before the addon decodes it (its thumbnails, previews and
// memory samples, and up to twice what it keeps until the capture is written) and refused with
// MEMORY_BUDGET_EXCEEDED, nothing written, when that passes the budget; and a file closed by one client is torn down
// beside another client's step without that step taking the freed memory for less growth of its own.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import type { HandlerContext } from '../../electron/backend/handlers/types';
import type { LiveSource } from '../../electron/backend/live-source';
import { MemoryBudget, type Charge } from '../../electron/backend/memory-budget';
import { teardownsSettled } from '../../electron/backend/resident-growth';
import { heldMeasure } from '../../electron/backend/step-budget';
import { budgetFolders } from './budget-backend';

const MIB = 1_048_576;
const CLIP = 'h264-1080p-420.mp4'; // 1920x1088 coded, 48 frames
const plain = { proof: false } as const;

const folder = budgetFolders(CLIP, 'zci-save-charge-');

afterEach(() => {
  vi.restoreAllMocks();
});

/** The open file's charge on the budget. */
function chargeOf(ctx: HandlerContext): Charge {
  const charge = ctx.client.heldCharge();
  expect(charge).not.toBeNull();
  return charge as Charge;
}

/** The files in the test's folder besides the two videos (a capture, or a capture's temporary file). */
async function written(): Promise<string[]> {
  return (await readdir(folder.dir)).filter((name) => !['a.mp4', 'b.mp4', 'config'].includes(name));
}

/** A client with a.mp4 open in software and frame 0 shown under an ample budget, and an observing spy on its
 * Session's frame calls that notes what the budget held while each one ran. */
async function openShown() {
  const memory = new MemoryBudget(2 ** 40);
  const { handlers, client } = folder.backend(memory);
  const ctx = client();
  await handlers.open({ path: 'a.mp4', options: { decode: 'software' } }, ctx);
  await handlers.show({ target: { index: 0 }, options: plain }, ctx);
  const live = (ctx.client.current() as LiveSource).session;
  const during: { index: number | undefined; used: number; file: number }[] = [];
  const show = live.show.bind(live);
  const spy = vi.spyOn(live, 'show').mockImplementation((target, options) => {
    const file = ctx.client.heldCharge()?.bytes ?? 0;
    during.push({ index: (target as { index?: number }).index, used: memory.usedBytes, file });
    return show(target, options);
  });
  return { memory, handlers, ctx, spy, during };
}

/** Asks `shown`'s client to save frames 10 and 20 as `name`; the save is refused for the budget, saying `message`
 * and offering `remedy`. */
async function refusedSave(
  { handlers, ctx }: Awaited<ReturnType<typeof openShown>>,
  name: string,
  message: RegExp,
  remedy: RegExp,
): Promise<void> {
  const refused = await handlers.saveCapture({ path: name, frames: [10, 20] }, ctx).catch((e: unknown) => e);
  expect(refused).toMatchObject({
    envelope: {
      code: 'MEMORY_BUDGET_EXCEEDED',
      message: expect.stringMatching(message),
      remedy: expect.stringMatching(remedy),
    },
  });
}

/** After a refused save: nothing was written, the file still shows frame `index`, and `filler`'s room is given back. */
async function wroteNothingAndServes(
  { handlers, ctx }: Awaited<ReturnType<typeof openShown>>,
  index: number,
  filler: Charge,
): Promise<void> {
  expect(await written()).toEqual([]);
  expect((await handlers.show({ target: { index }, options: plain }, ctx)).report.frameIndex).toBe(index);
  filler.release();
}

it('saves a capture under a budget that holds it, charging each frame while it is gathered and giving it back after', async () => {
  const { memory, handlers, ctx, during } = await openShown();
  const before = memory.usedBytes;
  const saved = await handlers.saveCapture({ path: 'fits.zci', frames: [10, 20] }, ctx);
  expect(saved.frames).toEqual([10, 20]);
  expect(await written()).toEqual(['fits.zci']);
  // Each frame's decode ran with its step charged: more than the file held before, and the second frame beside what
  // the first one kept.
  expect(during.map((call) => call.index)).toEqual([10, 20]);
  expect(during[0]?.used ?? 0).toBeGreaterThan(before + MIB);
  expect(during[1]?.used ?? 0).toBeGreaterThan(during[0]?.used ?? 0);
  // After it, the file's charge alone: the save's frames given back, and what they kept not counted as the file's.
  const charge = chargeOf(ctx);
  expect(memory.usedBytes).toBe(charge.bytes);
  expect(charge.bytes).toBe(Math.max(heldMeasure(charge)?.model ?? 0, heldMeasure(charge)?.measured ?? 0));
  expect((await handlers.show({ target: { index: 30 }, options: plain }, ctx)).report.frameIndex).toBe(30);
});

it('refuses a save whose first frame does not fit before the addon decodes it, writes nothing and serves the next request', async () => {
  const shown = await openShown();
  const { memory, spy } = shown;
  // The file fits and so does a plain step; 1 MiB is left, less than a save's frame takes.
  const filler = memory.charge(memory.limitBytes - memory.usedBytes - MIB, 'everything else');
  const held = memory.usedBytes;
  spy.mockClear();
  await refusedSave(
    shown,
    'refused.zci',
    /^Frame 10 of .*a\.mp4, for a capture: plane thumbnails 480 wide, \d+ operator preview\(s\) and the 3\.0 MiB picture their reference converts, up to \d+\.\d MiB it keeps until the capture is written, with the 0\.0 MiB its earlier frames keep, beside the \d+\.\d MiB the file holds needs \d+\.\d MiB; the backend's memory budget of .* has 1\.0 MiB left/,
    /^Capture fewer frames.*--memory-budget/,
  );
  // Refused before the decoder saw it; nothing charged for it, nothing written.
  expect(spy).not.toHaveBeenCalled();
  expect(memory.usedBytes).toBe(held);
  // Nothing written, and the next request is served.
  await wroteNothingAndServes(shown, 20, filler);
});

it('refuses a save at the frame that no longer fits beside what the earlier frames keep, and writes nothing', async () => {
  // Learned from a save that fits: what a frame's step takes, and what the first frame keeps.
  const shown = await openShown();
  const { memory, handlers, ctx, spy, during } = shown;
  await handlers.saveCapture({ path: 'learn.zci', frames: [10, 20] }, ctx);
  await rm(path.join(folder.dir, 'learn.zci'));
  // Besides the file's charge (which a step's growth may raise): the step's charge, then that and the first's keep.
  const [first, second] = during.map((call) => call.used - call.file);
  const admitted = first ?? 0;
  const keptByFirst = (second ?? 0) - admitted;
  expect(keptByFirst).toBeGreaterThan(0);

  // Room for the first frame's step and half of what it keeps: the second frame's step does not fit.
  const filler = memory.charge(memory.limitBytes - memory.usedBytes - admitted - Math.floor(keptByFirst / 2), 'else');
  const held = memory.usedBytes;
  during.length = 0;
  spy.mockClear();
  await refusedSave(
    shown,
    'half.zci',
    /^Frame 20 of .*a\.mp4, for a capture: .*, with the (?!0\.0 )\d+\.\d MiB its earlier frames keep, beside/,
    /^Capture fewer frames/,
  );
  expect(during.map((call) => call.index)).toEqual([10]);
  // The first frame's keep given back with the refusal: the file's charge (reconciled by the step) and the filler.
  expect(memory.usedBytes).toBe(filler.bytes + chargeOf(ctx).bytes);
  expect(memory.usedBytes).toBeGreaterThanOrEqual(held);
  await wroteNothingAndServes(shown, 30, filler);
});

it("counts no growth as a file's while another client's file was torn down beside its step", async () => {
  const memory = new MemoryBudget(2 ** 40);
  const { handlers, client } = folder.backend(memory);
  const [a, b] = [client(), client()];
  await handlers.open({ path: 'a.mp4', options: { decode: 'software' } }, a);
  await handlers.open({ path: 'b.mp4', options: { decode: 'software' } }, b);
  for (const index of [0, 20, 40]) await handlers.show({ target: { index }, options: plain }, a);
  await handlers.show({ target: { index: 0 }, options: plain }, b);
  await teardownsSettled();
  const charge = chargeOf(b);
  const before = heldMeasure(charge)?.measured ?? 0;

  // a closes while b's step decodes (a seek from frame 0 to 40: tens of frames); a's decoder is torn down on a worker
  // thread, and 256 MiB is touched during b's step besides: without the teardown counted, the step would be measured
  // alone and both would land on b's file.
  let stepped = false;
  const step = handlers.show({ target: { index: 40 }, options: plain }, b).finally(() => (stepped = true));
  await new Promise<void>((resolve) => setImmediate(resolve));
  const overlapped = !stepped;
  expect((await handlers.close({}, a)).closed).toBe(true);
  const taken = Buffer.alloc(256 * MIB, 1);
  await step;
  expect(overlapped).toBe(true);
  expect(heldMeasure(charge)?.measured).toBe(before);
  expect(charge.what).not.toMatch(/more than the model's/);
  expect(taken[0]).toBe(1); // the block was alive while measured

  // Once the teardown's window has closed, b's steps are measured again.
  await teardownsSettled();
  let again: Buffer | null = null;
  for (let index = 8; again === null && index < 48; index += 8) {
    let settled = false;
    const next = handlers.show({ target: { index }, options: plain }, b).finally(() => (settled = true));
    await new Promise<void>((resolve) => setImmediate(resolve));
    const block = settled ? null : Buffer.alloc(256 * MIB, 2);
    await next;
    again = block;
  }
  expect(again).not.toBeNull();
  expect(heldMeasure(charge)?.measured ?? 0).toBeGreaterThan(before + 192 * MIB);
  expect(again?.[0]).toBe(2);
});
