/**
 * What belongs to the open document (a video or a capture): the one list a new, closed or lost document resets,
 * written once instead of in each place that opens, closes or loses a file.
 */
import type { AppState } from './types';

/** The fields of the open document. */
type DocumentState = Pick<
  AppState,
  'file' | 'info' | 'report' | 'thumbnails' | 'ledger' | 'capture' | 'capturedOperators'
>;

/** No document: every field of the open document at its empty value. */
export function resetDocument(): DocumentState {
  return { file: null, info: null, report: null, thumbnails: [], ledger: null, capture: null, capturedOperators: [] };
}
