// Same frame, two decoders: decode frames of one file through two decode paths (NVDEC and FFmpeg's software decoder
// by default) and compare them plane by plane on decoded sample values, on the GPU where frame A is in device memory
// (only statistics come back) and on the CPU otherwise; and the inspector's YUV -> RGB conversion against swscale's.
#pragma once

#include "gpu/cuda_device.h"
#include "frame/ffmpeg_ptr.h"
#include "decode/guard.h"
#include "common/options.h"
#include "frame/sample_compare.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zci {

/// Where the comparison runs: on the device when frame A is in device memory (auto), or always on the host
/// (frame A downloaded whole first: the naive path the device comparison replaces).
enum class CompareWhere { Auto, Host };

/// A test hook: one sample of frame A set to value before the comparison and restored after.
struct ComparePlant {
  int plane = 0; // logical plane: 0 Y, 1 U, 2 V
  int x = 0, y = 0;
  int value = 0;
};

/// What compareDecoders is asked.
struct CompareRequest {
  std::vector<int64_t> frames;         // display indices; empty: every frame
  DecodeMode a = DecodeMode::Nvdec;    // Nvdec, or Software (software against software: runs without a GPU)
  DecodeMode b = DecodeMode::Software; // the software decoder
  int device = 0;
  bool rgb = true;                   // also compare the RGB conversions
  std::optional<ComparePlant> plant; // applied to the first frame compared only
  CompareWhere where = CompareWhere::Auto;
};

/// The largest heat map: cells across and down.
constexpr int kHeatCellsX = 64, kHeatCellsY = 36;
/// The most frames one call compares.
constexpr int kCompareFramesMax = 10000;

/// One logical plane compared.
struct PlaneCompare {
  std::string name; // "Y", "U", "V"
  int width = 0, height = 0;
  bool identical = true;
  int64_t differing = 0;
  int maxAbsDiff = 0;
  bool rawWordsDiffer = false;
  bool hasFirst = false;
  int firstX = 0, firstY = 0;
  int valueA = 0, valueB = 0;
  int heatWidth = 0, heatHeight = 0;
  std::vector<uint32_t> heat; // heatWidth × heatHeight counts of differing samples, row by row
};

/// The inspector's RGB conversion of frame A against swscale's of frame B, byte by byte (3 per pixel).
struct RgbCompare {
  bool done = false;
  std::string why; // when not done
  std::string converterA, matrixA, rangeA;
  std::string converterB, matrixB, rangeB;
  int width = 0, height = 0;
  int64_t differing = 0;
  int maxAbsDiff = 0;
  bool hasFirst = false;
  int firstX = 0, firstY = 0, firstChannel = 0, valueA = 0, valueB = 0;
  // When A's RGB differs from B's by more than the converters' rounding (kRgbTolerance): the other matrices and
  // ranges tried for A, and the first under which it comes within the tolerance ("" when none does).
  std::vector<std::string> explanationsTried;
  std::string cause;
};

/// The most two correct RGB conversions of the same samples differ by (the inspector's converter against swscale's
/// rounding); a larger difference is explained, or not, by another matrix or range.
constexpr int kRgbTolerance = 2;

/// The most two conforming decoders of a codec whose standard is not bit-exact (MPEG-1/2, MPEG-4 Part 2, VC-1) are
/// allowed to differ by here: their inverse transforms are accurate only to a tolerance, and prediction carries the
/// error on through a group of pictures. The GPU tier measures NVDEC against FFmpeg's software decoder on the clean
/// fixtures and fails when they differ by more. An explanation of a difference is named when a reading brings every
/// differing plane within it.
constexpr int kTransformTolerance = 8;

/// One frame compared.
struct FrameCompare {
  int64_t index = 0;
  std::string formatA, formatB; // pixel formats (the device frame's software format for NVDEC)
  std::string normalisation;    // e.g. "p010le >> 6 vs yuv420p10le; UV deinterleaved"
  int bitDepth = 0;             // of the values compared
  std::string comparedArea;     // e.g. "the displayed 1920x1080; coded rows 1080..1087 not compared"
  bool codedRowsCompared = false;
  std::vector<PlaneCompare> planes;
  bool identical = true;       // every plane's values
  bool rawWordsDiffer = false; // some stored words differ
  bool bitExactRequired = false;
  int tolerance = 0;   // the difference explanations are judged within: 0 for bit-exact codecs
  bool matched = true; // identical (reported for every codec; a failure only where bit-exact output is required)
  // When the planes differ: the explanations tried on the same frames, and the first under which every differing
  // plane is identical ("" when none is), e.g. "V identical when read 1 row after FFmpeg's pointer: a plane-offset
  // mistake".
  std::vector<std::string> explanationsTried;
  std::string cause;
  std::string where; // "device" or "host"
  double compareMs = 0;
  int64_t bytesUploaded = 0, bytesDownloaded = 0;
  RgbCompare rgb;
};

/// The planted difference, as applied.
struct PlantReport {
  int64_t frame = 0; // the first frame compared: the only one planted
  ComparePlant plant;
  int original = 0;
  std::string how; // "cuMemcpyHtoD of one 2-byte word" or "a direct write of one byte"
};

/// All frames compared.
struct CompareResult {
  std::string path, codec, profile;
  std::string decoderA, decoderB; // decode path names
  std::string pathReasonA;
  bool bitExactCodec = false;
  std::string bitExactWhy;
  std::vector<FrameCompare> frames;
  bool allIdentical = true;
  bool bitExactMismatch = false; // a bit-exact codec decoded differently
  std::optional<PlantReport> plant;
  double totalMs = 0;
};

/// Opens the file twice and compares each requested frame; throws zci::Error: INVALID_ARGUMENT (no frames, bad
/// plant, bad mode pair), FRAME_OUT_OF_RANGE, DECODER_COMPARE_UNAVAILABLE (NVDEC asked for and not usable), and the
/// open/decode errors of the file.
CompareResult compareDecoders(const std::string &path, const CompareRequest &request, CancelFlag cancel = nullptr);

/// Compares two decoded frames of the same picture (a: host or CUDA; b: host). The plant, when given, is applied to a.
FrameCompare compareFrames(const AVFrame *a, const AVFrame *b, int streamDepth, int codedWidth, int codedHeight,
                           bool rgb, CompareWhere where, const std::optional<ComparePlant> &plant = std::nullopt,
                           PlantReport *planted = nullptr, int tolerance = 0);

/// Whether the codec's standard defines bit-exact decoded output, and why.
bool codecIsBitExact(const std::string &codec, std::string &why);

/// The difference explanations are judged within for a codec: 0 when it is bit-exact, else kTransformTolerance.
int codecTolerance(const std::string &codec);

namespace device {
/// Compares n logical planes on the device (a: device pointers; b: device copies), one kernel each; fills stats and
/// heat maps (heat[i] sized cellsX[i] * cellsY[i]). Returns a cudaError_t.
int comparePlanes(const samples::PlaneAccess *a, const samples::PlaneAccess *b, const int *width, const int *height,
                  const int *cellsX, const int *cellsY, int n, samples::PlaneStats *stats, std::vector<uint32_t> *heat,
                  void *stream, float *ms);
} // namespace device

} // namespace zci
