/**
 * Hostile captures (test/support/hostile-captures.ts) read in this thread: each is refused with CAPTURE_INVALID
 * naming what it broke, or opens and stays bounded when its pictures are asked for. The same files against the
 * real backend, with memory and other clients measured, are in test/integration/capture-hostile.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readCapture } from '../../electron/capture/capture-file';
import { CaptureSession } from '../../electron/capture/capture-session';
import type { RpcFailure } from '../../contract/envelope';
import { hostileCaptures, type HostileCapture } from '../support/hostile-captures';

let captures: Map<string, HostileCapture>;

beforeAll(async () => {
  captures = new Map((await hostileCaptures()).map((capture) => [capture.name, capture]));
}, 60_000);

function hostile(name: string): HostileCapture {
  const capture = captures.get(name);
  if (capture === undefined) throw new Error(`no hostile capture ${name}`);
  return capture;
}

describe('hostile captures', () => {
  it.each([
    'nested-params',
    'png-bomb',
    'png-header-bomb',
    'zip-bomb-declared',
    'zip-bomb-undeclared',
    'manifest-bomb',
    'many-large-entries',
  ])('%s is refused with CAPTURE_INVALID naming what it broke, quickly', async (name) => {
    const capture = hostile(name);
    const started = performance.now();
    const error = (await readCapture(capture.bytes, `${name}.zci`).catch((e: unknown) => e)) as RpcFailure;
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error.code).toBe('CAPTURE_INVALID');
    expect(error.message).toMatch(capture.message ?? /./);
  });

  it('idat-bomb opens (its picture fails to decode where the capture is read) and its thumbnail is refused when asked for', async () => {
    const opened = await readCapture(hostile('idat-bomb').bytes, 'idat-bomb.zci');
    const session = new CaptureSession(opened, '/idat-bomb.zci');
    await expect(session.show({ index: 0 }, { thumbnailWidth: 480 })).rejects.toMatchObject({
      code: 'CAPTURE_INVALID',
      message: expect.stringMatching(/inflates to more than the 2340 bytes its header declares/),
    });
    // The other frames' pictures are untouched by it.
    const other = await session.show({ index: 3 }, { thumbnailWidth: 480 });
    expect((other.thumbnails ?? []).map((thumb) => thumb.width)).toEqual([64, 32]);
  });

  it('many-references decodes its one large picture once, however many thumbnails name it', async () => {
    const opened = await readCapture(hostile('many-references').bytes, 'many-references.zci');
    expect(opened.decodedBytes).toBe(4096 * 4096);
    const session = new CaptureSession(opened, '/many-references.zci');
    for (const index of [0, 1, 299, 599]) {
      const { thumbnails } = await session.show({ index }, { thumbnailWidth: 64 });
      expect(thumbnails).toHaveLength(8);
    }
    expect(session.decodedBytes).toBe(4096 * 4096);
  });
});
