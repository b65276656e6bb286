// A frame step of an open video over the real handlers, the real addon and a real fixture, decoded in software: the
// step is charged before the addon decodes (what its thumbnails and previews may add, beside what every client holds),
// refused with MEMORY_BUDGET_EXCEEDED when that passes the budget, and after it the file's charge follows the growth
// of the process's resident memory measured over the file's open and its steps.
import { expect, it } from 'vitest';
import type { PreviewParams } from '../../contract/preview';
import type { HandlerContext } from '../../electron/backend/handlers/types';
import { MemoryBudget, type Charge } from '../../electron/backend/memory-budget';
import { openCharge, pictureBytes } from '../../electron/backend/open-charge';
import { residentBytes, shapeOfInfo } from '../../electron/backend/open-budget';
import { heldMeasure, stepBytes } from '../../electron/backend/step-budget';
import { probeStreamShape } from '../../electron/backend/stream-shape';
import { fixture } from '../support/paths';
import { budgetFolders, HELD_FRAMES } from './budget-backend';

const MIB = 1_048_576;
const CLIP = 'h264-1080p-420.mp4'; // 1920x1088 coded, 48 frames: its pictures are 3 MiB each
/** Eight CPU-reference previews at the widest thumbnail: over 40 MiB of pictures beside the file. */
const MANY_PREVIEWS: PreviewParams[] = Array.from({ length: 8 }, () => ({ op: 'reference', maxWidth: 1024 }));

const folder = budgetFolders(CLIP, 'zci-step-');

function backend(memory: MemoryBudget) {
  const { handlers, client } = folder.backend(memory);
  return { handlers, ctx: client() };
}

/** The open file's charge on the budget. */
function chargeOf(ctx: HandlerContext): Charge {
  const charge = ctx.client.heldCharge();
  expect(charge).not.toBeNull();
  return charge as Charge;
}

/** The model's cost of the file as the addon opened it. */
async function modelOf(info: Parameters<typeof shapeOfInfo>[0]) {
  const shape = shapeOfInfo(info, await probeStreamShape(fixture(CLIP)));
  return { shape, bytes: openCharge(shape, info.decodePath, HELD_FRAMES).bytes };
}

const plain = { proof: false } as const;

/** Two clients under an ample budget, a with a.mp4 and b with b.mp4 open in software, a shown at frame 0. */
async function twoOpen() {
  const memory = new MemoryBudget(2 ** 40);
  const { handlers, client } = folder.backend(memory);
  const [a, b] = [client(), client()];
  await handlers.open({ path: 'a.mp4', options: { decode: 'software' } }, a);
  await handlers.open({ path: 'b.mp4', options: { decode: 'software' } }, b);
  await handlers.show({ target: { index: 0 }, options: plain }, a);
  return { memory, handlers, a, b };
}

it('refuses a step whose previews would pass the budget before the addon decodes it, and answers the steps that fit', async () => {
  const memory = new MemoryBudget(2 ** 40);
  const { handlers, ctx } = backend(memory);
  const opened = await handlers.open({ path: 'a.mp4', options: { decode: 'software' } }, ctx);
  expect(opened.info.decodePath).toBe('software');
  expect((await handlers.show({ target: { index: 0 }, options: plain }, ctx)).report.frameIndex).toBe(0);
  const { shape } = await modelOf(opened.info);

  // The rest of the budget taken but for half of what eight wide previews may add.
  const many = stepBytes(shape, { previews: MANY_PREVIEWS });
  const one = stepBytes(shape, { previews: [{}] });
  expect(many).toBeGreaterThan(40 * MIB);
  expect(one).toBeLessThan(many / 4);
  const room = Math.floor(many / 2);
  const filler = memory.charge(memory.limitBytes - memory.usedBytes - room, 'everything else');
  const held = memory.usedBytes;

  const before = residentBytes();
  const refused = await handlers
    .show({ target: { index: 30 }, options: { ...plain, previews: MANY_PREVIEWS } }, ctx)
    .catch((e: unknown) => e);
  expect(refused).toMatchObject({
    envelope: {
      code: 'MEMORY_BUDGET_EXCEEDED',
      message: expect.stringMatching(
        /^Frame 30 of .*a\.mp4: 8 operator preview\(s\) and the 3\.0 MiB picture their reference converts, beside the \d+\.\d MiB the file holds needs \d+\.\d MiB; the backend's memory budget of .* has \d+\.\d MiB left/,
      ),
      remedy: expect.stringMatching(/^Ask for fewer operator previews or smaller thumbnails.*--memory-budget/),
    },
  });
  // Refused before the decoder saw it: still at frame 0, nothing charged for it, the process not grown by its work.
  expect(ctx.client.snapshot().lastFrame).toBe(0);
  expect(memory.usedBytes).toBe(held);
  expect(residentBytes() - before).toBeLessThan(16 * MIB);

  // A plain step and a step with one preview fit: answered, and their charge ends with them.
  expect((await handlers.show({ target: { index: 30 }, options: plain }, ctx)).report.frameIndex).toBe(30);
  const previewed = await handlers.show(
    { target: { index: 31 }, options: { ...plain, previews: [{ op: 'reference' }], thumbnailWidth: 256 } },
    ctx,
  );
  expect(previewed.report.frameIndex).toBe(31);
  expect(previewed.previews).toHaveLength(1);
  expect(previewed.previews[0]?.result?.reference).not.toBeNull();
  expect(memory.usedBytes).toBe(filler.bytes + chargeOf(ctx).bytes);
  expect(memory.usedBytes).toBeLessThanOrEqual(memory.limitBytes);

  // Closing the file gives its charge back; the filler alone is left.
  await handlers.close({}, ctx);
  expect(memory.usedBytes).toBe(filler.bytes);
  filler.release();
});

it("reconciles the file's charge after each step with the growth measured over its open and its steps", async () => {
  const memory = new MemoryBudget(2 ** 40);
  const { handlers, ctx } = backend(memory);
  const start = residentBytes();
  const opened = await handlers.open({ path: 'a.mp4', options: { decode: 'software' } }, ctx);
  const model = await modelOf(opened.info);
  const charge = chargeOf(ctx);
  const atOpen = heldMeasure(charge);
  expect(atOpen).toMatchObject({ model: model.bytes });
  expect(charge.bytes).toBe(Math.max(model.bytes, atOpen?.measured ?? 0));

  for (let index = 0; index < 48; index += 6) {
    await handlers.show({ target: { index }, options: plain }, ctx);
    const now = heldMeasure(charge);
    expect(now).not.toBeNull();
    const measured = now?.measured ?? 0;
    // The charge is the larger of the model's and the measured growth, and it moved with every step.
    expect(charge.bytes, `frame ${index}`).toBe(Math.max(model.bytes, measured));
    expect(memory.usedBytes).toBe(charge.bytes);
    // What the backend measured is the process's own growth since before the open, but for the little this test
    // does between steps.
    expect(Math.abs(measured - Math.max(0, residentBytes() - start)), `frame ${index}`).toBeLessThan(8 * MIB);
  }
  // Decoding grew the process by pictures the open had not allocated (at least four of its 3 MiB ones; how much more
  // depends on the heap the earlier tests freed, which the decoder reuses), and the measurement followed.
  expect(heldMeasure(charge)?.measured ?? 0).toBeGreaterThan((atOpen?.measured ?? 0) + 4 * pictureBytes(model.shape));
});

it('charges the file what a step grew the process past the model, even past the budget, and refuses the next step and read', async () => {
  const memory = new MemoryBudget(2 ** 40);
  const { handlers, ctx } = backend(memory);
  const opened = await handlers.open({ path: 'a.mp4', options: { decode: 'software' } }, ctx);
  await handlers.show({ target: { index: 0 }, options: plain }, ctx);
  const model = await modelOf(opened.info);
  const charge = chargeOf(ctx);
  // 64 MiB of the budget left beside the file.
  const filler = memory.charge(memory.limitBytes - memory.usedBytes - 64 * MIB, 'everything else');

  // 256 MiB touched while a step decodes (a seek from frame 0 to 40: tens of frames): the process grew by it during
  // the step, and nothing else measured ran beside it, so it is the step's file's.
  let taken: Buffer | null = null;
  for (let index = 40; taken === null && index > 8; index -= 8) {
    let settled = false;
    const step = handlers.show({ target: { index }, options: plain }, ctx).finally(() => (settled = true));
    await new Promise<void>((resolve) => setImmediate(resolve));
    const during = settled ? null : Buffer.alloc(256 * MIB, 1);
    await step;
    if (during !== null) taken = during;
    else await handlers.show({ target: { index: 0 }, options: plain }, ctx); // answered too soon: once more
  }
  expect(taken).not.toBeNull();
  const measured = heldMeasure(charge)?.measured ?? 0;
  expect(measured).toBeGreaterThan(model.bytes + 192 * MIB); // less what the collector gave back meanwhile
  expect(charge.bytes).toBe(measured);
  expect(charge.what).toMatch(/measured \d+\.\d MiB, more than the model's$/);
  expect(memory.usedBytes).toBeGreaterThan(memory.limitBytes);

  // The next step of the file, and its memory read, are refused before the decoder sees them.
  const frame = ctx.client.snapshot().lastFrame;
  await expect(handlers.show({ target: { index: 47 }, options: plain }, ctx)).rejects.toMatchObject({
    envelope: {
      code: 'MEMORY_BUDGET_EXCEEDED',
      message: expect.stringMatching(
        /^Frame 47 of .*a\.mp4: the decode alone, beside the \d+\.\d MiB the file holds needs 0\.0 MiB; the backend's memory budget of \d+\.\d MiB is passed by \d+\.\d MiB already, measured/,
      ),
    },
  });
  await expect(handlers.readMemory({ index: 47, range: { plane: 0, row: 0, rows: 1 } }, ctx)).rejects.toMatchObject({
    envelope: { code: 'MEMORY_BUDGET_EXCEEDED' },
  });
  expect(ctx.client.snapshot().lastFrame).toBe(frame);

  // Room made elsewhere (another client's charge given back): the file steps again.
  filler.release();
  expect((await handlers.show({ target: { index: 47 }, options: plain }, ctx)).report.frameIndex).toBe(47);
  expect(taken?.[0]).toBe(1); // the block was alive while measured
  await handlers.close({}, ctx);
  expect(memory.usedBytes).toBe(0);
});

it("counts no growth as a file's while another client's step overlapped its step", async () => {
  const { handlers, a, b } = await twoOpen();
  await handlers.show({ target: { index: 0 }, options: plain }, b);
  const charges = [chargeOf(a), chargeOf(b)];
  let before: number[] = [];

  // 256 MiB touched while both clients' steps decode: the growth is neither file's.
  let taken: Buffer | null = null;
  for (let index = 40; taken === null && index > 8; index -= 8) {
    let settled = 0;
    before = charges.map((charge) => heldMeasure(charge)?.measured ?? 0); // a retry below measures its steps
    const steps = [a, b].map((ctx) =>
      handlers.show({ target: { index }, options: plain }, ctx).finally(() => (settled += 1)),
    );
    await new Promise<void>((resolve) => setImmediate(resolve));
    const during = settled > 0 ? null : Buffer.alloc(256 * MIB, 1);
    await Promise.all(steps);
    if (during !== null) taken = during;
    else for (const ctx of [a, b]) await handlers.show({ target: { index: 0 }, options: plain }, ctx);
  }
  expect(taken).not.toBeNull();
  charges.forEach((charge, i) => {
    const measured = heldMeasure(charge)?.measured ?? 0;
    expect(measured, `client ${i}`).toBe(before[i]);
    expect(charge.bytes).toBe(Math.max(heldMeasure(charge)?.model ?? 0, measured));
    expect(charge.what).not.toMatch(/more than the model's/);
  });
  expect(taken?.[0]).toBe(1); // the block was alive while measured
});

it("counts no growth as a file's while a decoder A/B ran beside its step", async () => {
  const { memory, handlers, a, b } = await twoOpen();
  const charge = chargeOf(a);
  const before = heldMeasure(charge)?.measured ?? 0;
  const opened = memory.usedBytes;

  // b's A/B decodes to frame 47 twice; a steps while it runs, and 256 MiB is touched during a's step.
  let compared = false;
  const comparison = handlers.compareDecoders({ index: 47 }, b).finally(() => (compared = true));
  while (memory.usedBytes === opened) await new Promise<void>((resolve) => setImmediate(resolve));
  let stepped = false;
  const step = handlers.show({ target: { index: 24 }, options: plain }, a).finally(() => (stepped = true));
  await new Promise<void>((resolve) => setImmediate(resolve));
  const overlapped = !compared && !stepped;
  const taken = Buffer.alloc(256 * MIB, 1);
  await step;
  await comparison;
  expect(overlapped).toBe(true);
  expect(heldMeasure(charge)?.measured).toBe(before);
  expect(charge.what).not.toMatch(/more than the model's/);
  expect(taken[0]).toBe(1); // the block was alive while measured
});
