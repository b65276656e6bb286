/**
 * The three questions a frame is opened for, answered in one line each from its report: do NVCV's pointers match
 * FFmpeg's, is the wrap valid (the image, and the single tensor), and where does the chroma start.
 */
import { pointerBadge } from '../../../../wording/verdicts';
import type { FrameReport } from '../../../../contract/report';
import type { BadgeTone } from '../common/tone';
import { allPlaneFacts } from '../../model/plane-facts';

/** One answer: a badge, and a line that says more. */
export interface Answer {
  tone: BadgeTone;
  text: string;
  detail: string;
}

/** Do the pointers match: the identity panel's headline. */
export function matchAnswer(report: FrameReport): Answer {
  const badge = pointerBadge(report);
  const planes = report.planes.filter((plane) => plane.match === true).length;
  return { ...badge, detail: `${planes} of ${report.planes.length} planes: NVCV's pointer is FFmpeg's` };
}

/** Is the wrap valid: the NVCV image, then the single-tensor view. */
export function wrapAnswer(report: FrameReport): Answer {
  const { wrap } = report;
  const { tensor } = wrap;
  const tensorWords = !tensor.attempted
    ? 'single tensor: not tried'
    : tensor.valid
      ? `single tensor: valid ${tensor.shape?.join('×') ?? ''}`.trim()
      : 'single tensor: invalid';
  if (!wrap.available)
    return { tone: 'bad', text: 'NVCV IMAGE: NOT WRAPPED', detail: `${wrap.reason} · ${tensorWords}` };
  if (wrap.descriptorOnly)
    return { tone: 'warn', text: 'NVCV IMAGE: LAYOUT EVIDENCE ONLY', detail: `host memory · ${tensorWords}` };
  return { tone: 'ok', text: 'NVCV IMAGE: VALID', detail: tensorWords };
}

/** Where the chroma starts: a row of luma's pitch in one allocation, or allocations of its own. */
export function chromaAnswer(report: FrameReport): Answer {
  const facts = allPlaneFacts(report);
  const luma = facts.find((plane) => plane.index === 0);
  const chroma = facts.filter((plane) => plane.index > 0);
  const first = chroma[0];
  if (luma === undefined || first === undefined)
    return { tone: 'unknown', text: 'NO CHROMA PLANE', detail: `${report.format.swFormat}: one plane` };
  const names = chroma.map((plane) => plane.name).join(', ');
  if (first.separateAllocation || first.offsetFromPlane0 === null) {
    return {
      tone: 'unknown',
      text: `${names}: ALLOCATIONS OF THEIR OWN`,
      detail: `not rows of ${luma.name}'s pitch: each plane has its own base (FFmpeg's frame pool)`,
    };
  }
  const offset = first.offsetFromPlane0;
  const row = offset / luma.pitch;
  if (!Number.isInteger(row)) {
    return {
      tone: 'bad',
      text: `${first.name} AT BYTE ${offset}`,
      detail: `${row.toFixed(2)} rows of ${luma.name}'s pitch ${luma.pitch}: not a whole row`,
    };
  }
  const after = row - luma.height;
  const hidden =
    after === 0
      ? `right after the picture's ${luma.height} rows`
      : `${after} rows after the picture's ${luma.height} (${luma.codedRowsNotDisplayed} coded but not displayed, ${luma.allocatorPaddingRows} allocator padding)`;
  return {
    tone: after === 0 ? 'ok' : 'warn',
    text: `${first.name} AT ROW ${row}`,
    detail: `byte ${offset} = ${row} × ${luma.pitch}: ${hidden}`,
  };
}
