/**
 * The probe's readout in words, one "label: value" line per row, as the readout shows it and as its Copy button
 * puts it on the clipboard (addresses as plain 0x hex, ready for a debugger, where the screen groups the digits).
 */
import type { SideLabels } from '../../../../wording/sides';
import type { PixelReading } from './probe-reading';
import type { DecodedSample } from './sample-format';
import type { RgbSample } from './yuv-rgb';

/** What the readout shows of one pixel, as the readout is given it. */
export interface ReadoutFacts {
  reading: PixelReading;
  pin: { x: number; y: number; plane: number } | null;
  rgb: RgbSample | null;
  rgbNote: string;
  rawNote: string | null;
  sides: SideLabels;
}

/** True when the pixel read is the pinned one. */
export function isPinned(facts: Pick<ReadoutFacts, 'reading' | 'pin'>): boolean {
  const { pin, reading } = facts;
  return pin !== null && pin.plane === reading.at.plane && pin.x === reading.at.x && pin.y === reading.at.y;
}

/** "data[0] + 32105", or the recorded object's own name for the plane. */
export function sourceBase(sides: SideLabels, plane: number, offset: number): string {
  return `${sides.decoder === null ? `data[${plane}]` : `${sides.source}’s plane ${plane}`} + ${offset}`;
}

/** "NVCV’s exported plane 0 + 32105", or the recorded object's own name for it. */
export function wrappedBase(sides: SideLabels, plane: number, offset: number): string {
  return `${sides.decoder === null ? 'NVCV’s exported' : `${sides.wrapped}’s`} plane ${plane} + ${offset}`;
}

/** Why there is no wrapped address for a plane. */
export function noWrappedWords(sides: SideLabels): string {
  return sides.decoder === null
    ? 'NVCV exported no pointer for this plane'
    : `no ${sides.wrapped} pointer was recorded for this plane`;
}

/** One raw sample as the readout writes it: "Y: 0x51 = 81", or "Y: bytes c0 fe → word 0xfec0 → 1019". */
export function sampleText(sample: DecodedSample): string {
  const how = sample.bytes.includes(' ') ? `bytes ${sample.bytes} → word ${sample.word} → ` : `${sample.word} = `;
  return `${sample.component}: ${how}${sample.value}`;
}

/** The colour as the readout writes it, after its swatch. */
export function rgbText(rgb: RgbSample, note: string): string {
  const assumed = rgb.assumptions.length > 0 ? ` · ${rgb.assumptions.join('; ')}` : '';
  return `(${rgb.r}, ${rgb.g}, ${rgb.b}) through ${rgb.matrix}, ${rgb.range} range · ${note}${assumed}`;
}

/** The readout as text: one line a row, in the readout's order. */
export function readoutText(facts: ReadoutFacts): string {
  const { reading, pin, rgb, rgbNote, rawNote, sides } = facts;
  const { at } = reading;
  const pinned = isPinned(facts);
  const lines: [string, string][] = [
    [
      'pixel',
      `x ${at.x}, y ${at.y} · plane ${reading.planeName}${pinned ? ' · pinned' : ''}${
        pin !== null && !pinned ? ` · under the pointer; pinned at x ${pin.x}, y ${pin.y}` : ''
      }`,
    ],
    ['offset', `row × pitch + x × bytes per pixel = ${reading.formula}`],
    [sides.source, `${reading.ffmpegAddress ?? '—'} = ${sourceBase(sides, at.plane, reading.offset)}`],
    [
      sides.wrapped,
      reading.nvcvAddress !== null
        ? `${reading.nvcvAddress} = ${wrappedBase(sides, at.plane, reading.offset)}`
        : noWrappedWords(sides),
    ],
    ['region', reading.regionLabel],
    ['raw', reading.samples.length === 0 ? (rawNote ?? 'reading…') : reading.samples.map(sampleText).join('; ')],
    ['bits', reading.bits],
  ];
  if (reading.pair !== null) lines.push(['pair', `interleaved chroma: ${reading.pair}`]);
  lines.push(['RGB', rgb !== null ? rgbText(rgb, rgbNote) : rgbNote]);
  return lines.map(([label, value]) => `${label}: ${value}`).join('\n');
}
