/**
 * The C++ snippet: NVCV's C API from C++, with RAII (std::unique_ptr deleters for the image and the frame
 * reference). It is the C API, not NVCV's C++ wrappers: no C++ NVCV headers were at hand to compile those against.
 */
import { type CodeFacts } from './facts';
import { formatCode } from './format-constant';

/** The C++ wrap function for this frame's format, plane count and plane sizes. */
export function cppSnippet(facts: CodeFacts): string {
  const format = formatCode(facts.formatCode ?? '0x0', facts.formatName, 'cpp');
  const sizes = facts.planes.map((p) => `{${p.width}, ${p.height}}`).join(', ');
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
    '#include <memory>',
    '#include <stdexcept>',
    '#include <string>',
    'extern "C" {',
    '#include <libavutil/frame.h>',
    '#include <libavutil/hwcontext.h>',
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
    '',
    'inline ImagePtr zciWrapFrame(const AVFrame *frame) {',
    `  if (frame->width != ${facts.width} || frame->height != ${facts.height})`,
    '    throw std::invalid_argument("not the frame size this code was made for");',
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
    '    plane.basePtr = reinterpret_cast<NVCVByte *>(frame->data[i]);',
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
