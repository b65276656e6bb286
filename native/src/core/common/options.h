// What callers may ask of the core, as enum values with one name table each, and the bounds of request numbers.
#pragma once

#include "common/named.h"

#include <cstdint>

namespace zci {

/// How the decoder is chosen; Auto prefers NVDEC, then software + upload, then software. Cuvid is FFmpeg's other
/// NVDEC path (the *_cuvid decoders), only when asked for.
enum class DecodeMode { Auto, Nvdec, Software, SoftwareUpload, Cuvid };

/// The names of DecodeMode.
inline constexpr Named<DecodeMode> kDecodeModeNames[] = {{DecodeMode::Auto, "auto"},
                                                         {DecodeMode::Nvdec, "nvdec"},
                                                         {DecodeMode::Software, "software"},
                                                         {DecodeMode::SoftwareUpload, "software-upload"},
                                                         {DecodeMode::Cuvid, "cuvid"}};

/// How FFmpeg's CUDA context is chosen.
enum class ContextMode {
  Shared,        // the device's primary context, retained by us and handed to FFmpeg: one context in either order
  Private,       // FFmpeg creates its own context (its default): two contexts, to show the mismatch
  FfmpegPrimary, // FFmpeg's AV_CUDA_USE_PRIMARY_CONTEXT flag: fails when the runtime came first
};

/// The names of ContextMode.
inline constexpr Named<ContextMode> kContextModeNames[] = {
    {ContextMode::Shared, "shared"}, {ContextMode::Private, "private"}, {ContextMode::FfmpegPrimary, "ffmpeg-primary"}};

/// Whether the CUDA runtime is initialised before or after the decoder's device.
enum class InitOrder { DecoderFirst, RuntimeFirst };

/// The names of InitOrder.
inline constexpr Named<InitOrder> kInitOrderNames[] = {{InitOrder::DecoderFirst, "decoder-first"},
                                                       {InitOrder::RuntimeFirst, "runtime-first"}};

/// An operator preview: Reference (CPU only), Convert (the inspector's kernel), CvtColor (CV-CUDA's AdvCvtColor),
/// Gaussian, Flip, Threshold (CV-CUDA, on the converted picture).
enum class PreviewOp { Reference, Convert, CvtColor, Gaussian, Flip, Threshold };

/// The names of PreviewOp.
inline constexpr Named<PreviewOp> kPreviewOpNames[] = {
    {PreviewOp::Reference, "reference"}, {PreviewOp::Convert, "convert"}, {PreviewOp::CvtColor, "cvtcolor"},
    {PreviewOp::Gaussian, "gaussian"},   {PreviewOp::Flip, "flip"},       {PreviewOp::Threshold, "threshold"}};

/// The YUV matrix a preview converts with: the stream's own (Auto) or a forced one, to show a wrong one.
enum class PreviewMatrix { Auto, Bt601, Bt709, Bt2020 };

/// The names of PreviewMatrix.
inline constexpr Named<PreviewMatrix> kPreviewMatrixNames[] = {{PreviewMatrix::Auto, "auto"},
                                                               {PreviewMatrix::Bt601, "bt601"},
                                                               {PreviewMatrix::Bt709, "bt709"},
                                                               {PreviewMatrix::Bt2020, "bt2020"}};

/// The sample range a preview converts with: the stream's own (Auto) or a forced one.
enum class PreviewRange { Auto, Limited, Full };

/// The names of PreviewRange.
inline constexpr Named<PreviewRange> kPreviewRangeNames[] = {
    {PreviewRange::Auto, "auto"}, {PreviewRange::Limited, "limited"}, {PreviewRange::Full, "full"}};

/// Where operator previews run, as Session.open was asked: a device (-1: the decoder's own) and whether, on another
/// device than the frame's, they read the frame through peer access instead of a copy made on their device.
struct OperatorPlacement {
  int device = -1;
  bool peerAccess = false;
};

/// Width bounds of plane thumbnails and operator previews, in pixels.
inline constexpr int kThumbnailWidthMin = 16;
inline constexpr int kThumbnailWidthMax = 1024;

/// The most frames one showBatch() call shows (the command line's batches; each report is about 4 KB of JS).
inline constexpr int kFramesPerCallMax = 256;
/// The most operator previews one show() call runs (PREVIEWS_PER_CALL in contract/vocabulary.ts).
inline constexpr int kPreviewsPerCallMax = 8;

/// The pixel budget of a stream (coded width × height): default 8192×4352 (DCI 8K), and its bounds.
inline constexpr int64_t kMaxPixelsDefault = 8192LL * 4352;
inline constexpr int64_t kMaxPixelsMin = 4096;
inline constexpr int64_t kMaxPixelsMax = 16384LL * 16384;

/// The packet-size cap, in bytes (also the most read without a packet ending): default 64 MiB, and its bounds.
inline constexpr int64_t kMaxPacketBytesDefault = 64LL << 20;
inline constexpr int64_t kMaxPacketBytesMin = 64LL << 10;
inline constexpr int64_t kMaxPacketBytesMax = 4LL << 30;
/// NAL units one H.264 or HEVC packet may hold. FFmpeg's decoders keep several KB for each NAL of a packet while they
/// decode it, so 4096 keep a packet's cost to tens of MB (test/native/nal-cap.test.mjs prints the peak memory of a
/// refused flood); encoders write one NAL per slice plus parameter sets and SEI (HEVC's levels allow at most 600
/// slice segments a picture).
inline constexpr int64_t kMaxNalUnitsPerPacket = 4096;

/// Deadlines in milliseconds: opening (probe, index, first frame), each frame request, and their bounds.
inline constexpr int kOpenDeadlineMsDefault = 30000;
inline constexpr int kFrameDeadlineMsDefault = 15000;
inline constexpr int kDeadlineMsMin = 1;
inline constexpr int kDeadlineMsMax = 3600000;

} // namespace zci
