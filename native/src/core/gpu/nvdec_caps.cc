#include "gpu/nvdec_caps.h"

#include "gpu/cuda_device.h"
#include "gpu/cuda_driver.h"
#include "gpu/decoder_pool.h"

#include <map>
#include <mutex>
#include <tuple>

namespace zci {
namespace {

// cudaVideoCodec values (libnvcuvid's ABI) and FFmpeg's names for the codecs NVDEC knows.
struct CodecId {
  int nvdec;
  AVCodecID ffmpeg;
  const char *name;
};
constexpr CodecId kCodecs[] = {
    {0, AV_CODEC_ID_MPEG1VIDEO, "mpeg1video"},
    {1, AV_CODEC_ID_MPEG2VIDEO, "mpeg2video"},
    {2, AV_CODEC_ID_MPEG4, "mpeg4"},
    {3, AV_CODEC_ID_VC1, "vc1"},
    {4, AV_CODEC_ID_H264, "h264"},
    {8, AV_CODEC_ID_HEVC, "hevc"},
    {9, AV_CODEC_ID_VP8, "vp8"},
    {10, AV_CODEC_ID_VP9, "vp9"},
    {11, AV_CODEC_ID_AV1, "av1"},
};
// cudaVideoChromaFormat values.
constexpr const char *kChromaNames[] = {"4:0:0", "4:2:0", "4:2:2", "4:4:4"};
// Bits of nOutputFormatMask: cudaVideoSurfaceFormat values.
constexpr const char *kSurfaceNames[] = {"nv12", "p016", "yuv444", "yuv444-16bit", "nv16", "p216"};

// A retained primary context of ordinal, for the queries; released by the destructor.
class RetainedContext {
public:
  RetainedContext(int ordinal, std::string *why) : ordinal_(ordinal) {
    const cuda::DriverApi *d = cuda::driver(why);
    if (!d || !keepPrimaryContextWarm(ordinal, why)) return; // also loads the pool library
    CUdevice dev = 0;
    CUresult r = d->deviceGet(&dev, ordinal);
    if (r == CUDA_SUCCESS) r = d->primaryCtxRetain(&ctx_, dev);
    if (r != CUDA_SUCCESS) {
      *why = "cuDevicePrimaryCtxRetain: " + cuda::driverErrorName(r);
      ctx_ = nullptr;
    }
  }
  ~RetainedContext() {
    if (!ctx_) return;
    CUdevice dev = 0;
    const cuda::DriverApi *d = cuda::driver();
    if (d && d->deviceGet(&dev, ordinal_) == CUDA_SUCCESS) d->primaryCtxRelease(dev);
  }
  RetainedContext(const RetainedContext &) = delete;
  RetainedContext &operator=(const RetainedContext &) = delete;
  CUcontext get() const { return ctx_; }

private:
  int ordinal_;
  CUcontext ctx_ = nullptr;
};

std::optional<NvdecCapability> query(CUcontext ctx, const CodecId &codec, int chroma, int bitDepth, std::string *why) {
  zci_pool_caps c{};
  c.codec = codec.nvdec;
  c.chromaFormat = chroma;
  c.bitDepthMinus8 = bitDepth - 8;
  if (!decoder_pool::decoderCaps(ctx, c, why)) return std::nullopt;
  NvdecCapability out;
  out.codec = codec.name;
  out.chroma = kChromaNames[chroma];
  out.bitDepth = bitDepth;
  // An error answer (the driver does not know the codec at all) is "not supported", as the driver meant it.
  out.supported = c.result == CUDA_SUCCESS && c.supported != 0;
  if (out.supported) {
    out.nvdecs = c.numNvdecs;
    out.maxWidth = static_cast<int>(c.maxWidth);
    out.maxHeight = static_cast<int>(c.maxHeight);
    out.minWidth = c.minWidth;
    out.minHeight = c.minHeight;
    out.maxMacroblocks = c.maxMBCount;
    for (int bit = 0; bit < static_cast<int>(sizeof kSurfaceNames / sizeof *kSurfaceNames); ++bit)
      if (c.outputFormatMask & (1u << bit)) out.outputFormats.push_back(kSurfaceNames[bit]);
  }
  return out;
}

} // namespace

namespace {

// The table as the driver answered it, per device ordinal, asked once per process: the answer does not change while
// the driver is loaded, and each query has the driver do small device work (memsets) that a copy ledger recording
// at the time would count.
struct CachedTable {
  std::vector<NvdecCapability> rows;
  std::string why;
};

CachedTable askDriver(int ordinal) {
  CachedTable t;
  RetainedContext ctx(ordinal, &t.why);
  if (!ctx.get()) return t;
  for (const CodecId &codec : kCodecs) {
    for (int chroma = 0; chroma < 4; ++chroma) {
      for (int depth : {8, 10, 12}) {
        auto row = query(ctx.get(), codec, chroma, depth, &t.why);
        if (!row) {
          t.rows.clear();
          return t;
        }
        t.rows.push_back(std::move(*row));
      }
    }
  }
  return t;
}

std::mutex tableMutex;
std::map<int, CachedTable> tables; // the whole table, per ordinal, once something asked for all of it

const CachedTable &cachedTable(int ordinal) {
  std::lock_guard<std::mutex> lock(tableMutex);
  auto it = tables.find(ordinal);
  if (it == tables.end()) it = tables.emplace(ordinal, askDriver(ordinal)).first;
  return it->second; // std::map keeps its nodes where they are: the reference outlives the lock
}

// One row as the driver answered it, per ordinal, codec, chroma format and depth. An open asks only for the row of
// the stream it opens: one query (milliseconds) instead of the whole table's 108 (about a second on an H100).
struct CachedRow {
  std::optional<NvdecCapability> row;
  std::string why;
};

CachedRow cachedRow(int ordinal, const CodecId &codec, int chroma, int bitDepth) {
  static std::mutex mutex;
  static std::map<std::tuple<int, int, int, int>, CachedRow> rows;
  {
    std::lock_guard<std::mutex> lock(tableMutex);
    if (auto it = tables.find(ordinal); it != tables.end() && !it->second.rows.empty())
      for (const NvdecCapability &row : it->second.rows)
        if (row.codec == codec.name && row.chroma == kChromaNames[chroma] && row.bitDepth == bitDepth) return {row, ""};
  }
  std::lock_guard<std::mutex> lock(mutex);
  const auto key = std::make_tuple(ordinal, codec.nvdec, chroma, bitDepth);
  if (auto it = rows.find(key); it != rows.end()) return it->second;
  CachedRow answer;
  RetainedContext ctx(ordinal, &answer.why);
  if (ctx.get()) answer.row = query(ctx.get(), codec, chroma, bitDepth, &answer.why);
  // A failure to ask (no context, no pool library) is not cached: a later open may find them.
  if (answer.row) rows.emplace(key, answer);
  return answer;
}

} // namespace

std::vector<NvdecCapability> nvdecCapabilities(int ordinal, std::string *why) {
  const CachedTable &t = cachedTable(ordinal);
  if (t.rows.empty()) *why = t.why;
  return t.rows;
}

void warmNvdecCapabilities(int ordinal) {
  (void)cachedTable(ordinal);
}

std::optional<NvdecCapability> nvdecCapabilityFor(int ordinal, AVCodecID id, int chromaW, int chromaH, int bitDepth,
                                                  std::string *why) {
  const CodecId *codec = nullptr;
  for (const CodecId &c : kCodecs)
    if (c.ffmpeg == id) codec = &c;
  if (!codec) {
    *why = "NVDEC has no codec id for this stream's codec";
    return std::nullopt;
  }
  int chroma = 1;
  if (chromaW < 0)
    chroma = 0;
  else if (chromaW == 1 && chromaH == 1)
    chroma = 1;
  else if (chromaW == 1 && chromaH == 0)
    chroma = 2;
  else if (chromaW == 0 && chromaH == 0)
    chroma = 3;
  CachedRow answer = cachedRow(ordinal, *codec, chroma, bitDepth);
  if (!answer.row) *why = answer.why;
  return answer.row;
}

std::string nvdecRefusal(const NvdecCapability &cap, int width, int height) {
  const std::string what = cap.codec + " " + cap.chroma + " " + std::to_string(cap.bitDepth) + "-bit";
  if (!cap.supported)
    return "NVDEC on this GPU cannot decode " + what + " (the driver's capability query, cuvidGetDecoderCaps)";
  const int64_t macroblocks = (static_cast<int64_t>(width + 15) / 16) * ((height + 15) / 16);
  if (width > cap.maxWidth || height > cap.maxHeight || width < cap.minWidth || height < cap.minHeight ||
      (cap.maxMacroblocks > 0 && macroblocks > cap.maxMacroblocks)) {
    return "NVDEC on this GPU decodes " + what + " from " + std::to_string(cap.minWidth) + "x" +
           std::to_string(cap.minHeight) + " to " + std::to_string(cap.maxWidth) + "x" + std::to_string(cap.maxHeight) +
           " (" + std::to_string(cap.maxMacroblocks) + " macroblocks), not " + std::to_string(width) + "x" +
           std::to_string(height) + " (cuvidGetDecoderCaps)";
  }
  return "";
}

} // namespace zci
