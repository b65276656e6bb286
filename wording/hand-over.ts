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

/** The presenter's card for a frame handed over before its decode finished. */
interface HandOverCardWords {
  headline: string;
  /** Amber: the frame may be whole, but nothing waited for it to be. */
  tone: 'warn';
  why: string;
}

/** The presenter card's headline. */
export const HAND_OVER_CARD_HEADLINE = 'HANDED OVER BEFORE DECODE FINISHED';

/** The presenter's card for a frame's stream at hand-over: only a pending stream has one (the others are not a
 * warning, and the capture banner's notice already says them). */
export function handOverCardWords(h: HandOver): HandOverCardWords | null {
  if (h.state !== 'pending') return null;
  const stream = `${h.method === 'cuEventQuery' ? 'event' : 'stream'} ${h.handle ?? '?'}`;
  return {
    headline: HAND_OVER_CARD_HEADLINE,
    tone: 'warn',
    why:
      `handed over before decode finished: ${stream} still had work pending (${h.method ?? 'a query'}, not a wait), ` +
      'so the pixels shown may be half written; one CUDA context does not make the stream wait.',
  };
}
