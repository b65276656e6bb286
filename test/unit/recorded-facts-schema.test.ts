/**
 * A recorder frame's facts have their shape where they are stored: the inspector refuses a capture whose recorded
 * source, wrapped object or stream is malformed with CAPTURE_INVALID naming the field, from the same list of cases
 * the Python package's own check is held to (test/support/malformed-recorded-facts.json), so a capture the package
 * lets through opens here and one it refuses is refused here at the same place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedObject, RecorderFacts } from '../../contract/capture-recorded';
import type { RpcFailure } from '../../contract/envelope';
import { readCapture } from '../../electron/capture/capture-file';
import { encodeCapture } from '../../electron/capture/capture-write';
import { recorderContents } from '../support/recorder-captures';
import { editManifest } from '../support/zip-edit';

interface MalformedCase {
  what: string;
  set?: (string | number)[];
  delete?: (string | number)[];
  value?: unknown;
  path: string;
}

const CASES = (
  JSON.parse(fs.readFileSync(path.join(__dirname, '../support/malformed-recorded-facts.json'), 'utf8')) as {
    cases: MalformedCase[];
  }
).cases;

const BASE = 0x205600000;
const PITCH = 2048;
const hex = (n: number): string => `0x${n.toString(16)}`;
const ALLOCATION = { start: hex(BASE), size: 3342336, memory: 'device', device: 0, context: '0x7f60ac', bufferId: '9' };
const planes: RecordedObject['planes'] = [
  { name: 'Y', pointer: hex(BASE), pitch: PITCH, width: 1920, height: 1080, bytesPerSample: 1, allocation: ALLOCATION },
  {
    name: 'UV',
    pointer: hex(BASE + PITCH * 1088),
    pitch: PITCH,
    width: 960,
    height: 540,
    bytesPerSample: 2,
    allocation: ALLOCATION,
  },
];
const FACTS: RecorderFacts = {
  source: { kind: 'pynvvideocodec', described: 'decoded NV12 frame', pixelFormat: 'nv12', planes },
  wrapped: { kind: 'cvcuda', described: 'nvcv.Image NV12', planes },
  stream: { handle: '0x5a5a00', method: 'cuStreamQuery', state: 'complete' },
};

/** A recorder's capture of one frame with these facts in its recorded block (and what else a recorder adds). */
function recorderCapture(): Buffer {
  const contents = recorderContents([0], (frame) => ({
    ...frame,
    recorded: { ...structuredClone(FACTS), boundaries: [], bytesRead: 0 },
  }));
  return Buffer.from(encodeCapture(contents));
}

/** The capture with one change to its recorded block, as the case says. */
function malformed(bytes: Buffer, change: MalformedCase): Buffer {
  return editManifest(
    bytes,
    (manifest) => {
      const steps = change.set ?? change.delete ?? [];
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      let parent: any = manifest.frames[0].recorded;
      for (const step of steps.slice(0, -1)) parent = parent[step];
      const last = steps[steps.length - 1] as string | number;
      if (change.set !== undefined) parent[last] = change.value;
      else delete parent[last];
    },
    { unsign: true },
  );
}

const refusal = (bytes: Buffer): Promise<RpcFailure | null> =>
  readCapture(bytes, 'x.zci').then(
    () => null,
    (error: unknown) => error as RpcFailure,
  );

describe("a recorder frame's facts, checked where they are read", () => {
  it('a recorder capture with well-formed facts opens, an unknown field beside them dropped, not refused', async () => {
    expect(await refusal(recorderCapture())).toBeNull();
    const extra = editManifest(
      recorderCapture(),
      (manifest) => {
        manifest.frames[0].recorded.source.planes[0].note = 'from a newer recorder';
        manifest.frames[0].recorded.extra = { any: ['json'] };
      },
      { unsign: true },
    );
    expect(await refusal(extra)).toBeNull();
  });

  it.each(CASES.map((c) => [c.what, c] as const))('%s is refused with CAPTURE_INVALID at its field', async (_, c) => {
    const failure = await refusal(malformed(recorderCapture(), c));
    expect(failure?.code).toBe('CAPTURE_INVALID');
    expect(failure?.message).toContain(`does not match the format:`);
    expect(failure?.message).toContain(`→ at ${c.path}`);
  });
});
