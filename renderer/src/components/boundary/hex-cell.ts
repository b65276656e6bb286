/** One unit of the hex view as drawn (its text, title, region and classes), and the unit at the caret. */
import { REGION_LABELS, type MemoryRegion } from '../../../../contract/memory';
import { offsetText, unitText, unitValue, type Interpretation } from './hex-dump';

/** A byte as read: its value and region, or why it is not there. */
export type ByteState = { value: number; region: MemoryRegion | null } | 'reading' | 'missed';

/** What a unit's drawing depends on. */
export interface HexCellInput {
  offset: number;
  byte: ByteState;
  /** The unit's second byte (16-bit units), or null. */
  second: ByteState | null;
  unit: number;
  interpretation: Interpretation;
  span: { from: number; to: number } | null;
  target: { offset: number; length: number } | null;
  pitch: number;
  /** The unit's row and byte in the plane. */
  where: { row: number; byte: number };
  /** The words for a byte that is not there. */
  missingWords: string;
}

/** A unit as drawn. */
export interface HexCellView {
  text: string;
  title: string;
  region: MemoryRegion | null;
  selected: boolean;
  targeted: boolean;
  classes: string;
}

/** How a unit is drawn. */
export function hexCell({
  offset,
  byte,
  second,
  unit,
  interpretation,
  span,
  target,
  pitch,
  where,
  missingWords,
}: HexCellInput): HexCellView {
  const selected = span !== null && offset >= span.from && offset < span.to;
  const targeted = target !== null && offset + unit > target.offset && offset < target.offset + target.length;
  // A row of the pitch starts inside this unit.
  const rowStart = Math.ceil(offset / pitch) * pitch < offset + unit;
  let text = unit === 2 ? '····' : '··';
  let title = `${offsetText(offset)} · row ${where.row}, byte ${where.byte}`;
  let region: MemoryRegion | null = null;
  if (typeof byte === 'object') {
    const high = typeof second === 'object' && second !== null ? second.value : 0;
    const value = unitValue(byte.value, high, interpretation);
    text = unitText(value, interpretation);
    region = byte.region;
    const word = unit === 2 ? ` · word 0x${((high << 8) | byte.value).toString(16).padStart(4, '0')}` : '';
    title += `${region !== null ? ` · ${REGION_LABELS[region]}` : ''}${word} · ${value}`;
  } else if (byte === 'missed') {
    title += ` · ${missingWords}`;
  }
  const classes = [
    'hex-cell',
    region !== null ? `hex-${region}` : 'hex-unread',
    selected ? 'hex-selected' : '',
    targeted ? 'hex-target' : '',
    rowStart ? 'hex-row-start' : '',
  ].filter((c) => c !== '');
  return { text, title, region, selected, targeted, classes: classes.join(' ') };
}

/** The unit at the selection's moving end, read every way at once; null while its first byte is not there. */
export function caretAt(
  offset: number,
  byteAt: (offset: number) => ByteState,
  extent: number,
): { offset: number; first: number; word: number | null; region: MemoryRegion | null } | null {
  const low = byteAt(offset);
  if (typeof low !== 'object') return null;
  const high = offset + 1 < extent ? byteAt(offset + 1) : null;
  const word = high !== null && typeof high === 'object' ? (high.value << 8) | low.value : null;
  return { offset, first: low.value, word, region: low.region };
}
