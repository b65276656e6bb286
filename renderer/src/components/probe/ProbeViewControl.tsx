/**
 * How the probe draws a plane's samples: the channel (U and V as colour, U only or V only as grey, for interleaved
 * chroma; a one-component plane is its own channel, and says so), the range (full scale, or stretched from the least
 * to the greatest sample of the tiles read, with the two said), and for samples kept in 16-bit words with fewer bits
 * (P010 keeps them high, yuv420p10le low) the value against the word as stored, whose high byte is what an 8-bit read
 * of the bytes sees. One Tab stop: the arrow keys, Home and End move between its buttons. What is drawn other than
 * today's picture is also said in words, so an export (which leaves buttons out) says it too.
 */
import { useRef } from 'react';
import { useRovingFocus } from '../common/roving-focus';
import type { SampleLayout } from './sample-format';
import { hasWordView, type SampleSpan } from './tile-image';
import type { ProbeViewChoice } from './view-choice';

/** Props of ProbeViewControl. */
export interface ProbeViewControlProps {
  layout: SampleLayout;
  /** The plane's name ("UV", "Y"). */
  planeName: string;
  /** FFmpeg's name of the format ("p010le"). */
  swFormat: string;
  choice: ProbeViewChoice;
  onChoice(choice: ProbeViewChoice): void;
  /** The span a stretch uses (null until a tile is read, or while the range is full). */
  stretch: SampleSpan | null;
}

/** The words of the value's button: how the value comes from the word. */
function valueWords(layout: SampleLayout, swFormat: string): string {
  if (layout.placement === 'high')
    return `value (${swFormat.replace(/(le|be)$/, '').toUpperCase()} >> ${layout.shift})`;
  return `value (word & 0x${layout.mask.toString(16)})`;
}

/** The control. */
export function ProbeViewControl({ layout, planeName, swFormat, choice, onChoice, stretch }: ProbeViewControlProps) {
  const box = useRef<HTMLDivElement>(null);
  const roving = useRovingFocus(box, 'button');
  const two = layout.components.length === 2;
  const words = hasWordView(layout);
  const button = (testId: string, text: string, pressed: boolean, next: Partial<ProbeViewChoice>) => (
    <button type="button" data-testid={testId} aria-pressed={pressed} onClick={() => onChoice({ ...choice, ...next })}>
      {text}
    </button>
  );
  const [u, v] = layout.components;
  // What the view draws other than today's picture, in words: exports leave the buttons out, not this.
  const said = [
    ...(two && choice.channel !== 'all' ? [`${layout.components[choice.channel] ?? ''} only`] : []),
    ...(words && choice.representation === 'word' ? ['words as stored'] : []),
  ];
  return (
    <div
      className="probe-view-control"
      role="toolbar"
      aria-label="Probe view: channel and range"
      data-testid="probe-view"
      data-group=""
      ref={box}
      onKeyDown={roving.onKeyDown}
      onFocus={roving.onFocus}
    >
      {two ? (
        <div role="group" aria-label="Channel">
          {button('probe-channel-all', `${u ?? 'U'} and ${v ?? 'V'}`, choice.channel === 'all', { channel: 'all' })}
          {button('probe-channel-0', `${u ?? 'U'} only`, choice.channel === 0, { channel: 0 })}
          {button('probe-channel-1', `${v ?? 'V'} only`, choice.channel === 1, { channel: 1 })}
        </div>
      ) : (
        <span className="muted" data-testid="probe-channel-one">
          channel: {planeName} (one component)
        </span>
      )}
      <div role="group" aria-label="Range">
        {button('probe-range-full', 'full scale', choice.range === 'full', { range: 'full' })}
        {button('probe-range-stretch', 'stretch', choice.range === 'stretch', { range: 'stretch' })}
      </div>
      {words && (
        <div role="group" aria-label="Sample">
          {button('probe-repr-value', valueWords(layout, swFormat), choice.representation === 'value', {
            representation: 'value',
          })}
          {button('probe-repr-word', 'word as stored', choice.representation === 'word', {
            representation: 'word',
          })}
        </div>
      )}
      {said.length > 0 && (
        <span className="muted" data-testid="probe-view-said">
          drawn: {said.join(', ')}
        </span>
      )}
      {choice.range === 'stretch' && (
        <span
          className="muted"
          data-testid="probe-stretch"
          data-min={stretch?.min}
          data-max={stretch?.max}
          role="status"
        >
          {stretch === null ? 'stretch: no tile read yet' : `stretch ${fmt(stretch.min)}…${fmt(stretch.max)} → 0…255`}
        </span>
      )}
    </div>
  );

  /** A number as the view shows it: a word in hex. */
  function fmt(n: number): string {
    return choice.representation === 'word' && words ? `0x${n.toString(16).padStart(4, '0')}` : String(n);
  }
}
