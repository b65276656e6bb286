/** What each CUDA context mode does, in one line, for the settings where it is chosen. */
import type { ContextMode } from '../../../../contract/vocabulary';

/** One line per context mode; every mode of CONTEXT_MODES has its line here. */
export const CONTEXT_MODE_TEXT: Record<ContextMode, string> = {
  shared:
    'shared: FFmpeg decodes in the primary context the inspector retained, so CV-CUDA and NVDEC share one context',
  private: 'private: FFmpeg creates a context of its own, to show what two contexts look like',
  'ffmpeg-primary':
    'ffmpeg-primary: FFmpeg takes the primary context through its own flag (refused once the runtime made it first)',
};
