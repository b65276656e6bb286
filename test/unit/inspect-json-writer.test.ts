/** inspect --json written piece by piece is the whole output serialised at once, for every shape it can take. */
import { describe, expect, it } from 'vitest';
import type { InspectedFrame, InspectHead, InspectSummary } from '../../contract/inspect-output';
import { InspectJsonWriter } from '../../electron/cli/inspect-json-writer';

// Loose values: the writer serialises whatever it is given; the shapes here exercise nesting, nulls, empty arrays
// and strings with newlines, quotes and non-ASCII text, not the schema (the integration test runs real output).
const head = {
  tool: { name: 'zerocopy-inspector', version: '0.1.0' },
  input: { kind: 'video', path: '/clips/a "b"\nc.mp4', capture: null },
  strict: false,
  stream: { codec: 'h264', frameCount: 3, sizes: [[1920, 1080], []] },
  environment: null,
} as unknown as InspectHead;

const frame = (index: number): InspectedFrame =>
  ({
    index,
    report: index === 1 ? null : { planes: [{ pitch: 2048, rows: [] }], note: 'chroma → row 1088' },
    error: index === 1 ? { code: 'DECODE_FAILED', message: 'bad\npacket', remedy: 'skip it' } : null,
    checks: index === 2 ? [] : [{ name: 'aliasing', ok: null, detail: '' }],
    ok: index !== 1,
  }) as unknown as InspectedFrame;

const summary = (n: number): InspectSummary => ({
  frames: n,
  failed: 0,
  unchecked: 0,
  ok: true,
  provenance: null,
  exitCode: 0,
});

function written(frames: InspectedFrame[]): string {
  let text = '';
  const writer = new InspectJsonWriter((piece) => (text += piece));
  writer.begin(head);
  for (const f of frames) writer.frame(f);
  writer.end(summary(frames.length));
  return text;
}

describe('InspectJsonWriter', () => {
  for (const n of [0, 1, 3]) {
    it(`writes ${n} frames exactly as JSON.stringify(output, null, 2)`, () => {
      const frames = [...Array(n).keys()].map(frame);
      const whole = `${JSON.stringify({ ...head, frames, summary: summary(n) }, null, 2)}\n`;
      expect(written(frames)).toBe(whole);
    });
  }

  it('writes each frame when it is given, before the summary is known', () => {
    const pieces: string[] = [];
    const writer = new InspectJsonWriter((piece) => pieces.push(piece));
    writer.begin(head);
    writer.frame(frame(0));
    expect(pieces.join('')).toContain('"note": "chroma → row 1088"');
    expect(pieces.join('')).not.toContain('"summary"');
  });
});
