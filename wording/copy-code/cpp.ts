/**
 * The C++ snippet: NVCV's C API from C++, with RAII (std::unique_ptr deleters for the image and the frame
 * reference). It is the C API, not NVCV's C++ wrappers: no C++ NVCV headers were at hand to compile those against.
 */
import { type CodeFacts } from './facts';
import { correctionComment, geometryOf, type Geometry } from './correction';
import { formatCode } from './format-constant';

/** The constants and the frame check of a flagged frame's corrected wrap. */
function checkLines(g: Geometry): string[] {
  const n = g.pitches.length;
  return [
    '',
    ...correctionComment(g).map((line) => `// ${line}`),
    `constexpr std::array<int, ${n}> kDecoderRows{{${g.rows.join(', ')}}}; // rows of frame->linesize[i] from frame->data[i] to where NVDEC wrote plane i`,
    `constexpr std::array<int, ${n}> kExpectedPitches{{${g.pitches.join(', ')}}}; // frame->linesize[i], bytes`,
    `constexpr std::array<std::ptrdiff_t, ${n}> kExpectedOffsets{{${g.offsets.join(', ')}}}; // frame->data[i] - frame->data[0], bytes`,
    '',
    `// Throws unless frame is the geometry inspected (an NVDEC frame of ${g.swFormat}, ${g.width}x${g.height}, these pitches, FFmpeg's`,
    '// planes where the distance above was measured): the rows above hold for that geometry only.',
    'inline void zciCheckInspected(const AVFrame *frame) {',
    `  if (frame->width != ${g.width} || frame->height != ${g.height})`,
    '    throw std::invalid_argument("not the frame size this code was made for");',
    `  if (frame->format != AV_PIX_FMT_${g.hwFormat.toUpperCase()} || !frame->hw_frames_ctx)`,
    `    throw std::invalid_argument("not an NVDEC (${g.hwFormat}) frame");`,
    '  const auto *frames = reinterpret_cast<const AVHWFramesContext *>(frame->hw_frames_ctx->data);',
    `  if (frames->sw_format != av_get_pix_fmt("${g.swFormat}"))`,
    `    throw std::invalid_argument("not the pixel format this code was made for (${g.swFormat})");`,
    `  for (int i = 0; i < ${n}; ++i) {`,
    '    if (!frame->data[i] || frame->linesize[i] != kExpectedPitches[i])',
    '      throw std::invalid_argument("not the pitches this code was made for");',
    '    if (frame->data[i] - frame->data[0] != kExpectedOffsets[i])',
    '      throw std::invalid_argument("FFmpeg\'s planes are not where the rows above were measured from");',
    '  }',
    '}',
  ];
}

/** The C++ wrap function for this frame's format, plane count and plane sizes. */
export function cppSnippet(facts: CodeFacts): string {
  const format = formatCode(facts.formatCode ?? '0x0', facts.formatName, 'cpp');
  const sizes = facts.planes.map((p) => `{${p.width}, ${p.height}}`).join(', ');
  const geometry = geometryOf(facts);
  const upload =
    facts.verdict.kind === 'host'
      ? [
          '',
          '// This frame is in host memory: upload it once into a CUDA frame (one copy), then wrap that frame.',
          'inline FramePtr zciUploadFrame(AVBufferRef *cudaFrames, const AVFrame *host) {',
          '  FramePtr out(av_frame_alloc());',
          '  if (!out || av_hwframe_get_buffer(cudaFrames, out.get(), 0) < 0 ||',
          '      av_hwframe_transfer_data(out.get(), host, 0) < 0 || av_frame_copy_props(out.get(), host) < 0)',
          '    throw std::runtime_error("upload to a CUDA frame failed");',
          '  return out;',
          '}',
        ]
      : [];
  return [
    `// Wraps frame ${facts.frameIndex} (${facts.swFormat}, ${facts.width}x${facts.height}, ${facts.planes.length} planes) as an NVCV image without a copy.`,
    "// NVCV's C API from C++ with RAII deleters (not NVCV's C++ wrapper classes).",
    '#include <array>',
    ...(geometry === null ? [] : ['#include <cstddef>']),
    '#include <memory>',
    '#include <stdexcept>',
    '#include <string>',
    'extern "C" {',
    '#include <libavutil/frame.h>',
    '#include <libavutil/hwcontext.h>',
    ...(geometry === null ? [] : ['#include <libavutil/pixdesc.h>']),
    '}',
    '#include <nvcv/Image.h>',
    '',
    'struct FrameFree {',
    '  void operator()(AVFrame *f) const { av_frame_free(&f); }',
    '};',
    'using FramePtr = std::unique_ptr<AVFrame, FrameFree>;',
    'struct ImageDecRef {',
    '  void operator()(NVCVImage *image) const { nvcvImageDecRef(image, nullptr); }',
    '};',
    'using ImagePtr = std::unique_ptr<NVCVImage, ImageDecRef>; // the last reference calls the cleanup below',
    ...upload,
    ...format.definition,
    ...(geometry === null ? [] : checkLines(geometry)),
    '',
    'inline ImagePtr zciWrapFrame(const AVFrame *frame) {',
    ...(geometry === null
      ? [
          `  if (frame->width != ${facts.width} || frame->height != ${facts.height})`,
          '    throw std::invalid_argument("not the frame size this code was made for");',
        ]
      : ['  zciCheckInspected(frame);']),
    `  constexpr std::array<std::array<int32_t, 2>, ${facts.planes.length}> kPlaneSizes{{${sizes}}}; // width, height`,
    '  NVCVImageData data{};',
    `  data.format = ${format.expression};`,
    '  data.bufferType = NVCV_IMAGE_BUFFER_STRIDED_CUDA;',
    `  data.buffer.strided.numPlanes = ${facts.planes.length};`,
    `  for (int i = 0; i < ${facts.planes.length}; ++i) {`,
    '    NVCVImagePlaneStrided &plane = data.buffer.strided.planes[i];',
    '    plane.width = kPlaneSizes[i][0];',
    '    plane.height = kPlaneSizes[i][1];',
    `    plane.rowStride = frame->linesize[i]; // this frame: ${facts.planes.map((p) => p.pitch).join(', ')}`,
    geometry === null
      ? '    plane.basePtr = reinterpret_cast<NVCVByte *>(frame->data[i]);'
      : '    plane.basePtr = reinterpret_cast<NVCVByte *>(frame->data[i]) + kDecoderRows[i] * frame->linesize[i]; // where NVDEC wrote it',
    '  }',
    '  FramePtr ref(av_frame_clone(frame)); // owned by NVCV once the wrap succeeds',
    '  if (!ref) throw std::bad_alloc();',
    '  auto release = [](void *ctx, const NVCVImageData *) { FramePtr owned(static_cast<AVFrame *>(ctx)); };',
    '  NVCVImageHandle handle = nullptr;',
    '  NVCVStatus status = nvcvImageWrapDataConstruct(&data, release, ref.get(), &handle);',
    '  if (status != NVCV_SUCCESS) {',
    '    char message[NVCV_MAX_STATUS_MESSAGE_LENGTH] = {};',
    '    nvcvGetLastErrorMessage(message, sizeof message);',
    '    throw std::runtime_error(std::string("nvcvImageWrapDataConstruct: ") + message);',
    '  }',
    '  ref.release(); // NVCV holds it now',
    '  return ImagePtr(handle);',
    '}',
    '',
  ].join('\n');
}
