/**
 * The inspect header's pixel format: the format of the frames inspected (FFmpeg's sw_format of each frame: nv12 or
 * p010le for NVDEC's CUDA frames, yuv420p for a software decoder's), not the stream's, which the decoder context
 * states before NVDEC is chosen; the stream's is named beside it when the two differ.
 */
import type { InspectOutput } from '../../contract/inspect-output';
import type { FrameReport } from '../../contract/report';

/** One frame's format in words: its sw_format, and the memory a hardware frame lives in. */
function formatOf(format: FrameReport['format']): string {
  if (format.hwFormat === null) return format.swFormat;
  return `${format.swFormat} in ${format.hwFormat === 'cuda' ? 'CUDA' : format.hwFormat} memory`;
}

/** "frames nv12 in CUDA memory (stream yuv420p)", "frames yuv420p", or the stream's format when no frame decoded. */
export function frameFormatWords(output: Pick<InspectOutput, 'frames' | 'stream'>): string {
  const reports = output.frames.flatMap((frame) => (frame.report === null ? [] : [frame.report]));
  const stream = output.stream.pixelFormat;
  if (reports.length === 0) return `stream ${stream} (no frame decoded)`;
  const formats = [...new Set(reports.map((report) => formatOf(report.format)))];
  const differs = reports.some((report) => report.format.swFormat !== stream);
  return `frames ${formats.join(', ')}${differs ? ` (stream ${stream})` : ''}`;
}
