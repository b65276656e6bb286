/**
 * The decoder A/B's first line: what the comparison found, in the words the command line prints. A difference in
 * the samples leads with its cause (the reading under which every differing plane is identical) and a way to the
 * decoder's own rows in the pixel probe; a difference no explanation accounts for says so; samples that agree while
 * the RGB conversions do not say that, so an A/B never reads as clean while the pictures differ.
 */
import { RGB_ROUNDING, withinTolerance } from '../../../../contract/compare-summary';
import type { DecoderCompareResult } from '../../../../contract/decoder-compare';
import type { FrameReport } from '../../../../contract/report';
import { formatCount } from '../../format';
import { memoryPlaneOf } from './memory-plane';

type FrameCompare = DecoderCompareResult['frames'][number];

/** Props of CauseLine. */
export interface CauseLineProps {
  frame: FrameCompare;
  report: FrameReport;
  onProbe(plane: number, x: number, y: number): void;
}

/** The plane a cause names first ("U identical when read 1 row after…"), as the comparison lists it. */
function namedPlane(frame: FrameCompare): FrameCompare['planes'][number] | null {
  const name = /^([YUV]) /.exec(frame.cause ?? '')?.[1];
  return frame.planes.find((p) => p.plane === name && !p.identical) ?? frame.planes.find((p) => !p.identical) ?? null;
}

/** The line. */
export function CauseLine({ frame, report, onProbe }: CauseLineProps) {
  const rgb = frame.rgb;
  if (!frame.identical && frame.cause !== null) {
    const plane = namedPlane(frame);
    const first = plane?.firstDifference ?? null;
    const memoryPlane = plane === null ? null : memoryPlaneOf(report, plane.plane);
    return (
      <p className="ab-cause bad" data-testid="decoder-ab-cause" data-found="true">
        <strong>Cause:</strong> {frame.cause}.{' '}
        {plane !== null && first !== null && memoryPlane !== null ? (
          <button
            type="button"
            data-testid="decoder-ab-cause-probe"
            onClick={() => onProbe(memoryPlane, first.x, first.y)}
            title={`the pixel probe at ${plane.plane} (${first.x}, ${first.y}), where the decoders first differ`}
          >
            Probe it
          </button>
        ) : null}
      </p>
    );
  }
  if (withinTolerance(frame)) {
    return (
      <p className="ab-cause muted" data-testid="decoder-ab-cause" data-found="false" data-within="true">
        Every plane is within {frame.tolerance} of B&apos;s: this codec&apos;s standard lets decoders differ that much,
        so there is nothing to explain.
      </p>
    );
  }
  if (!frame.identical) {
    const differing = frame.planes.filter((p) => !p.identical).map((p) => p.plane);
    return (
      <p className="ab-cause warn" data-testid="decoder-ab-cause" data-found="false">
        {differing.join(', ')} differ, and no cause was found: none of the {frame.explanationsTried.length} explanations
        tried (rows or samples off, U and V swapped, another pitch, other bits of a word) makes them{' '}
        {frame.tolerance > 0 ? `come within ${frame.tolerance} of B's` : 'identical'}.
      </p>
    );
  }
  // Two correct converters round differently by up to RGB_ROUNDING: only a larger difference is a finding.
  if (rgb !== null && rgb.maxAbsDiff > RGB_ROUNDING) {
    return (
      <p className="ab-cause warn" data-testid="decoder-ab-cause" data-found={rgb.cause !== null}>
        The samples are identical, but the RGB conversions differ beyond the converters&apos; rounding ({RGB_ROUNDING}):{' '}
        {formatCount(rgb.differing)} values, at most by {rgb.maxAbsDiff}
        {rgb.cause !== null ? `. Cause: ${rgb.cause}.` : '.'}
      </p>
    );
  }
  return null;
}
