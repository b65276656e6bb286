/**
 * The cross-device snippet: a frame decoded on one device, operators on another. Without peer access their kernels
 * may not read the frame's memory, so the snippet copies the frame's bytes to the operator device once (planes at
 * their own offsets, after the decode's work, through an event); with peer access it enables it and waits on the
 * same event. Only numbers from the report are printed (devices, plane count, rows).
 */
import { geometryOf } from './correction';
import type { CodeFacts, CrossDevice } from './facts';

/** Rows of the last plane the copy must hold: its own, and the coded rows below it that a one-tensor view reads (the
 *  report's count, or the coded height scaled to the plane where an older report has none). */
function lastPlaneRows(facts: CodeFacts): number {
  const last = facts.planes[facts.planes.length - 1];
  if (last === undefined) return 0;
  // A flagged frame's last plane lies where NVDEC wrote it, the measured rows after FFmpeg's pointer.
  const shift = geometryOf(facts)?.rows[last.index];
  if (shift !== undefined) return shift + last.height + (last.codedRowsNotDisplayed ?? 0);
  if (last.codedRowsNotDisplayed !== null) return last.height + last.codedRowsNotDisplayed;
  const scaled = facts.height > 0 ? Math.ceil((facts.codedHeight * last.height) / facts.height) : 0;
  return Math.max(last.height, scaled);
}

function waitLines(x: CrossDevice): string[] {
  return [
    "  /* The decode's work first: an event on FFmpeg's stream, which the operator stream waits for (no device sync). */",
    '  cudaEvent_t decoded = NULL;',
    `  if ((err = cudaSetDevice(${x.frameDevice})) != cudaSuccess) return err;`,
    '  if ((err = cudaEventCreateWithFlags(&decoded, cudaEventDisableTiming)) != cudaSuccess) return err;',
    '  if ((err = cudaEventRecord(decoded, decoder_stream)) != cudaSuccess) return err;',
    `  if ((err = cudaSetDevice(${x.operatorDevice})) != cudaSuccess) return err;`,
    '  err = cudaStreamWaitEvent(operator_stream, decoded, 0);',
    '  cudaEventDestroy(decoded);',
    '  if (err != cudaSuccess) return err;',
  ];
}

/** The comment's last line: the wrap is the same, or, for a flagged frame, the corrected wrap's. */
function sameWrap(facts: CodeFacts, x: CrossDevice): string {
  if (geometryOf(facts) === null)
    return ` * cuda:${x.operatorDevice}: every plane keeps its offset and pitch (frame->linesize), so the wrap is the same. */`;
  return [
    ` * cuda:${x.operatorDevice}: every plane keeps its offset and pitch (frame->linesize), up to where NVDEC wrote the last one,`,
    ' * so the wrap is the corrected one: planes[i] plus the measured rows (zci_decoder_rows[i]) of its pitch. */',
  ].join('\n');
}

function copyLines(facts: CodeFacts, x: CrossDevice): string[] {
  const last = facts.planes.length - 1;
  return [
    `/* Frame ${facts.frameIndex} lies on cuda:${x.frameDevice}; the operators run on cuda:${x.operatorDevice} without peer access, so`,
    ` * their kernels may not read it there. One copy moves its bytes, plane 0's first to plane ${last}'s last, onto`,
    sameWrap(facts, x),
    'static cudaError_t zci_frame_to_operator_device(const AVFrame *frame, cudaStream_t decoder_stream,',
    '                                                cudaStream_t operator_stream, uint8_t *planes[], size_t *bytes) {',
    '  cudaError_t err;',
    '  const uint8_t *first = frame->data[0];',
    `  const uint8_t *end = frame->data[${last}] + (size_t)frame->linesize[${last}] * ${lastPlaneRows(facts)};`,
    '  uint8_t *copy = NULL;',
    ...waitLines(x),
    '  *bytes = (size_t)(end - first);',
    '  if ((err = cudaMalloc((void **)&copy, *bytes)) != cudaSuccess) return err;',
    `  err = cudaMemcpyPeerAsync(copy, ${x.operatorDevice}, first, ${x.frameDevice}, *bytes, operator_stream); /* the copy */`,
    '  if (err != cudaSuccess) {',
    '    cudaFree(copy);',
    '    return err;',
    '  }',
    `  for (int i = 0; i < ${facts.planes.length}; ++i) planes[i] = copy + (frame->data[i] - first); /* cudaFree(planes[0]) when done */`,
    '  return cudaSuccess;',
    '}',
  ];
}

function peerLines(facts: CodeFacts, x: CrossDevice): string[] {
  return [
    `/* Frame ${facts.frameIndex} lies on cuda:${x.frameDevice}; the operators run on cuda:${x.operatorDevice} and read it there through`,
    ' * peer access: no copy, every read crosses the link. Enable it once per process, where the devices support it. */',
    'static cudaError_t zci_let_operator_device_read(cudaStream_t decoder_stream, cudaStream_t operator_stream) {',
    '  cudaError_t err;',
    '  int can = 0;',
    `  if ((err = cudaDeviceCanAccessPeer(&can, ${x.operatorDevice}, ${x.frameDevice})) != cudaSuccess) return err;`,
    '  if (!can) return cudaErrorPeerAccessUnsupported; /* copy the frame instead */',
    `  if ((err = cudaSetDevice(${x.operatorDevice})) != cudaSuccess) return err;`,
    `  err = cudaDeviceEnablePeerAccess(${x.frameDevice}, 0);`,
    '  if (err == cudaErrorPeerAccessAlreadyEnabled) err = cudaGetLastError(); /* clears it: enabled earlier */',
    '  else if (err != cudaSuccess) return err;',
    ...waitLines(x),
    geometryOf(facts) === null
      ? '  return cudaSuccess; /* wrap frame->data[i] with frame->linesize[i] as on one device */'
      : '  return cudaSuccess; /* wrap the planes as on one device, with the corrected wrap: where NVDEC wrote them */',
    '}',
  ];
}

/** The cross-device C code for this frame, or null when the frame and its operators are on one device. */
export function crossDeviceSnippet(facts: CodeFacts): string | null {
  const x = facts.crossDevice;
  if (x === null) return null;
  return [
    '#include <cuda_runtime_api.h>',
    '#include <libavutil/frame.h>',
    '',
    ...(x.peer ? peerLines(facts, x) : copyLines(facts, x)),
    '',
  ].join('\n');
}
