#include "decode/decoder_surface.h"

#include "gpu/decoder_pool.h"
#include "frame/ffmpeg_compat.h"

#include <optional>

namespace zci {
namespace {

constexpr int kChroma420 = 1; // cudaVideoChromaFormat_420
constexpr int kChroma444 = 3; // cudaVideoChromaFormat_444

} // namespace

void gatherDecoderSurface(FrameEvidence &out, uint64_t mappingSequence, int retrieveHeight, int displayHeight) {
  DecoderSurfaceEvidence &s = out.decoderSurface;
  const bool cuvid = out.decodePath == "cuvid";
  if (out.decodePath != "nvdec" && !cuvid) {
    s.reason = "no NVDEC surface: the frame was decoded in " +
               std::string(out.decodePath == "software" ? "software" : "software and uploaded");
    return;
  }
  if (out.planes.empty()) {
    s.reason = "the frame has no planes";
    return;
  }
  std::string why;
  std::optional<decoder_pool::Mapping> m;
  bool copy = false;
  if (cuvid) {
    // FFmpeg's cuvid decoder maps the picture, copies each plane into a frame of its own pool and unmaps it before
    // the frame comes out (cuviddec.c): the pool's record of the picture mapped meanwhile is the copy's source.
    m = decoder_pool::findSequence(mappingSequence);
    copy = true;
    if (!m) {
      s.reason = mappingSequence == 0 ? "FFmpeg's cuvid decoder copied the frame from a picture the NVDEC pool library "
                                        "did not record (the pool library is not in use)"
                                      : "the NVDEC pool library no longer holds the record of the picture FFmpeg's "
                                        "cuvid decoder copied this frame from";
      return;
    }
  } else {
    m = decoder_pool::findMapping(out.planes[0].ffmpegPointer, &why);
    // FFmpeg 6.0 and later copy the mapped picture into a frame of their own pool and unmap it before the frame
    // comes out: FFmpeg's pointers are in that frame, and the pool's record of the picture mapped meanwhile is the
    // source.
    copy = !m && ffcompat::kNvdecCopies && (m = decoder_pool::findSequence(mappingSequence));
    if (!m) {
      s.reason = why;
      return;
    }
  }
  s.witnessed = true;
  s.ffmpegCopy = copy;
  s.pointer = m->devPtr;
  s.pitch = m->pitch;
  s.picIdx = m->picIdx;
  // Where NVDEC put each plane, as measured on an H200 (docs/gpu-evidence.md, "Where NVDEC writes a surface's
  // planes"): a 4:2:0 surface (NV12, P010, P016) holds luma from its first byte and the interleaved chroma from row
  // ulTargetHeight rounded up to even; a 4:4:4 surface (YUV444, YUV444_16Bit) holds plane i from row
  // i x ulTargetHeight, measured at even target heights (HEVC's coded heights; this GPU's NVDEC has no VP9 4:4:4).
  // Other cases were not measured, and are not guessed.
  const bool is420 = m->paramsKnown && m->chromaFormat == kChroma420 && out.planes.size() == 2;
  const bool is444 =
      m->paramsKnown && m->chromaFormat == kChroma444 && out.planes.size() == 3 && m->targetHeight % 2 == 0;
  const bool known = is420 || is444;
  if (m->paramsKnown) {
    s.targetWidth = m->targetWidth;
    s.targetHeight = m->targetHeight;
  }
  s.rule =
      is420   ? "4:2:0: luma at 0, chroma at pitch x ulTargetHeight rounded up to even"
      : is444 ? "4:4:4: plane i at i x pitch x ulTargetHeight (measured at even target heights)"
              : (m->paramsKnown ? "not measured for this chroma format" : "the decoder's parameters were not recorded");
  const uint64_t chromaRow = m->targetHeight + (m->targetHeight & 1u);
  // FFmpeg with the project's fix (docs/upstream) copies each plane from where NVDEC wrote it, every row of it.
  const bool fixed = copy && ffcompat::nvdecPlacesPlanesAsWritten();
  const int chromaShift = is444 ? 0 : 1;
  const int64_t placedHeight = retrieveHeight > 0 ? retrieveHeight : out.height;
  const int64_t streamHeight = displayHeight > 0 ? displayHeight : out.height;
  for (size_t i = 0; i < out.planes.size(); ++i) {
    DecoderPlaneEvidence p;
    p.index = static_cast<int>(i);
    if (cuvid) {
      // FFmpeg's cuvid decoder (5.1 to 9.0, cuvid_output_frame) copies plane i from the row that is the sum of
      // (frame height >> the plane's vertical shift) over the planes before it, that many rows of it, with the frame's
      // height as it set it: the target height rounded up to even for 4:2:0 (and, before 9.0, for every format).
      const uint64_t frameHeight = static_cast<uint64_t>(out.height);
      p.copiedFromOffset =
          static_cast<int64_t>(is444 ? i * frameHeight * m->pitch : (i == 0 ? 0 : frameHeight * m->pitch));
    } else if (fixed) {
      // The fixed nvdec_retrieve_data copies plane i from where NVDEC wrote it (the surface rule below).
      p.copiedFromOffset =
          static_cast<int64_t>(is444 ? i * m->targetHeight * m->pitch : (i == 0 ? 0 : chromaRow * m->pitch));
    } else if (copy) {
      // FFmpeg's nvdec (6.0 to 9.0, nvdec_retrieve_data) points plane i of the mapped picture at the sum of
      // pitch x (frame height >> the plane's vertical shift) over the planes before it, and copies from there.
      p.copiedFromOffset = static_cast<int64_t>(is444 ? i * static_cast<uint64_t>(placedHeight) * m->pitch
                                                      : (i == 0 ? 0 : static_cast<uint64_t>(placedHeight) * m->pitch));
    } else {
      p.ffmpegOffset = static_cast<int64_t>(out.planes[i].ffmpegPointer - m->devPtr);
    }
    if (known) {
      p.decoderOffset =
          static_cast<int64_t>(is444 ? i * m->targetHeight * m->pitch : (i == 0 ? 0 : chromaRow * m->pitch));
      p.deltaBytes = (copy ? *p.copiedFromOffset : *p.ffmpegOffset) - *p.decoderOffset;
      if (m->pitch > 0 && *p.deltaBytes % m->pitch == 0) p.deltaRows = *p.deltaBytes / m->pitch;
      p.verdict = *p.deltaBytes != 0 ? "shifted" : (copy ? "ffmpeg-copy" : "decoder-plane");
      if (copy) {
        // The copy (hwcontext_cuda's transfer) takes height >> shift rows of each plane (the fixed transfer:
        // AV_CEIL_RSHIFT(height, shift); cuvid's: its frame height >> shift); the plane has AV_CEIL_RSHIFT(height,
        // shift) rows at the stream's height.
        const int shift = i == 0 ? 0 : chromaShift;
        p.copiedRows = cuvid   ? out.height >> shift
                       : fixed ? (placedHeight + (1 << shift) - 1) >> shift
                               : placedHeight >> shift;
        p.rowsNeeded = (streamHeight + (1 << shift) - 1) >> shift;
        if (*p.copiedRows < *p.rowsNeeded) p.verdict = "shifted";
      }
    }
    s.planes.push_back(p);
  }
  if (!known) {
    s.reason = "where NVDEC put each plane is " + s.rule;
    if (copy)
      s.reason = (cuvid ? "the frame is FFmpeg's cuvid decoder's copy of the mapped picture; "
                        : "the frame is FFmpeg's copy of the mapped picture; ") +
                 s.reason;
    return;
  }
  bool shifted = false, shortCopy = false;
  for (const DecoderPlaneEvidence &p : s.planes) {
    shifted = shifted || (p.verdict == "shifted" && p.deltaBytes.value_or(0) != 0);
    shortCopy = shortCopy || (p.copiedRows && p.rowsNeeded && *p.copiedRows < *p.rowsNeeded);
  }
  if (shortCopy && !shifted) {
    s.reason = "FFmpeg's copy leaves out the last row of a plane: it copied height >> the chroma shift rows, fewer "
               "than the plane holds at an odd height";
  } else if (shifted) {
    s.reason = cuvid  ? "FFmpeg's plane is not where the decoder wrote the plane: FFmpeg's cuvid decoder copied it "
                        "from elsewhere in the mapped surface"
               : copy ? "FFmpeg's plane pointer is not where the decoder wrote the plane: FFmpeg copied it from "
                        "elsewhere in the mapped surface"
                      : "FFmpeg's plane pointer is not where the decoder wrote the plane";
  } else {
    s.reason = cuvid  ? "the frame is FFmpeg's cuvid decoder's copy of NVDEC's mapped picture, each plane copied from "
                        "where NVDEC wrote it, every row (a cuvid decoder always copies)"
               : copy ? "the frame is FFmpeg's copy of NVDEC's mapped picture, each plane copied from where NVDEC "
                        "wrote it (AV_HWACCEL_FLAG_UNSAFE_OUTPUT would hand out the surface itself)"
                      : "every FFmpeg plane pointer is where NVDEC wrote the plane in its mapped surface";
  }
  if (shortCopy && shifted) s.reason += "; its copy also leaves out the last row of a plane";
}

} // namespace zci
