/** The hex view's side: how units are read, the selection in words, the unit at the caret, copy and probe. */
import { REGION_LABELS, type MemoryRegion } from '../../../../contract/memory';
import { formatCount } from '../../format';
import { offsetText, type Interpretation } from './hex-dump';
import { COPY_WORDS, type CopyState } from './hex-copy';

/** Props of HexSide. */
export interface HexSideProps {
  /** How the units are read, in words. */
  reading: { label: string; text: string } | undefined;
  interpretation: Interpretation;
  /** The selected bytes, [from, to). */
  span: { from: number; to: number } | null;
  /** Where the selection starts in the plane's rows and pixels. */
  first: { row: number; byte: number; x: number } | null;
  /** The selection starts inside the plane's rows. */
  probeable: boolean;
  /** The unit at the selection's moving end, read every way. */
  caret: { offset: number; first: number; word: number | null; region: MemoryRegion | null } | null;
  copyState: CopyState;
  onCopy(as: 'hex' | 'values'): void;
  /** Puts the probe on the selection's first pixel; null where there is no probe. */
  onProbe: (() => void) | null;
  /** The words for bytes that are not there, when the window shows any; else null. */
  missing: string | null;
  replay: boolean;
}

/** The words and actions beside the bytes. */
export function HexSide({
  reading,
  interpretation,
  span,
  first,
  probeable,
  caret,
  copyState,
  onCopy,
  onProbe,
  missing,
  replay,
}: HexSideProps) {
  return (
    <div className="hex-side">
      <p className="muted hex-reading" data-testid="hex-reading">
        {reading?.label}: {reading?.text}
      </p>
      <p className="hex-selection" id="hex-selection" data-testid="hex-selection" aria-live="polite">
        {span !== null && first !== null ? (
          <>
            {formatCount(span.to - span.from)} B selected: {offsetText(span.from)} to {offsetText(span.to - 1)} · starts
            at row {first.row}, byte {first.byte}
            {probeable ? ` (pixel x ${first.x}, y ${first.row})` : ' (past the plane’s rows)'}
          </>
        ) : (
          'Nothing selected: click a byte, drag or Shift+click to select; the keys work once the bytes have focus.'
        )}
      </p>
      {caret !== null ? (
        <p className="hex-inspect" data-testid="hex-inspect">
          at {offsetText(caret.offset)}: u8 {caret.first} (0x{caret.first.toString(16).padStart(2, '0')})
          {caret.word !== null
            ? ` · u16 LE ${caret.word} (0x${caret.word.toString(16).padStart(4, '0')}) · P010 ${caret.word >> 6}`
            : ''}
          {caret.region !== null ? ` · ${REGION_LABELS[caret.region]}` : ''}
        </p>
      ) : null}
      <div role="group" aria-label="Selection" className="hex-actions">
        <button type="button" data-testid="hex-copy-hex" disabled={span === null} onClick={() => onCopy('hex')}>
          Copy hex
        </button>
        <button
          type="button"
          data-testid="hex-copy-values"
          disabled={span === null}
          title={`the selected units as decimal values, read as ${reading?.label ?? interpretation}`}
          onClick={() => onCopy('values')}
        >
          Copy values
        </button>
        {onProbe !== null ? (
          <button type="button" data-testid="hex-probe" disabled={!probeable} onClick={onProbe}>
            Probe this pixel
          </button>
        ) : null}
        <span className="muted" role="status" data-testid="hex-copy-state">
          {COPY_WORDS[copyState]}
        </span>
      </div>
      {missing !== null ? (
        <p className="muted" data-testid="hex-missing">
          ·· marks bytes {missing}
          {replay ? ': a capture keeps some rows of each plane, not all of them' : ''}.
        </p>
      ) : null}
    </div>
  );
}
