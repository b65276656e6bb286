/** The words for a recorded frame's stream at hand-over: a badge, its tone, and what it means for the user's code. */
import type { HandOver } from '../contract/capture-summary';

/** The notice's words for one frame. */
export interface HandOverWords {
  badge: string;
  tone: 'ok' | 'bad' | 'unknown';
  text: string;
}

/** What a frame's stream at hand-over says. */
export function handOverWords(h: HandOver): HandOverWords {
  const stream = `${h.method === 'cuEventQuery' ? 'event' : 'stream'} ${h.handle ?? '?'}`;
  if (h.state === 'pending')
    return {
      badge: 'STREAM PENDING',
      tone: 'bad',
      text:
        `Frame ${h.index}: ${stream} still had decode work pending when the frame was handed over (${h.method ?? 'a query'}, ` +
        'not a wait). Code that reads the frame on another stream may see it half written: wait on it first (an ' +
        'event recorded after the decode, waited on by the consumer’s stream).',
    };
  if (h.state === 'complete')
    return {
      badge: 'STREAM DONE',
      tone: 'ok',
      text: `Frame ${h.index}: ${stream} had finished its work when the frame was handed over (${h.method ?? 'a query'}, not a wait).`,
    };
  return {
    badge: 'STREAM NOT CHECKED',
    tone: 'unknown',
    text:
      `Frame ${h.index}: no stream or event was named when it was recorded, so whether the decode had finished at ` +
      'hand-over was not checked. Name the decode’s stream (stream=, or event=) where you record the frame.',
  };
}
