// Operator previews: CV-CUDA operators run on the zero-copy wrap of a decoded frame, shrunk to a thumbnail on the
// GPU, of which only the thumbnail's bytes are copied to the host; and a CPU reference made by FFmpeg's swscale.
#pragma once

#include "evidence/copy_ledger.h"
#include "gpu/cuda_device.h"
#include "common/options.h"
#include "frame/pixel_layout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

extern "C" {
#include <libavutil/frame.h>
}

namespace zci {

/// What to preview (PreviewOp says what each operator does).
struct PreviewRequest {
  PreviewOp op = PreviewOp::Convert;
  int maxWidth = 256;                         // kThumbnailWidthMin..kThumbnailWidthMax
  int kernelSize = 7;                         // gaussian: odd, 3..31
  double sigma = 2.0;                         // gaussian
  int flipCode = 1;                           // flip: 0 vertical, 1 horizontal, -1 both
  double threshold = 128;                     // threshold: per channel, binary to 255
  bool reference = true;                      // also make the CPU reference (downloads the whole frame) and compare
  PreviewMatrix matrix = PreviewMatrix::Auto; // the kernel's matrix: the stream's, or a forced one to show a wrong one
  PreviewRange range = PreviewRange::Auto;    // the kernel's range: the stream's, or a forced one
};

/// A small RGB picture (3 bytes per pixel, rows packed).
struct RgbImage {
  int width = 0, height = 0;
  std::vector<uint8_t> rgb;
};

/// Everything a preview shows.
struct PreviewResult {
  PreviewOp op = PreviewOp::Convert;
  bool gpu = false;
  std::string gpuReason;
  std::string converter;
  RgbImage thumbnail;
  double convertMs = 0, opMs = 0, resizeMs = 0, downloadMs = 0, totalMs = 0;
  int64_t bytesDownloaded = 0, frameBytes = 0;
  RgbImage reference;
  std::string referenceMethod;
  std::optional<double> psnr, maxAbsError, meanAbsError;
  RgbImage wrongWrap;
  std::string wrongWrapReason;
};

/// Validates request (INVALID_ARGUMENT) and runs it on frame; GPU ops on a host frame throw NO_CUDA_DEVICE, and
/// without libcvcuda CVCUDA_NOT_FOUND. GPU ops run on placement's device: on another device than the frame's, they
/// read the frame through peer access where it is enabled, else a copy of it made on their device.
PreviewResult runPreview(const AVFrame *frame, const FrameLayout &layout, const CudaDevice *cuda,
                         const OperatorPlacement &placement, const PreviewRequest &request);

/// The naive path a preview replaces: the whole frame to host memory, then swscale to RGB at width×height.
RgbImage swscaleReference(const AVFrame *frame, int width, int height, std::string &method,
                          PreviewMatrix choice = PreviewMatrix::Auto);

/// PSNR in dB and the largest and mean absolute byte difference of two same-sized images.
void compareImages(const RgbImage &a, const RgbImage &b, double &psnr, double &maxAbs, double &meanAbs);

} // namespace zci
