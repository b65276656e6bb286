/**
 * `inspect --json` written as it is made: the head first, each frame as soon as it is checked, the summary last. The
 * text is byte for byte JSON.stringify(output, null, 2) of the whole output (a unit test holds it to that), so a
 * reader cannot tell; the process does not wait for the last frame to serialise the first.
 */
import type { InspectedFrame, InspectHead, InspectSummary } from '../../contract/inspect-output';

const FRAMES_KEY = '\n  "frames": []';

/** TEXT's lines after the first indented by PAD (a value nested in an indented JSON document). */
const nest = (text: string, pad: string): string => text.split('\n').join(`\n${pad}`);

/** Writes one inspect output in pieces through WRITE. */
export class InspectJsonWriter {
  private frames = 0;
  private tail = '';

  constructor(private readonly write: (text: string) => void) {}

  /** The head, up to the opening of the frames array. */
  begin(head: InspectHead): void {
    const text = JSON.stringify({ ...head, frames: [], summary: null }, null, 2);
    const at = text.lastIndexOf(FRAMES_KEY);
    if (at < 0) throw new Error('the head did not serialise with its frames key');
    this.write(text.slice(0, at + FRAMES_KEY.length - 1));
    this.tail = text.slice(at + FRAMES_KEY.length).replace(/"summary": null\n}$/, '');
  }

  /** One frame, in order. */
  frame(frame: InspectedFrame): void {
    this.write(`${this.frames === 0 ? '\n' : ',\n'}    ${nest(JSON.stringify(frame, null, 2), '    ')}`);
    this.frames += 1;
  }

  /** The closing of the frames array and the summary. */
  end(summary: InspectSummary): void {
    this.write(
      `${this.frames === 0 ? ']' : '\n  ]'}${this.tail}"summary": ${nest(JSON.stringify(summary, null, 2), '  ')}\n}\n`,
    );
  }
}
