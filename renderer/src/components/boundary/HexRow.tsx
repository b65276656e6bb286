/** One row of bytes in hex: cut to the bytes that matter (or whole), regions set apart, gaps counted. */
import { REGION_LABELS } from '../../../../contract/memory';
import type { RowSpan } from '../../model/boundary-rows';
import { BYTES, hexBytes, hexPieces, type HexUnit } from './hex-row';

/** Props of HexRow. */
export interface HexRowProps {
  bytes: Uint8Array | null;
  spans: readonly RowSpan[];
  length: number;
  whole: boolean;
  /** Marks the row's first byte (the first byte of the next plane) with these words. */
  firstByte?: string;
  /** Bytes, or the 16-bit words of samples of more than 8 bits. */
  unit?: HexUnit;
  testId: string;
  /** Said in place of the bytes when their read came back empty ("not captured"); null: they are on their way. */
  missing?: string | null;
}

/** The row. */
export function HexRow({ bytes, spans, length, whole, firstByte, testId, unit = BYTES, missing = null }: HexRowProps) {
  if (bytes === null) {
    return (
      <code className="hex muted" data-testid={testId} data-missing={missing !== null}>
        {missing ?? 'reading…'}
      </code>
    );
  }
  const pieces = hexPieces(spans, length, undefined, whole, unit.bytes);
  const first = Math.min(unit.bytes, length);
  return (
    <code
      className={`hex${whole ? ' hex-whole' : ''}`}
      data-testid={testId}
      data-unit={unit.bytes === 2 ? 'word' : 'byte'}
    >
      {pieces.map((piece) => {
        if (piece.kind === 'gap') {
          return (
            <span key={`g${piece.start}`} className="hex-gap" title={`bytes ${piece.start}…${piece.end - 1} left out`}>
              {' '}
              … {piece.end - piece.start} B …{' '}
            </span>
          );
        }
        if (piece.kind === 'edge') {
          return (
            <span
              key={`e${piece.at}`}
              className="hex-edge"
              data-testid={`${testId}-edge-${piece.at}`}
              title={`byte ${piece.at}: ${REGION_LABELS[piece.from]} | ${REGION_LABELS[piece.to]}`}
            >
              {' │ '}
            </span>
          );
        }
        const marked = firstByte !== undefined && piece.start === 0;
        return (
          <span
            key={`b${piece.start}`}
            className={`hex-bytes hex-${piece.region}`}
            data-region={piece.region}
            data-start={piece.start}
            title={`bytes ${piece.start}…${piece.end - 1}: ${REGION_LABELS[piece.region]}`}
          >
            {marked ? (
              <>
                <mark className="hex-first" title={firstByte} data-testid={`${testId}-first`}>
                  {hexBytes(bytes, 0, first, unit)}
                </mark>
                {piece.end > first ? ` ${hexBytes(bytes, first, piece.end, unit)}` : ''}
              </>
            ) : (
              hexBytes(bytes, piece.start, piece.end, unit)
            )}
          </span>
        );
      })}
    </code>
  );
}
