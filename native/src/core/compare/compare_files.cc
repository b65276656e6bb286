// Same frames, two decoders: the file opened once per decoder, each chosen frame decoded by both and compared
// (compareFrames, decoder_compare.cc).
#include "compare/compare_parts.h"
#include "compare/decoder_compare.h"

#include "decode/decoder.h"
#include "decode/planted_frame.h"
#include "gpu/cuda_driver.h"

#include <chrono>
#include <memory>

namespace zci {

namespace {
using namespace compare_parts;
} // namespace

CompareResult compareDecoders(const std::string &path, const CompareRequest &request, CancelFlag cancel) {
  const auto t0 = std::chrono::steady_clock::now();
  if (request.frames.size() > static_cast<size_t>(kCompareFramesMax)) {
    throw Error(ErrorCode::InvalidArgument, "frames may list at most " + std::to_string(kCompareFramesMax) + " indices",
                "Compare fewer frames at a time.");
  }
  if (request.a == DecodeMode::Auto || request.b != DecodeMode::Software) {
    throw Error(ErrorCode::InvalidArgument,
                "The decoders compared are A: 'nvdec', 'software' or 'software-upload' against B: 'software'",
                "Use decoders 'nvdec,software' (the default) or 'software,software'.");
  }
  for (int64_t f : request.frames) {
    if (f < 0) {
      throw Error(ErrorCode::FrameOutOfRange, "Frame " + std::to_string(f) + " does not exist",
                  "Pick frames from 0 up.");
    }
  }
  DecoderOptions oa, ob;
  oa.mode = request.a;
  oa.device = request.device;
  ob.mode = DecodeMode::Software;
  std::unique_ptr<Decoder> da;
  try {
    da = std::make_unique<Decoder>(path, oa, cancel);
  } catch (const Error &e) {
    if (request.a != DecodeMode::Software &&
        (e.code() == ErrorCode::NoCudaDevice || e.code() == ErrorCode::NvdecUnavailable ||
         e.code() == ErrorCode::CudaError)) {
      throw unavailable(std::string(nameOf(kDecodeModeNames, request.a)) + " decoding is not usable here (" +
                        errorCodeName(e.code()) + ": " + e.what() + ")");
    }
    throw;
  }
  Decoder db(path, ob, cancel);
  const StreamInfo &info = db.info();
  std::vector<int64_t> frames = request.frames;
  if (frames.empty()) { // every frame
    if (info.frameCount > kCompareFramesMax) {
      throw Error(ErrorCode::InvalidArgument,
                  "The stream has " + std::to_string(info.frameCount) + " frames, more than the " +
                      std::to_string(kCompareFramesMax) + " one comparison may cover",
                  "Name the frames to compare.");
    }
    for (int64_t f = 0; f < info.frameCount; ++f)
      frames.push_back(f);
  }
  for (int64_t f : frames) {
    if (f >= info.frameCount) {
      throw Error(ErrorCode::FrameOutOfRange,
                  "Frame " + std::to_string(f) + " does not exist; the stream has " + std::to_string(info.frameCount) +
                      " frames",
                  "Pick frames between 0 and " + std::to_string(info.frameCount - 1) + ".");
    }
  }
  CompareResult out;
  out.path = path;
  out.codec = info.codec;
  out.profile = info.profile;
  out.decoderA = decodePathName(da->info().decodePath);
  out.decoderB = decodePathName(info.decodePath);
  out.pathReasonA = da->info().pathReason;
  out.bitExactCodec = codecIsBitExact(info.codec, out.bitExactWhy);
  for (int64_t index : frames) {
    if (cancel && cancel->load())
      throw Error(ErrorCode::Cancelled, "Comparing decoders of " + path + " was cancelled",
                  "Compare again when needed.");
    FramePtr fa = da->frameAt(index, cancel);
    plantFrameFault(fa); // side A only: the A/B must name a planted chroma row
    FramePtr fb = db.frameAt(index, cancel);
    // The plant goes into the first frame compared only: one sample, one place to report.
    const bool plantHere = request.plant && index == frames.front() && !out.plant;
    PlantReport planted;
    FrameCompare fc =
        compareFrames(fa.get(), fb.get(), info.bitDepth, info.codedWidth, info.codedHeight, request.rgb, request.where,
                      plantHere ? request.plant : std::nullopt, &planted, codecTolerance(info.codec));
    if (plantHere) {
      planted.frame = index;
      out.plant = planted;
    }
    fc.index = index;
    fc.bitExactRequired = out.bitExactCodec;
    out.allIdentical = out.allIdentical && fc.identical;
    out.bitExactMismatch = out.bitExactMismatch || (fc.bitExactRequired && !fc.identical);
    out.frames.push_back(std::move(fc));
  }
  out.totalMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

} // namespace zci
