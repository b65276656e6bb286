/**
 * A/B: the frame kept aside (A) beside the frame on screen (B): the compared fields with those that differ marked,
 * and each plane's thumbnails side by side with their difference where the sizes agree.
 */
import { formatCount } from '../../format';
import { memo, useEffect, useRef, useState } from 'react';
import type { PlaneThumbnail } from '../../../../contract/show';
import type { FrameReport } from '../../../../contract/report';
import type { AbSide } from '../../store/ab-slice';
import { greyToRgba } from '../thumbnails/grey';
import { AbSourceVerdict } from './AbSourceVerdict';
import { greyDifference } from './grey-difference';
import { differentPictures } from './picture-match';
import { changedCount, compareReports } from './report-diff';
import { compareSources, type AbSource } from '../../store/source-identity';
import './ab-source.css';
import { PanelToggle } from '../common/PanelToggle';

/** Props of AbPanel. */
export interface AbPanelProps {
  pinned: AbSide | null;
  /** The frame on screen (B) and where it comes from, in words. */
  report: FrameReport;
  thumbnails: PlaneThumbnail[];
  shownLabel: string;
  /** The source file of the frame on screen, with its hash where known. */
  shownSource: AbSource;
  pinning: boolean;
  onPinShown(): void;
  /** Resolves true once A was read (the path field then empties). */
  onPinCapture(path: string): Promise<boolean>;
  onClear(): void;
}

function Grey({
  width,
  height,
  data,
  testId,
  label,
}: {
  width: number;
  height: number;
  data: Uint8Array;
  testId: string;
  label: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = ref.current?.getContext('2d') ?? null;
    if (context === null) return;
    context.putImageData(new ImageData(greyToRgba(data, width, height), width, height), 0, 0);
  }, [data, width, height]);
  return <canvas ref={ref} width={width} height={height} data-testid={testId} aria-label={label} />;
}

/** One plane, by name, on both sides: "UV" (NV12's interleaved chroma) is not "U", so they are not differenced. */
/** What |A − B| of one plane's thumbnails says: a frame difference, or, for different pictures, thumbnails only. */
function differenceWords(
  name: string,
  a: PlaneThumbnail | undefined,
  b: PlaneThumbnail | undefined,
  difference: { differing: number; maxDifference: number } | null,
  different: string | null,
): string {
  if (a === undefined || b === undefined) return `only ${a === undefined ? 'B' : 'A'} has a ${name} plane`;
  if (different !== null) {
    if (difference === null) return `${different}; the thumbnails' sizes differ too: not compared`;
    return difference.differing === 0
      ? `${different}; compared as thumbnails, the thumbnails are identical`
      : `${different}; compared as thumbnails, ${formatCount(difference.differing)} thumbnail pixels differ, ` +
          `at most by ${difference.maxDifference} (×4 shown)`;
  }
  if (difference === null) return 'sizes differ: no pixel difference';
  return difference.differing === 0
    ? '|A − B|: identical'
    : `|A − B| ×4: ${formatCount(difference.differing)} pixels differ, at most by ${difference.maxDifference}`;
}

function PlanePair({
  name,
  a,
  b,
  different,
}: {
  name: string;
  a: PlaneThumbnail | undefined;
  b: PlaneThumbnail | undefined;
  /** "different pictures: …" when A and B differ in size or depth, else null. */
  different: string | null;
}) {
  const plane = name;
  const difference = a !== undefined && b !== undefined ? greyDifference(a, b) : null;
  // Cut to a few lines under the picture, the whole of it in the title.
  const words = differenceWords(name, a, b, difference, different);
  return (
    <div className="ab-plane" data-testid={`ab-plane-${plane}`}>
      <figure>
        {a !== undefined ? (
          <Grey {...a} testId={`ab-a-${plane}`} label={`A, ${name} plane`} />
        ) : (
          <span className="muted">—</span>
        )}
        <figcaption>A · {name}</figcaption>
      </figure>
      <figure>
        {b !== undefined ? (
          <Grey {...b} testId={`ab-b-${plane}`} label={`B, ${name} plane`} />
        ) : (
          <span className="muted">—</span>
        )}
        <figcaption>B · {name}</figcaption>
      </figure>
      <figure>
        {difference !== null ? (
          <Grey
            {...difference}
            testId={`ab-diff-${plane}`}
            label={different !== null ? `difference of the ${name} thumbnails` : `difference of the ${name} planes`}
          />
        ) : null}
        <figcaption data-testid={`ab-diff-words-${plane}`} data-different-pictures={different !== null} title={words}>
          {words}
        </figcaption>
      </figure>
    </div>
  );
}

/** The panel: controls to set A, then the comparison. */
export const AbPanel = memo(function AbPanel(props: AbPanelProps) {
  const { pinned, report, thumbnails } = props;
  const [path, setPath] = useState('');
  // Differences only by default: the equal fields stay in the table, hidden, one click away.
  const [showEqual, setShowEqual] = useState(false);
  const groups = pinned === null ? [] : compareReports(pinned.report, report);
  const changed = changedCount(groups);
  const equal = groups.reduce((sum, group) => sum + group.rows.length, 0) - changed;
  const source = pinned === null ? null : compareSources(pinned.source, props.shownSource);
  const planes = pinned === null ? [] : [...new Set([...pinned.thumbnails, ...thumbnails].map((t) => t.name))];
  const different = pinned === null ? null : differentPictures(pinned.report, report);
  return (
    <section
      className="panel ab"
      data-testid="ab-panel"
      aria-labelledby="ab-title"
      data-fit={pinned !== null && !showEqual}
    >
      <header className="panel-head">
        <PanelToggle id="ab" title="A/B" />
        <h2 id="ab-title">A/B</h2>
      </header>
      <div className="ab-controls">
        <button type="button" data-testid="ab-pin" onClick={props.onPinShown} title="Keep this frame as A (a)">
          Keep this frame as A
        </button>
        <form
          className="ab-capture"
          onSubmit={(event) => {
            event.preventDefault();
            if (path.trim() !== '') void props.onPinCapture(path.trim()).then((read) => read && setPath(''));
          }}
        >
          <label>
            A from a capture (this frame's index):{' '}
            <input
              data-testid="ab-capture-path"
              value={path}
              placeholder="/path/to/other.zci"
              onChange={(event) => setPath(event.target.value)}
            />
          </label>
          <button type="submit" data-testid="ab-capture-load" disabled={props.pinning || path.trim() === ''}>
            {props.pinning ? 'Reading…' : 'Read A'}
          </button>
        </form>
        {pinned !== null ? (
          <button type="button" data-testid="ab-clear" onClick={props.onClear}>
            Clear A
          </button>
        ) : null}
      </div>
      {pinned === null ? (
        <p className="muted">Keep a frame as A, then step or open another file or capture: B is the frame on screen.</p>
      ) : (
        <>
          {/* What is compared comes first: a difference between two different files is expected. */}
          {source !== null ? <AbSourceVerdict verdict={source} /> : null}
          {different !== null ? (
            <p className="ab-pictures" data-testid="ab-different-pictures" role="note">
              <strong>{different}</strong>: the planes below are compared as thumbnails, not as frames.
            </p>
          ) : null}
          <p className="ab-count" data-testid="ab-changed" data-count={changed}>
            {changed === 0
              ? 'no compared field differs'
              : `${changed} compared field${changed === 1 ? '' : 's'} differ`}{' '}
            {equal > 0 ? (
              <button
                type="button"
                data-testid="ab-show-equal"
                aria-pressed={showEqual}
                onClick={() => setShowEqual(!showEqual)}
              >
                {showEqual ? 'Differences only' : `Show the ${equal} equal field${equal === 1 ? '' : 's'}`}
              </button>
            ) : null}
          </p>
          {/* Differences only, the panel fits the window under the frame bar: the table takes the room the rest
              leaves and scrolls inside it when two very different frames differ in more fields than fit. */}
          <div
            className="ab-table-scroll"
            data-testid="ab-table-scroll"
            tabIndex={0}
            role="region"
            aria-label="Compared fields"
          >
            <table className="ab-table" data-testid="ab-table">
              <thead>
                <tr>
                  <th scope="col">field</th>
                  <th scope="col" data-testid="ab-label-a">
                    A: {pinned.label}
                  </th>
                  <th scope="col" data-testid="ab-label-b">
                    B: {props.shownLabel}
                  </th>
                </tr>
              </thead>
              {groups.map((group) => (
                <tbody key={group.title}>
                  <tr className="ab-group" hidden={!showEqual && group.rows.every((r) => !r.changed)}>
                    <th scope="rowgroup" colSpan={3}>
                      {group.title}
                    </th>
                  </tr>
                  {group.rows.map((r) => (
                    <tr
                      key={r.key}
                      className={r.changed ? 'changed' : undefined}
                      data-testid={`ab-row-${r.key}`}
                      data-changed={r.changed}
                      hidden={!showEqual && !r.changed}
                    >
                      <th scope="row">
                        {r.changed ? <span className="ab-mark">≠ </span> : null}
                        {r.label}
                      </th>
                      <td>
                        <code>{r.a}</code>
                      </td>
                      <td>
                        <code>{r.b}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          </div>
          <div className="ab-planes">
            {planes.map((name) => (
              <PlanePair
                key={name}
                name={name}
                a={pinned.thumbnails.find((t) => t.name === name)}
                b={thumbnails.find((t) => t.name === name)}
                different={different}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
});
