/**
 * The C snippet: NVCVImageData over this frame's planes (pointers and pitches from the AVFrame at run time, format
 * and each plane's size from the report), wrapped with a cleanup callback that owns a reference to the frame.
 */
import { type CodeFacts } from './facts';
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

/** The C wrap function for this frame's format, plane count and plane sizes. */
export function cSnippet(facts: CodeFacts): string {
  const format = formatCode(facts.formatCode ?? '0x0', facts.formatName, 'c');
  const planeLines = facts.planes.flatMap((p) => [
    `  /* plane ${p.index} (${p.name}): ${p.width}x${p.height}, this frame's pitch ${p.pitch} bytes at ${p.pointer} */`,
    `  data.buffer.strided.planes[${p.index}].width = ${p.width};`,
    `  data.buffer.strided.planes[${p.index}].height = ${p.height};`,
    `  data.buffer.strided.planes[${p.index}].rowStride = frame->linesize[${p.index}];`,
    `  data.buffer.strided.planes[${p.index}].basePtr = (NVCVByte *)frame->data[${p.index}];`,
  ]);
  return [
    `/* Wraps frame ${facts.frameIndex} (${facts.swFormat}, ${facts.width}x${facts.height}, ${facts.planes.length} planes) as an NVCV image without a copy. */`,
    '#include <stdio.h>',
    '#include <nvcv/Image.h>',
    '#include <libavutil/frame.h>',
    '#include <libavutil/hwcontext.h>',
    ...(facts.verdict.kind === 'host' ? uploadLines() : []),
    '',
    '/* NVCV calls this when the image is destroyed: it frees the frame reference the image held. */',
    'static void zci_release_frame(void *ctx, const NVCVImageData *data) {',
    '  (void)data;',
    '  AVFrame *ref = (AVFrame *)ctx;',
    '  av_frame_free(&ref);',
    '}',
    ...format.definition,
    '',
    '/* 0 and a new image in *out, or -1 when the frame is not the size this code was made for, or an NVCV status. */',
    'static int zci_wrap_frame(const AVFrame *frame, NVCVImageHandle *out) {',
    `  if (frame->width != ${facts.width} || frame->height != ${facts.height}) return -1;`,
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
