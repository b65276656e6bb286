/**
 * How long the window takes to show a frame once its answer is in: a performance mark when the store takes the
 * answer, and a measure ("zci-frame-commit") when React has committed it to the page. The end-to-end tests read
 * them; the User Timing buffer keeps the last MAX_MEASURES.
 */
import { useLayoutEffect } from 'react';

const APPLIED = 'zci-frame-applied';
const COMMIT = 'zci-frame-commit';
const MAX_MEASURES = 1000;
let measured = 0;

/** Marks the moment the store takes a frame answer. */
export function markFrameApplied(): void {
  performance.mark(APPLIED);
}

/** Measures, after React commits a new report, the time since the store took it. */
export function useFrameCommitMeasure(report: unknown): void {
  useLayoutEffect(() => {
    if (report === null || performance.getEntriesByName(APPLIED, 'mark').length === 0) return;
    performance.measure(COMMIT, APPLIED);
    performance.clearMarks(APPLIED);
    measured += 1;
    if (measured % MAX_MEASURES === 0) performance.clearMeasures(COMMIT);
  }, [report]);
}
