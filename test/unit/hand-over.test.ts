/** A recorded frame's stream at hand-over: read from its recorded facts, and the words each state gets. */
import { describe, expect, it } from 'vitest';
import { type CapturedFrame, type CaptureManifest } from '../../contract/capture';
import { recordedSummary } from '../../contract/capture-summary';
import { HAND_OVER_CARD_HEADLINE, handOverCardWords, handOverWords } from '../../wording/hand-over';
import { sampleCapture } from '../support/captures';
import { recorderContents } from '../support/recorder-captures';

/** The sample capture as the recorder would write it, each frame's recorded facts holding `streams[i]`. */
function recorded(streams: unknown[]): CaptureManifest {
  return recorderContents([0, 1, 2].slice(0, streams.length), (f, i) => ({
    ...f,
    recorded: { stream: streams[i] } as CapturedFrame['recorded'],
  })).manifest;
}

describe('a recorded frame’s stream at hand-over', () => {
  it('is read from each frame’s facts; frames whose facts hold none, or a malformed one, are left out', () => {
    const summary = recordedSummary(
      recorded([
        { handle: '0x5a5a00', method: 'cuStreamQuery', state: 'pending' },
        { handle: null, method: null, state: 'not-named' },
        { handle: '0x1', method: 'cuStreamQuery', state: 'maybe' },
      ]),
    );
    expect(summary?.handOver).toEqual([
      { index: 0, handle: '0x5a5a00', method: 'cuStreamQuery', state: 'pending' },
      { index: 1, handle: null, method: null, state: 'not-named' },
    ]);
  });

  it('is absent from a capture the inspector made', () => {
    expect(recordedSummary(sampleCapture([0]).manifest)).toBeUndefined();
  });

  it('says pending in red with what to do, done in green, and not checked with how to check', () => {
    const pending = handOverWords({ index: 3, handle: '0x5a5a00', method: 'cuStreamQuery', state: 'pending' });
    expect(pending).toMatchObject({ badge: 'STREAM PENDING', tone: 'bad' });
    expect(pending.text).toContain('Frame 3: stream 0x5a5a00 still had decode work pending');
    expect(pending.text).toContain('wait on it first');
    const done = handOverWords({ index: 0, handle: '0x7', method: 'cuEventQuery', state: 'complete' });
    expect(done).toMatchObject({ badge: 'STREAM DONE', tone: 'ok' });
    expect(done.text).toContain('event 0x7 had finished');
    const unnamed = handOverWords({ index: 1, handle: null, method: null, state: 'not-named' });
    expect(unnamed).toMatchObject({ badge: 'STREAM NOT CHECKED', tone: 'unknown' });
    expect(unnamed.text).toContain('stream=');
  });

  it('gives the presenter an amber card for a pending stream only', () => {
    const card = handOverCardWords({ index: 3, handle: '0x5a5a00', method: 'cuStreamQuery', state: 'pending' });
    expect(card).toMatchObject({ headline: HAND_OVER_CARD_HEADLINE, tone: 'warn' });
    expect(HAND_OVER_CARD_HEADLINE.toLowerCase()).toBe('handed over before decode finished');
    expect(card?.why).toContain('stream 0x5a5a00 still had work pending');
    expect(handOverCardWords({ index: 0, handle: '0x7', method: 'cuEventQuery', state: 'complete' })).toBeNull();
    expect(handOverCardWords({ index: 1, handle: null, method: null, state: 'not-named' })).toBeNull();
  });
});
