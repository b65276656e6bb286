/**
 * The C snippet: NVCVImageData over this frame's planes (pointers and pitches from the AVFrame at run time, format
 * and each plane's size from the report), wrapped with a cleanup callback that owns a reference to the frame.
 */
import { type CodeFacts } from './facts';
import { correctionComment, geometryOf, type Geometry } from './correction';
import { formatCode } from './format-constant';

/** Lines of the upload a host frame needs first (one copy into a CUDA frame from a hw_frames_ctx). */
function uploadLines(): string[] {
  return [
    '',
    '/* This frame is in host memory: upload it once into a CUDA frame, then wrap that frame. */',
    'static int zci_upload_frame(AVBufferRef *cuda_frames, const AVFrame *host, AVFrame **device) {',
    '  AVFrame *out = av_frame_alloc();',
    '  if (!out) return AVERROR(ENOMEM);',
    '  int err = av_hwframe_get_buffer(cuda_frames, out, 0);',
    '  if (err >= 0) err = av_hwframe_transfer_data(out, host, 0); /* the copy */',
    '  if (err >= 0) err = av_frame_copy_props(out, host);',
    '  if (err < 0) {',
    '    av_frame_free(&out);',
    '    return err;',
    '  }',
    '  *device = out;',
    '  return 0;',
    '}',
  ];
}

/** The constants and the frame check of a flagged frame's corrected wrap. */
function checkLines(g: Geometry): string[] {
  const n = g.pitches.length;
  return [
    '',
    ...correctionComment(g).map(
      (line, i, all) => `${i === 0 ? '/* ' : '   '}${line}${i === all.length - 1 ? ' */' : ''}`,
    ),
    `static const int zci_decoder_rows[${n}] = {${g.rows.join(', ')}}; /* rows of frame->linesize[i] from frame->data[i] to where NVDEC wrote plane i */`,
    `static const int zci_expected_pitches[${n}] = {${g.pitches.join(', ')}}; /* frame->linesize[i], bytes */`,
    `static const ptrdiff_t zci_expected_offsets[${n}] = {${g.offsets.join(', ')}}; /* frame->data[i] - frame->data[0], bytes */`,
    '',
    `/* 0 when frame is the geometry inspected (an NVDEC frame of ${g.swFormat}, ${g.width}x${g.height}, these pitches, FFmpeg's planes`,
    '   where the distance above was measured), -1 otherwise: the rows above hold for that geometry only. */',
    'static int zci_frame_is_inspected(const AVFrame *frame) {',
    `  if (frame->width != ${g.width} || frame->height != ${g.height}) return -1;`,
    `  if (frame->format != AV_PIX_FMT_${g.hwFormat.toUpperCase()} || !frame->hw_frames_ctx) return -1;`,
    '  const AVHWFramesContext *frames = (const AVHWFramesContext *)frame->hw_frames_ctx->data;',
    `  if (frames->sw_format != av_get_pix_fmt("${g.swFormat}")) return -1;`,
    `  for (int i = 0; i < ${n}; ++i) {`,
    '    if (!frame->data[i] || frame->linesize[i] != zci_expected_pitches[i]) return -1;',
    '    if (frame->data[i] - frame->data[0] != zci_expected_offsets[i]) return -1;',
    '  }',
    '  return 0;',
    '}',
  ];
}

/** The C wrap function for this frame's format, plane count and plane sizes. */
export function cSnippet(facts: CodeFacts): string {
  const format = formatCode(facts.formatCode ?? '0x0', facts.formatName, 'c');
  const geometry = geometryOf(facts);
  const planeLines = facts.planes.flatMap((p) => [
    `  /* plane ${p.index} (${p.name}): ${p.width}x${p.height}, this frame's pitch ${p.pitch} bytes at ${p.pointer}${geometry !== null && geometry.rows[p.index] !== 0 ? `; NVDEC wrote it ${geometry.rows[p.index]} row${geometry.rows[p.index] === 1 ? '' : 's'} of its pitch further on` : ''} */`,
    `  data.buffer.strided.planes[${p.index}].width = ${p.width};`,
    `  data.buffer.strided.planes[${p.index}].height = ${p.height};`,
    `  data.buffer.strided.planes[${p.index}].rowStride = frame->linesize[${p.index}];`,
    geometry !== null && geometry.rows[p.index] !== 0
      ? `  data.buffer.strided.planes[${p.index}].basePtr = (NVCVByte *)frame->data[${p.index}] + zci_decoder_rows[${p.index}] * frame->linesize[${p.index}];`
      : `  data.buffer.strided.planes[${p.index}].basePtr = (NVCVByte *)frame->data[${p.index}];`,
  ]);
  const check =
    geometry === null
      ? `  if (frame->width != ${facts.width} || frame->height != ${facts.height}) return -1;`
      : '  if (zci_frame_is_inspected(frame) != 0) return -1;';
  return [
    `/* Wraps frame ${facts.frameIndex} (${facts.swFormat}, ${facts.width}x${facts.height}, ${facts.planes.length} planes) as an NVCV image without a copy. */`,
    '#include <stdio.h>',
    '#include <nvcv/Image.h>',
    '#include <libavutil/frame.h>',
    '#include <libavutil/hwcontext.h>',
    ...(geometry === null ? [] : ['#include <libavutil/pixdesc.h>', '#include <stddef.h>']),
    ...(facts.verdict.kind === 'host' ? uploadLines() : []),
    '',
    '/* NVCV calls this when the image is destroyed: it frees the frame reference the image held. */',
    'static void zci_release_frame(void *ctx, const NVCVImageData *data) {',
    '  (void)data;',
    '  AVFrame *ref = (AVFrame *)ctx;',
    '  av_frame_free(&ref);',
    '}',
    ...format.definition,
    ...(geometry === null ? [] : checkLines(geometry)),
    '',
    geometry === null
      ? '/* 0 and a new image in *out, or -1 when the frame is not the size this code was made for, or an NVCV status. */'
      : '/* 0 and a new image in *out, or -1 when the frame is not the geometry this code was made for, or an NVCV status. */',
    'static int zci_wrap_frame(const AVFrame *frame, NVCVImageHandle *out) {',
    check,
    '  NVCVImageData data = {0};',
    `  data.format = ${format.expression};`,
    '  data.bufferType = NVCV_IMAGE_BUFFER_STRIDED_CUDA;',
    `  data.buffer.strided.numPlanes = ${facts.planes.length};`,
    ...planeLines,
    '  AVFrame *ref = av_frame_clone(frame); /* held until NVCV calls zci_release_frame */',
    '  if (!ref) return -1;',
    '  NVCVStatus status = nvcvImageWrapDataConstruct(&data, zci_release_frame, ref, out);',
    '  if (status != NVCV_SUCCESS) {',
    '    char message[NVCV_MAX_STATUS_MESSAGE_LENGTH];',
    '    nvcvGetLastErrorMessage(message, sizeof message);',
    '    fprintf(stderr, "nvcvImageWrapDataConstruct: %s\\n", message);',
    '    av_frame_free(&ref); /* NVCV did not take it */',
    '    return status;',
    '  }',
    '  return 0;',
    '}',
    '/* Release with nvcvImageDecRef(image, NULL): the last reference calls zci_release_frame. */',
    '',
  ].join('\n');
}
