// The backend's memory budget over the real handlers and the real addon: every client's files are charged to one
// budget before they are opened, a charge past it is refused with MEMORY_BUDGET_EXCEEDED, and a closed
// file gives its charge back.
import path from 'node:path';
import { expect, it } from 'vitest';
import { MemoryBudget } from '../../electron/backend/memory-budget';
import { readCapture } from '../../electron/capture/capture-file';
import { CaptureSession } from '../../electron/capture/capture-session';
import { asProcessWork, chargeOpen } from '../../electron/backend/open-budget';
import { PIXEL_BUDGET } from '../../contract/vocabulary';
import { MEMORY_READ_CAP } from '../../contract/memory';
import { addon } from '../support/live/addon';
import { budgetFolders, HELD_FRAMES, modelBytes } from './budget-backend';
import { captureWithMemoryBytes } from '../support/memory-captures';
import { fixture } from '../support/paths';

const MIB = 1_048_576;
const CLIP = 'h264-odd-642x362.mp4'; // coded 656x368 (whole macroblocks)
const folder = budgetFolders(CLIP, 'zci-budget-');

function backend(memory: MemoryBudget) {
  return folder.backend(memory);
}

it('charges each open file its cost before the open, refuses the one that does not fit, and takes the charge back on close', async () => {
  const { handlers, client } = backend(new MemoryBudget(0));
  const first = await handlers.open({ path: 'a.mp4' }, client()).catch((e: unknown) => e);
  expect(first).toMatchObject({ envelope: { code: 'MEMORY_BUDGET_EXCEEDED' } });

  const a = client();
  const b = client();
  const memory = new MemoryBudget(2 ** 40);
  const one = backend(memory);
  const opened = await one.handlers.open({ path: 'a.mp4' }, a);
  // The model's charge at least, raised to what the open took where that was more (open-budget.ts).
  const model = await modelBytes(fixture(CLIP), opened.info);
  const charged = memory.usedBytes;
  expect(charged).toBeGreaterThanOrEqual(model);
  // The rest of the budget taken but for one byte less than b's charge: refused before anything is opened.
  // (Before the warm-up has said whether there is a CUDA device, the larger of the software and NVDEC charges.)
  const filler = memory.charge(memory.limitBytes - charged - model + 1, 'everything else');
  const refused = await one.handlers.open({ path: 'b.mp4' }, b).catch((e: unknown) => e);
  expect(refused).toMatchObject({
    envelope: {
      code: 'MEMORY_BUDGET_EXCEEDED',
      message: expect.stringMatching(
        /Opening .*b\.mp4: (4 reference frames, \d+ decoder thread\(s\) and 2 held frames of a 656x368 4:2:0 8-bit h264 picture|what an NVDEC decoder of a 656x368 h264 stream holds in this process's memory \(its 4 reference frames and 2 held frames are device memory\)) .* the backend's memory budget of/,
      ),
    },
  });
  expect(b.client.snapshot().lastFile).toBeNull(); // nothing was kept of the refused file
  expect(memory.usedBytes).toBe(charged + filler.bytes);
  await one.handlers.close({}, a);
  expect(memory.usedBytes).toBe(filler.bytes);
  await one.handlers.open({ path: 'b.mp4' }, b);
  expect(memory.usedBytes - filler.bytes).toBeGreaterThanOrEqual(model);
});

it('charges a memory read before it copies, and refuses one the budget cannot hold', async () => {
  const memory = new MemoryBudget(2 ** 40);
  const { handlers, client } = backend(memory);
  const ctx = client();
  await handlers.open({ path: 'a.mp4' }, ctx);
  const held = memory.usedBytes;
  // Room for one copy of a read, not for its two.
  const filler = memory.charge(memory.limitBytes - held - MEMORY_READ_CAP, 'everything else');
  const read = await handlers
    .readMemory({ index: 0, range: { plane: 0, row: 0, rows: 1 } }, ctx)
    .catch((e: unknown) => e);
  expect(read).toMatchObject({ envelope: { code: 'MEMORY_BUDGET_EXCEEDED' } });
  // The file's own charge may follow what its decode measurably took (a step is reconciled like an open): whatever
  // it is now, nothing but it and the filler is held once the refused read is over.
  const fileCharge = () => ctx.client.heldCharge()?.bytes ?? Number.NaN;
  expect(memory.usedBytes).toBe(fileCharge() + filler.bytes);

  filler.resize(Math.max(0, memory.limitBytes - Math.max(held, fileCharge()) - 2 * MEMORY_READ_CAP), 'everything else');
  const ok = await handlers.readMemory({ index: 0, range: { plane: 0, row: 0, rows: 1 } }, ctx);
  expect(ok.rows).toBe(1);
  expect(memory.usedBytes).toBe(fileCharge() + filler.bytes); // the read's charge ended with it
});

it("charges a read of a capture's memory like a live read, and refuses one past the read cap before any copy", async () => {
  const opened = await readCapture(captureWithMemoryBytes(), 'memory.zci');
  const ask = { index: 0, range: { plane: 0, row: 1078, rows: 10 } };

  // Room for everything but a read's two copies: refused, and nothing stays charged.
  const tight = new MemoryBudget(2 * MEMORY_READ_CAP - 1);
  const { handlers, client } = backend(tight);
  const ctx = client();
  ctx.client.replace(
    new CaptureSession(opened, path.join(folder.dir, 'memory.zci')),
    path.join(folder.dir, 'memory.zci'),
  );
  await expect(handlers.readMemory(ask, ctx)).rejects.toMatchObject({
    envelope: {
      code: 'MEMORY_BUDGET_EXCEEDED',
      message: expect.stringMatching(/A memory read of captured frame 0 needs 2\.0 MiB/),
    },
  });
  expect(tight.usedBytes).toBe(0);

  // With room, answered from the capture, and the charge ends with the read.
  const roomy = new MemoryBudget(2 * MEMORY_READ_CAP);
  const second = backend(roomy);
  const other = second.client();
  other.client.replace(
    new CaptureSession(opened, path.join(folder.dir, 'memory.zci')),
    path.join(folder.dir, 'memory.zci'),
  );
  const answer = await second.handlers.readMemory(ask, other);
  expect([answer.rows, answer.bytesPerRow, answer.bytesRead]).toEqual([10, 2048, 0]);
  expect(roomy.usedBytes).toBe(0);
  // Past the cap: MEMORY_READ_TOO_LARGE, as a live read answers, not a 1.2 MB answer built from the capture.
  await expect(
    second.handlers.readMemory({ index: 0, range: { plane: 0, row: 0, rows: 600 } }, other),
  ).rejects.toMatchObject({ envelope: { code: 'MEMORY_READ_TOO_LARGE' } });
  expect(roomy.usedBytes).toBe(0);
});

it("charges the decoder A/B's two decoders as opens are, refuses it when they do not fit, and gives them back after", async () => {
  const memory = new MemoryBudget(2 ** 40);
  const { handlers, client } = backend(memory);
  const ctx = client();
  const opened = await handlers.open({ path: 'a.mp4' }, ctx);
  const held = memory.usedBytes;
  const twice =
    (await modelBytes(fixture(CLIP), opened.info)) + (await modelBytes(fixture(CLIP), opened.info, 'software'));
  // Room for all but one byte of the two decoders: refused before either is opened.
  const filler = memory.charge(memory.limitBytes - held - twice + 1, 'everything else');
  await expect(handlers.compareDecoders({ index: 0 }, ctx)).rejects.toMatchObject({
    envelope: {
      code: 'MEMORY_BUDGET_EXCEEDED',
      message: expect.stringMatching(/^Comparing two decoders of .*a\.mp4: twice 4 reference frames/),
    },
  });
  filler.resize(memory.limitBytes - held - twice, 'everything else');
  const compared = await handlers.compareDecoders({ index: 0 }, ctx);
  expect(compared.frames).toHaveLength(1);
  expect(memory.usedBytes).toBe(held + filler.bytes); // the comparison's charge ended with it
});

it("raises an open's charge to the growth it measured when that passes the model, unless other work overlapped it", async () => {
  const memory = new MemoryBudget(2 ** 40);
  const opened = await addon?.Session.open(fixture(CLIP), { decode: 'software' });
  if (opened === undefined) throw new Error('no addon');
  const info = opened.info;
  opened.close();
  const model = await modelBytes(fixture(CLIP), info);

  // What an open took, past its model: 256 MiB touched while it ran.
  const pending = await chargeOpen(memory, fixture(CLIP), 'software', HELD_FRAMES, PIXEL_BUDGET.default);
  const taken = Buffer.alloc(256 * MIB, 1);
  pending.reconcile(info);
  pending.settle();
  expect(pending.charge.bytes).toBeGreaterThanOrEqual(224 * MIB); // less what the collector gave back meanwhile
  expect(pending.charge.what).toMatch(/the open took \d+\.\d MiB, more than the model's$/);
  pending.charge.release();

  // The same growth while the addon's warm-up (process-wide work) runs is not the open's: the model alone.
  let finish: () => void = () => undefined;
  const work = asProcessWork(new Promise<void>((resolve) => (finish = resolve)));
  const overlapped = await chargeOpen(memory, fixture(CLIP), 'software', HELD_FRAMES, PIXEL_BUDGET.default);
  const more = Buffer.alloc(256 * MIB, 1);
  overlapped.reconcile(info);
  overlapped.settle();
  finish();
  await work;
  expect(overlapped.charge.bytes).toBe(model);
  overlapped.charge.release();
  expect((taken[0] ?? 0) + (more[0] ?? 0)).toBe(2); // both blocks were alive while measured
  expect(memory.usedBytes).toBe(0);
});
