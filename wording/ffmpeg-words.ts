/** The words for which FFmpeg the inspector runs on, and what its NVDEC hwaccel hands out (CLI and decoder panel). */
import type { EnvironmentReport } from '../contract/environment';
import type { StreamInfo } from '../contract/report';

/** What each NVDEC output mode means for the frame a user gets. */
const NVDEC_OUTPUT_WORDS: Record<'mapped-surface' | 'copy' | 'unsafe-output', string> = {
  'mapped-surface': "frames are NVDEC's mapped surfaces (FFmpeg before 6.0 never copies)",
  copy: "frames are FFmpeg's copies of NVDEC's surfaces, one device-to-device copy each (AV_HWACCEL_FLAG_UNSAFE_OUTPUT avoids it)",
  'unsafe-output':
    "frames are NVDEC's mapped surfaces (AV_HWACCEL_FLAG_UNSAFE_OUTPUT): each frame held keeps one of NVDEC's output surfaces",
};

/** "FFmpeg 7.1.5 (bundled: /…/libavcodec.so.61) · avcodec 61.19.101 · CUDA hwaccel"; older captures lack the release. */
export function ffmpegWords(ffmpeg: EnvironmentReport['ffmpeg']): string {
  const release = ffmpeg.version !== undefined ? `FFmpeg ${ffmpeg.version}` : 'FFmpeg (release not recorded)';
  const from =
    ffmpeg.origin !== undefined
      ? ` (${ffmpeg.origin}${ffmpeg.libraryPath !== undefined && ffmpeg.libraryPath !== '' ? `: ${ffmpeg.libraryPath}` : ''})`
      : '';
  return `${release}${from} · avcodec ${ffmpeg.libavcodec} · ${ffmpeg.cudaHwaccel ? 'CUDA hwaccel' : 'no CUDA hwaccel'}`;
}

/** A *_cuvid decoder's frames: always its copies, which the hwaccel's flag does not reach. */
const CUVID_COPY_WORDS =
  "frames are the cuvid decoder's copies of NVDEC's surfaces, one device-to-device copy each (a cuvid decoder always " +
  "copies; AV_HWACCEL_FLAG_UNSAFE_OUTPUT is the NVDEC hwaccel's, decode 'auto' or 'nvdec')";

/** What this open's NVDEC frames are, or null when the stream is not decoded by NVDEC (or the report predates it). */
export function nvdecOutputWords(info: Pick<StreamInfo, 'nvdecOutput' | 'decodePath'>): string | null {
  if (info.nvdecOutput === undefined || info.nvdecOutput === null) return null;
  if (info.decodePath === 'cuvid' && info.nvdecOutput === 'copy') return CUVID_COPY_WORDS;
  return NVDEC_OUTPUT_WORDS[info.nvdecOutput];
}

/** What frame threads mean for the report, or null with one (or in a report made before it was recorded). */
export function frameThreadWords(info: Pick<StreamInfo, 'frameThreads'>): string | null {
  if (info.frameThreads === undefined || info.frameThreads <= 1) return null;
  return (
    `${info.frameThreads} pictures decoded at once; FFmpeg sets a frame's error flags after handing it out, so each ` +
    "frame's damage leaves them out and its decoder messages alone mark it concealed"
  );
}
