/**
 * The addon's shapes for the rooms that may not import native/ themselves (capture, cli): native/index.d.ts
 * states them, this file only passes them on, with the narrower views the app takes of a Session.
 */
import type * as Native from '../../native/index';
import type { Session } from '../../native/index';

/** The addon's own types, as native/index.d.ts states them. */
export type {
  PlaneThumbnail,
  PreviewOptions,
  PreviewResult,
  RgbImage,
  Session,
  ShowOptions,
  ShowResult,
} from '../../native/index';

/** The addon's exports, as native/index.d.ts declares them. */
export type AddonModule = typeof Native;

/**
 * What the app reads from an open file: the addon's Session, or a replayed capture, which offers the same calls
 * except operator previews (it holds only the previews it was saved with) and batches of frames.
 */
export type FrameSource = Pick<Session, 'info' | 'closed' | 'frame' | 'frameAtTime' | 'show' | 'thumbnails' | 'close'> &
  Partial<Pick<Session, 'preview' | 'frameBatch' | 'setLedger'>>;
