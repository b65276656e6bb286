/**
 * The pixel probe's words under its view (the legend, how the view is drawn, what was read, why a pixel is not there)
 * and its jumps to the places past the picture (the first hidden row, the first column past the picture).
 */
import type { RpcError } from '../../../../contract/envelope';
import { REGION_LABELS } from '../../../../contract/memory';
import { notCapturedWords } from '../../../../wording/not-captured';
import { formatBytes, formatCount } from '../../format';
import type { PixelAt } from '../../model/pixel-address';
import type { PlaneFacts } from '../../model/plane-facts';
import type { TilePlan } from '../../model/tile-plan';
import type { MemoryAccess } from './memory-access';

/** Props of ProbeNotes. */
export interface ProbeNotesProps {
  /** True for a capture. */
  replay: boolean;
  plan: TilePlan;
  /** The view reads tiles (else it shows the thumbnail). */
  reading: boolean;
  stats: MemoryAccess['stats'];
  /** What the frame's planes hold, in bytes. */
  frameBytes: number;
  /** The capture's words for rows it did not keep, or null. */
  notCaptured: string | null;
  error: RpcError | null;
  planeName(index: number): string;
}

/** The legend and the notes under the probe's view. */
export function ProbeNotes({
  replay,
  plan,
  reading,
  stats,
  frameBytes,
  notCaptured,
  error,
  planeName,
}: ProbeNotesProps) {
  return (
    <>
      <ul className="probe-legend" aria-label="Legend">
        <li>
          <span className="probe-key key-picture" aria-hidden="true" /> the displayed picture
        </li>
        <li>
          <span className="probe-key key-coded" aria-hidden="true" /> {REGION_LABELS['coded-not-displayed']}
        </li>
        <li>
          <span className="probe-key key-padding" aria-hidden="true" /> {REGION_LABELS['right-padding']},{' '}
          {REGION_LABELS['allocator-padding']}
        </li>
      </ul>
      <p className="probe-mode" data-testid="probe-mode" data-mode={reading ? 'tiles' : 'thumbnail'}>
        {replay
          ? 'A capture keeps some rows of each plane (its first rows, the rows around its end, a band in the middle): the view shows the thumbnail; hover or pin a pixel to read its bytes where they were kept.'
          : plan.withinBudget
            ? `${plan.tiles.length} tiles of 64×64 pixels for this view (${formatBytes(plan.bytes)}), read on demand and kept for this frame.`
            : `Thumbnail: this view would need ${formatCount(plan.bytes)} B of tiles, over the budget of one view (${formatCount(plan.budget)} B), so nothing is read; zoom in to read the bytes.`}
      </p>
      <p className="probe-bytes" data-testid="probe-bytes">
        {stats !== null ? (
          <>
            read for frame {stats.frameIndex}:{' '}
            <strong data-testid="probe-frame-bytes">{formatCount(stats.frameBytes)} B</strong> in {stats.reads} reads
            (last <span data-testid="probe-last-bytes">{formatCount(stats.lastBytes)} B</span>) · from this file in all:{' '}
            <span data-testid="probe-total-bytes">{formatCount(stats.totalBytesRead)} B</span> · the frame’s planes hold{' '}
            {formatCount(frameBytes)} B and are never read whole
          </>
        ) : (
          `nothing read for this frame yet · the frame’s planes hold ${formatCount(frameBytes)} B and are never read whole`
        )}
      </p>
      {notCaptured !== null ? (
        <p className="muted probe-not-captured" data-testid="probe-not-captured">
          {notCapturedWords(notCaptured, planeName)}
        </p>
      ) : error !== null ? (
        <p className="probe-error" role="alert" data-testid="probe-error">
          <code>{error.code}</code> {error.message} — {error.remedy}
        </p>
      ) : null}
    </>
  );
}

/** Props of ProbeJumps. */
export interface ProbeJumpsProps {
  plane: PlaneFacts;
  /** The probe grid's columns over the plane's pitch. */
  columns: number;
  /** The columns of the coded picture. */
  codedColumns: number;
  onJump(at: PixelAt): void;
}

/** Buttons that go to the plane's first hidden row and its first column past the picture, where it has them. */
export function ProbeJumps({ plane, columns, codedColumns, onJump }: ProbeJumpsProps) {
  return (
    <div role="group" aria-label="Jump to">
      {plane.rows > plane.height ? (
        <button
          type="button"
          data-testid="probe-jump-hidden"
          onClick={() => onJump({ plane: plane.index, x: 0, y: plane.height })}
        >
          first hidden row
        </button>
      ) : null}
      {columns > plane.width ? (
        <button
          type="button"
          data-testid="probe-jump-padding"
          onClick={() =>
            onJump({
              plane: plane.index,
              x: Math.min(columns - 1, codedColumns > plane.width ? plane.width : codedColumns),
              y: 0,
            })
          }
        >
          first column past the picture
        </button>
      ) : null}
    </div>
  );
}
