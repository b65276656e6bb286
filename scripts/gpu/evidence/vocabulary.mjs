// @ts-check
// The words of the project's contract (contract/) the writer uses. Node runs the writer as it is, without a
// build step, so it cannot import the contract's TypeScript: each list is spelled here once, typed by the contract's
// own, and `tsc -b` (tsconfig.scripts.json) fails where the two part. The types name the contract's words where the
// writer compares a run's records with them.

/**
 * A decode path the inspector reports ('nvdec', 'software', 'software-upload').
 * @typedef {import('../../../contract/vocabulary').DecodePath} DecodePath
 */

/**
 * The method a recorded RPC call names: one of the contract's, 'thumbnails', which runs recorded before a frame
 * request brought its thumbnails back itself, or 'frame', 'frameAtTime' and 'preview', which runs recorded before
 * show was the RPC's one frame call.
 * @typedef {import('../../../contract/contract').MethodName | 'thumbnails' | 'frame' | 'frameAtTime' | 'preview'} RecordedMethod
 */

/**
 * A stage of the copy ledger, under which a copy is filed.
 * @typedef {import('../../../contract/ledger').Ledger['totals'][number]['stage']} LedgerStage
 */

/**
 * The FFmpeg context modes, in the contract's order (the order the recorder runs them in).
 * @type {typeof import('../../../contract/vocabulary').CONTEXT_MODES}
 */
export const CONTEXT_MODES = ['shared', 'private', 'ffmpeg-primary'];

/**
 * The orders in which the decoder and the CUDA runtime initialise, in the contract's order.
 * @type {typeof import('../../../contract/vocabulary').INIT_ORDERS}
 */
export const INIT_ORDERS = ['decoder-first', 'runtime-first'];
