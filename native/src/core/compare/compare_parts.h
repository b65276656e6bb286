// The decoder comparison's parts, shared by its files: reading planes and samples (compare_planes.cc), the RGB line
// and its explanations (compare_rgb.cc), and the other readings that explain a plane's differences
// (compare_explain.cc). Internal to native/src/core/compare.
#pragma once

#include "common/error.h"
#include "compare/decoder_compare.h"
#include "frame/sample_compare.h"
#include "preview/color_kernels.h"

extern "C" {
#include <libavutil/frame.h>
#include <libavutil/hwcontext_cuda.h>
#include <libavutil/pixdesc.h>
}

#include <cuda_runtime_api.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace zci {
/// The swscale matrix of a frame's colour space (preview/preview_reference.cc).
int swsMatrixFor(const AVFrame *f);
} // namespace zci

namespace zci::compare_parts {

using samples::PlaneAccess;
using samples::PlaneStats;

inline constexpr const char *kPlaneNames[] = {"Y", "U", "V"};

/// DECODER_COMPARE_UNAVAILABLE, saying why.
Error unavailable(const std::string &why);
/// Throws CUDA_ERROR naming what failed when err is not 0.
void check(int err, const char *what);
/// The software format of a frame (a CUDA frame's frames context holds it).
AVPixelFormat softwareFormat(const AVFrame *f);
/// FFmpeg's CUDA context and stream of a device frame.
const AVCUDADeviceContext *cudaOf(const AVFrame *f);
/// How logical plane comp of a frame is read, its values normalised to depth bits.
PlaneAccess accessFor(const AVFrame *f, const AVPixFmtDescriptor *d, int comp, int depth);
/// True when U and V share one plane.
bool semiPlanar(const AVPixFmtDescriptor *d);
/// A side's format as the result names it.
std::string describeSide(const AVPixFmtDescriptor *d, const PlaneAccess &y);
/// The word at a sample, wherever the plane is (device: one small copy back, counted in downloaded).
unsigned readWord(const PlaneAccess &p, int x, int y, bool device, int64_t &downloaded);
/// Writes a word at a sample: a direct write on the host, cuMemcpyHtoD of the word on the device.
void writeWord(const PlaneAccess &p, int x, int y, bool device, unsigned word);
/// The per-sample comparison on the host, the device kernel's twin.
void compareOnHost(const PlaneAccess &a, const PlaneAccess &b, int w, int h, int cellsX, int cellsY, PlaneStats &st,
                   std::vector<uint32_t> &heat);

// A device buffer freed with its scope.
struct DeviceBuffer {
  void *ptr = nullptr;
  explicit DeviceBuffer(size_t bytes) { check(cudaMalloc(&ptr, std::max<size_t>(bytes, 1)), "cudaMalloc"); }
  ~DeviceBuffer() { cudaFree(ptr); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  uint8_t *bytes() const { return static_cast<uint8_t *>(ptr); }
};

// A host frame copied to one device buffer, each plane's rows packed (pitch = the row's bytes).
struct DeviceCopy {
  std::unique_ptr<DeviceBuffer> buffer;
  AVFrame view{}; // data/linesize pointing into buffer
  int64_t bytes = 0;
};

/// Copies a host frame to one device buffer, each plane's rows packed.
void uploadFrame(const AVFrame *f, cudaStream_t st, DeviceCopy &out);

/// The matrix's name as the result spells it.
const char *matrixName(int swsMatrix);
/// How the inspector's kernel reads frame a.
kernels::YuvSource yuvSourceFor(const AVFrame *a, const AVPixFmtDescriptor *d, const PlaneAccess &y, int depth);
/// swscale's RGB24 of frame b at full size, with the frame's own matrix and range; names B's converter in out.
std::vector<uint8_t> swscaleRgb(const AVFrame *b, RgbCompare &out);
/// An RGB24 picture read as one plane of 3 × width one-byte samples.
PlaneAccess rgbAccess(const uint8_t *base, int width);
/// Tries the other matrix and range assumptions with convertAndCompare (a source -> the largest difference from B's
/// RGB); fills r's tried list and cause.
void explainRgb(RgbCompare &r, const kernels::YuvSource &own, int ownMatrix,
                const std::function<int(const kernels::YuvSource &)> &convertAndCompare);
/// Fills the RGB line's figures and first difference.
void finishRgb(RgbCompare &r, const PlaneStats &st, const std::vector<uint8_t> &aHost, const uint8_t *aDevice,
               const std::vector<uint8_t> &b, int64_t &downloaded);

/// One plane compared: A, B, width, height -> what differs (count, largest difference).
using PlaneCompareFn = std::function<PlaneStats(const PlaneAccess &, const PlaneAccess &, int, int)>;
/// Tries the explanations for the planes that differ by more than tolerance (0: any difference; a codec that is not
/// bit-exact: its decoders' measured spread); fills tried and returns the first reading under which every such plane
/// comes within tolerance of B, or "".
std::string explain(const PlaneStats stats[3], const PlaneAccess pa[3], const PlaneAccess pb[3], const int w[3],
                    const int h[3], int tolerance, const PlaneCompareFn &compare, std::vector<std::string> &tried);

} // namespace zci::compare_parts
