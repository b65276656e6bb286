/**
 * What a restart notice offers to reopen. The backend reports the file and frame it last told its parent of, and it
 * tells of frame steps at most every so often (a held key must not flood it), so a crash can come between a step
 * and its telling. The window knows the frame it shows: for the same file that frame wins.
 */
import type { BackendRestartedEvent } from '../../../contract/contract';

/** The file and frame on screen when the backend went away, or null when none was shown. */
interface Shown {
  file: string;
  frameIndex: number;
}

/** The notice with the frame to reopen at: the one shown, when it is of the file the backend names. */
export function withShownFrame(event: BackendRestartedEvent, shown: Shown | null): BackendRestartedEvent {
  if (shown === null || event.lastFile === null || shown.file !== event.lastFile) return event;
  return { ...event, lastFrame: shown.frameIndex };
}
