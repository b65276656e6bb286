/**
 * Same frame, two decoders: the frame on screen decoded again by FFmpeg's software decoder and compared with what
 * the open file's decoder made, sample value by sample value, plane by plane; where they differ, a heat map and the
 * first difference, one click from the pixel probe. And the inspector's RGB against swscale's.
 */
import { formatCount } from '../../format';
import { memo, useEffect, useRef } from 'react';
import { RGB_ROUNDING } from '../../../../contract/compare-summary';
import type { DecoderCompareResult } from '../../../../contract/decoder-compare';
import type { FrameReport } from '../../../../contract/report';
import { memoryPlaneOf } from './memory-plane';
import { CauseLine } from './CauseLine';
import { PanelToggle } from '../common/PanelToggle';

type FrameCompare = DecoderCompareResult['frames'][number];
type PlaneCompare = FrameCompare['planes'][number];

/** Props of DecoderAbPanel. */
export interface DecoderAbPanelProps {
  report: FrameReport;
  /** The comparison of this frame, or null (not run yet, or made for another frame). */
  result: DecoderCompareResult | null;
  running: boolean;
  /** A capture holds no decoded frames to compare. */
  replay: boolean;
  onRun(): void;
  /** Puts the pixel probe on a plane index of the frame's memory at a pixel. */
  onProbe(plane: number, x: number, y: number): void;
}

function HeatMap({ plane }: { plane: PlaneCompare }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const { width, height, counts } = plane.heatMap;
  useEffect(() => {
    const context = ref.current?.getContext('2d') ?? null;
    if (context === null) return;
    const max = Math.max(1, ...counts);
    const rgba = new Uint8ClampedArray(width * height * 4);
    counts.forEach((n, i) => {
      // No difference: dark; any: from orange up to white with the share of the cell's samples.
      const t = n === 0 ? 0 : 0.35 + 0.65 * (n / max);
      rgba[i * 4] = n === 0 ? 30 : 255;
      rgba[i * 4 + 1] = n === 0 ? 34 : Math.round(120 + 135 * t);
      rgba[i * 4 + 2] = n === 0 ? 40 : Math.round(40 + 215 * (t - 0.35));
      rgba[i * 4 + 3] = 255;
    });
    context.putImageData(new ImageData(rgba, width, height), 0, 0);
  }, [width, height, counts]);
  return (
    <canvas
      ref={ref}
      width={width}
      height={height}
      className="heat-map"
      data-testid={`decoder-heat-${plane.plane}`}
      aria-label={`where the ${plane.plane} samples differ: ${plane.differing} samples`}
    />
  );
}

function PlaneRow({
  plane,
  report,
  onProbe,
}: {
  plane: PlaneCompare;
  report: FrameReport;
  onProbe: DecoderAbPanelProps['onProbe'];
}) {
  const first = plane.firstDifference;
  const memoryPlane = memoryPlaneOf(report, plane.plane);
  return (
    <tr
      data-testid={`decoder-plane-${plane.plane}`}
      data-identical={plane.identical}
      className={plane.identical ? undefined : 'changed'}
    >
      <th scope="row">{plane.plane}</th>
      <td>
        {plane.width}×{plane.height}
      </td>
      <td data-testid={`decoder-verdict-${plane.plane}`}>
        {plane.identical ? (
          <span className="badge ok">identical</span>
        ) : (
          <span className="badge bad">{formatCount(plane.differing)} differ</span>
        )}
        {plane.identical && plane.rawWordsDiffer ? (
          <span className="muted" data-testid={`decoder-raw-${plane.plane}`}>
            {' '}
            (the stored words differ: the packing; the values agree)
          </span>
        ) : null}
      </td>
      <td>{plane.identical ? '—' : plane.maxAbsDiff}</td>
      <td data-testid={`decoder-first-${plane.plane}`}>
        {first === null ? '—' : `(${first.x}, ${first.y}): A ${first.valueA}, B ${first.valueB}`}
      </td>
      <td>
        <HeatMap plane={plane} />
      </td>
      <td>
        {first !== null && memoryPlane !== null ? (
          <button
            type="button"
            data-testid={`decoder-probe-${plane.plane}`}
            onClick={() => onProbe(memoryPlane, first.x, first.y)}
          >
            Probe it
          </button>
        ) : null}
      </td>
    </tr>
  );
}

/** The panel. */
export const DecoderAbPanel = memo(function DecoderAbPanel({
  report,
  result,
  running,
  replay,
  onRun,
  onProbe,
}: DecoderAbPanelProps) {
  const frame = result?.frames.find((f) => f.index === report.frameIndex) ?? null;
  return (
    <section className="panel decoders-ab" data-testid="decoder-ab-panel" aria-labelledby="decoder-ab-title">
      <header className="panel-head">
        <PanelToggle id="decoder-ab" title="Same frame, two decoders" />
        <h2 id="decoder-ab-title">Same frame, two decoders</h2>
        <button type="button" data-testid="decoder-ab-run" disabled={running || replay} onClick={onRun}>
          {running ? 'Comparing…' : 'Compare with software decode'}
        </button>
      </header>
      {replay ? (
        <p className="muted">A capture holds reports and thumbnails, not decoded frames: open the video to compare.</p>
      ) : result === null || frame === null ? (
        <p className="muted">
          Decodes this frame again with FFmpeg&apos;s software decoder and compares the samples with the open
          file&apos;s decoder, plane by plane.
        </p>
      ) : (
        <>
          <CauseLine frame={frame} report={report} onProbe={onProbe} />
          <p data-testid="decoder-ab-summary" data-identical={frame.identical}>
            <strong>{result.decoderA}</strong> against <strong>{result.decoderB}</strong> on {result.codec}{' '}
            {result.profile}: {frame.identical ? 'the same samples' : 'different samples'}
            {frame.rgb !== null && !frame.rgb.identical
              ? frame.rgb.maxAbsDiff > RGB_ROUNDING
                ? `, RGB differing in ${formatCount(frame.rgb.differing)} values beyond rounding`
                : `, RGB within the converters' rounding (${RGB_ROUNDING})`
              : ''}
            {result.bitExactCodec
              ? ` (${result.codec} requires bit-exact output${frame.matched ? ', and got it' : ': NOT met'})`
              : ''}
            . Compared {frame.where === 'device' ? 'on the GPU' : 'on the CPU'} in {frame.compareMs.toFixed(2)} ms,{' '}
            {formatCount(frame.bytesUploaded)} B uploaded, {formatCount(frame.bytesDownloaded)} B back.
          </p>
          <p className="muted" data-testid="decoder-ab-normalisation">
            {frame.formatA} against {frame.formatB}: {frame.normalisation}; {frame.comparedArea}.
          </p>
          {result.plant !== null ? (
            <p className="warn" data-testid="decoder-ab-plant">
              Test hook: a sample was planted in side A ({result.plant.plane} ({result.plant.x}, {result.plant.y}) ={' '}
              {result.plant.value}, was {result.plant.original}) and restored after.
            </p>
          ) : null}
          <table className="decoder-table">
            <thead>
              <tr>
                <th scope="col">plane</th>
                <th scope="col">samples</th>
                <th scope="col">A against B</th>
                <th scope="col">largest difference</th>
                <th scope="col">first difference</th>
                <th scope="col">where</th>
                <th scope="col" aria-label="probe" />
              </tr>
            </thead>
            <tbody>
              {frame.planes.map((plane) => (
                <PlaneRow key={plane.plane} plane={plane} report={report} onProbe={onProbe} />
              ))}
            </tbody>
          </table>
          {frame.rgb !== null ? (
            <p data-testid="decoder-ab-rgb" data-identical={frame.rgb.identical}>
              RGB: {frame.rgb.a.converter} ({frame.rgb.a.matrix}, {frame.rgb.a.range} range) against{' '}
              {frame.rgb.b.converter} ({frame.rgb.b.matrix}, {frame.rgb.b.range} range):{' '}
              {frame.rgb.identical
                ? 'identical'
                : `${formatCount(frame.rgb.differing)} values differ, at most by ${frame.rgb.maxAbsDiff}`}
              .
              {frame.rgb.cause !== null ? (
                <span className="warn" data-testid="decoder-ab-rgb-cause">
                  {' '}
                  Cause: {frame.rgb.cause}.
                </span>
              ) : frame.rgb.explanationsTried.length > 0 ? (
                <span className="muted" data-testid="decoder-ab-rgb-cause">
                  {' '}
                  No other matrix or range brings A within {RGB_ROUNDING} of B ({frame.rgb.explanationsTried.length}{' '}
                  tried).
                </span>
              ) : null}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
});
