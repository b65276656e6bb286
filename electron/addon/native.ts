/**
 * The addon's shapes for the rooms that may not import native/ themselves (capture, cli): native/index.d.ts
 * states them, this file only passes them on, with the narrower views the app takes of a Session.
 */
import type * as Native from '../../native/index';
import type { Session } from '../../native/index';

/** The addon's own types, as native/index.d.ts states them. */
export type {
  OpenOptions,
  PlaneThumbnail,
  PreviewOptions,
  PreviewOutcome,
  PreviewResult,
  RgbImage,
  Session,
  ShowOptions,
  ShowResult,
  ShowTarget,
} from '../../native/index';

/** The addon's exports, as native/index.d.ts declares them. */
export type AddonModule = typeof Native;

/**
 * What the command line reads frames from: the addon's Session, or a replayed capture, which offers the same one
 * frame call (its previews answer that a capture holds only the previews it was saved with) but no batches or ledger.
 * The backend's view of an open file is electron/capture/frame-source.ts's FrameSource.
 */
export type ShowSource = Pick<Session, 'info' | 'closed' | 'show' | 'close'> &
  Partial<Pick<Session, 'showBatch' | 'setLedger'>>;
