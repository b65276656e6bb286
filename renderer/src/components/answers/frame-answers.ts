/**
 * The three questions a frame is opened for, answered in one line each from its report: do NVCV's pointers match
 * FFmpeg's, is the wrap valid (every fact the image stands on; the single tensor in small print), and where does the
 * chroma start.
 */
import { frameChecks, type CheckResult } from '../../../../contract/checks';
import { pointerDifferences, strideDifferences } from '../../../../contract/plane-identity';
import { CHECK_FACTS, HEADLINES, pointerBadge, pointerWhy } from '../../../../wording/verdicts';
import type { FrameReport } from '../../../../contract/report';
import type { BadgeTone } from '../common/tone';
import { allPlaneFacts } from '../../model/plane-facts';

/** One answer: a badge, a line that says more, and small print that proves less. */
export interface Answer {
  tone: BadgeTone;
  text: string;
  detail: string;
  fine?: string;
}

/** Do the pointers match: the identity panel's headline; a mismatch names each differing plane, never the others. */
export function matchAnswer(report: FrameReport): Answer {
  return { ...pointerBadge(report), detail: pointerWhy(report) };
}

/** What a failed fact got wrong, what differs first: each plane's pointer or stride, else the check's own line. */
function faultWords(report: FrameReport, check: CheckResult): string {
  if (check.name === 'pointers') return pointerDifferences(report.planes).join('; ');
  if (check.name === 'strides') return strideDifferences(report.planes).join('; ');
  return check.detail;
}

/**
 * Is the wrap valid: NVCV accepting the descriptor proves little, so the answer is ✗ when any fact the wrap stands
 * on fails (pointers, strides, format, the decoder's surface, the aliasing proof, its restore), naming the first.
 */
export function wrapAnswer(report: FrameReport): Answer {
  const { wrap } = report;
  const { tensor } = wrap;
  const tensorWords = !tensor.attempted
    ? 'single tensor: not tried'
    : tensor.valid
      ? `single tensor: valid ${tensor.shape?.join('×') ?? ''}`.trim()
      : 'single tensor: invalid';
  if (!wrap.available) return { tone: 'bad', text: 'NVCV IMAGE: NOT WRAPPED', detail: wrap.reason, fine: tensorWords };
  const accepted = `NVCV accepted the descriptor · ${tensorWords}`;
  const checks = frameChecks(report);
  const failed = checks.filter((check) => check.ok === false);
  const [first, ...more] = failed;
  if (first !== undefined) {
    const also = more.length === 0 ? '' : ` · also ${more.map((check) => HEADLINES[check.name].fail).join(', ')}`;
    return {
      tone: 'bad',
      text: `NVCV IMAGE: INVALID · ${HEADLINES[first.name].fail}`,
      detail: `${faultWords(report, first)}${also}`,
      fine: accepted,
    };
  }
  if (wrap.descriptorOnly)
    return { tone: 'warn', text: 'NVCV IMAGE: LAYOUT EVIDENCE ONLY', detail: 'host memory', fine: accepted };
  const facts = (ok: boolean | null): string =>
    checks
      .filter((check) => check.ok === ok)
      .map((check) => CHECK_FACTS[check.name])
      .join(', ');
  const held = facts(true);
  const unchecked = facts(null);
  const detail = [held === '' ? '' : `${held}: hold`, unchecked === '' ? '' : `not checked: ${unchecked}`]
    .filter((part) => part !== '')
    .join(' · ');
  return { tone: 'ok', text: 'NVCV IMAGE: VALID', detail, fine: accepted };
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
