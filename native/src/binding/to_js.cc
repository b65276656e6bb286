#include "to_js.h"
#include "to_js_fields.h"

#include "common/error.h"
#include "common/options.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

namespace zci::binding {
namespace {

Napi::Object decoderPoolToJs(Napi::Env env, const decoder_pool::Status &p) {
  const auto text = [](const std::string &v) { return v.empty() ? std::nullopt : std::optional<std::string>(v); };
  return Fields(env)
      .add("active", p.active)
      .add("path", text(p.path))
      .add("error", text(p.error))
      .add("budgetBytes", static_cast<int64_t>(p.budgetBytes))
      .add("created", static_cast<int64_t>(p.created))
      .add("reused", static_cast<int64_t>(p.reused))
      .add("live", static_cast<int64_t>(p.live))
      .add("parked", static_cast<int64_t>(p.parked))
      .add("parkedBytes", static_cast<int64_t>(p.parkedBytes))
      .add("evicted", static_cast<int64_t>(p.evicted))
      .add("capsQueries", static_cast<int64_t>(p.capsQueries))
      .add("capsCached", static_cast<int64_t>(p.capsCached))
      .add("driverMissing", static_cast<int64_t>(p.driverMissing))
      .add("driverUnknown", static_cast<int64_t>(p.driverUnknown))
      .add("driverVersioned", p.driverVersioned)
      .add("missingCalls", static_cast<int64_t>(p.missingCalls))
      .add("driverNote", p.driverNote)
      .object();
}

Napi::Object libraryToJs(Napi::Env env, const LoadedLibrary &l) {
  using Text = std::optional<std::string>;
  return Fields(env)
      .add("loaded", l.loaded)
      .add("path", l.loaded ? Text(l.path) : std::nullopt)
      .add("version", l.loaded ? Text(l.version) : std::nullopt)
      .add("error", l.loaded ? std::nullopt : Text(l.error))
      .add("searched", stringArray(env, l.searched))
      .object();
}

Napi::Object rgbToJs(Napi::Env env, const RgbImage &img) {
  // A copy, never an external buffer: Electron's memory cage forbids those.
  auto buf = Napi::Buffer<uint8_t>::Copy(env, img.rgb.data(), img.rgb.size());
  return Fields(env)
      .add("width", img.width)
      .add("height", img.height)
      .add("rgb", Napi::Uint8Array::New(env, img.rgb.size(), buf.ArrayBuffer(), buf.ByteOffset()))
      .object();
}

} // namespace

Napi::Value environmentToJs(Napi::Env env, const EnvironmentReport &r) {
  const FfmpegReport &f = r.ffmpeg;
  const CudaReport &c = r.cuda;
  Napi::Array devices = Napi::Array::New(env, c.devices.size());
  for (size_t i = 0; i < c.devices.size(); ++i) {
    const CudaDeviceReport &d = c.devices[i];
    devices.Set(static_cast<uint32_t>(i), Fields(env)
                                              .add("ordinal", d.ordinal)
                                              .add("name", d.name)
                                              .add("computeCapability", d.computeCapability)
                                              .add("totalMemory", d.totalMemory)
                                              .add("pciBusId", d.pciBusId)
                                              .add("uuid", d.uuid)
                                              .object());
  }
  Napi::Array peers = Napi::Array::New(env, c.peers.size());
  for (size_t i = 0; i < c.peers.size(); ++i) {
    const CudaPeerReport &p = c.peers[i];
    peers.Set(static_cast<uint32_t>(i),
              Fields(env).add("from", p.from).add("to", p.to).add("supported", p.supported).object());
  }
  Napi::Array caps = Napi::Array::New(env, r.nvdecCaps.size());
  for (size_t i = 0; i < r.nvdecCaps.size(); ++i) {
    const NvdecCapability &c = r.nvdecCaps[i];
    Napi::Array formats = Napi::Array::New(env, c.outputFormats.size());
    for (size_t k = 0; k < c.outputFormats.size(); ++k)
      formats.Set(static_cast<uint32_t>(k), Napi::String::New(env, c.outputFormats[k]));
    caps.Set(static_cast<uint32_t>(i), Fields(env)
                                           .add("codec", c.codec)
                                           .add("chroma", c.chroma)
                                           .add("bitDepth", c.bitDepth)
                                           .add("supported", c.supported)
                                           .add("nvdecs", c.nvdecs)
                                           .add("maxWidth", c.maxWidth)
                                           .add("maxHeight", c.maxHeight)
                                           .add("minWidth", c.minWidth)
                                           .add("minHeight", c.minHeight)
                                           .add("maxMacroblocks", c.maxMacroblocks)
                                           .add("outputFormats", formats)
                                           .object());
  }
  return Fields(env)
      .add("addonVersion", r.addonVersion)
      .add("ffmpeg", Fields(env)
                         .add("libavcodec", f.libavcodec)
                         .add("libavformat", f.libavformat)
                         .add("libavutil", f.libavutil)
                         .add("libswscale", f.libswscale)
                         .add("cudaHwaccel", f.cudaHwaccel)
                         .add("version", f.version)
                         .add("libraryPath", f.libraryPath)
                         .add("origin", f.origin)
                         .add("nvdecOutput", f.nvdecOutput)
                         .add("unsafeOutputFlag", f.unsafeOutputFlag)
                         .object())
      .add("cuda", Fields(env)
                       .add("runtimeVersion", c.runtimeVersion)
                       .add("driverVersion", c.driverVersion)
                       .add("deviceCount", c.deviceCount)
                       .add("devices", devices)
                       .add("peers", peers)
                       .add("error", c.error)
                       .object())
      .add("nvcv", libraryToJs(env, r.nvcv))
      .add("cvcuda", libraryToJs(env, r.cvcuda))
      .add("decoderPool", decoderPoolToJs(env, r.decoderPool))
      .add("nvdecCaps", Fields(env)
                            .add("rows", caps)
                            .add("error", r.nvdecCapsError.empty() ? std::optional<std::string>()
                                                                   : std::optional<std::string>(r.nvdecCapsError))
                            .object())
      .object();
}

Napi::Value abiCheckToJs(Napi::Env env, const AbiCheckReport &r) {
  Napi::Array checks = Napi::Array::New(env, r.checks.size());
  for (size_t i = 0; i < r.checks.size(); ++i) {
    const AbiCheck &k = r.checks[i];
    checks.Set(
        static_cast<uint32_t>(i),
        Fields(env).add("name", k.name).add("expected", k.expected).add("actual", k.actual).add("ok", k.ok).object());
  }
  return Fields(env).add("loaded", r.loaded).add("checks", checks).object();
}

Napi::Value thumbnailsToJs(Napi::Env env, const std::vector<Thumbnail> &thumbs) {
  Napi::Array out = Napi::Array::New(env, thumbs.size());
  for (size_t i = 0; i < thumbs.size(); ++i) {
    const Thumbnail &t = thumbs[i];
    // A copy, never an external buffer: Electron's memory cage forbids those.
    auto buf = Napi::Buffer<uint8_t>::Copy(env, t.data.data(), t.data.size());
    out.Set(static_cast<uint32_t>(i),
            Fields(env)
                .add("plane", t.plane)
                .add("name", t.name)
                .add("width", t.width)
                .add("height", t.height)
                .add("data", Napi::Uint8Array::New(env, t.data.size(), buf.ArrayBuffer(), buf.ByteOffset()))
                .object());
  }
  return out;
}

Napi::Value previewToJs(Napi::Env env, const PreviewResult &r) {
  // Preview numbers were never rounded: they go out as they are.
  auto number = [&](const std::optional<double> &v) {
    return v ? Napi::Value(Napi::Number::New(env, *v)) : env.Null();
  };
  auto image = [&](const RgbImage &img, bool present) { return present ? Napi::Value(rgbToJs(env, img)) : env.Null(); };
  Napi::Object o = Fields(env)
                       .add("op", nameOf(kPreviewOpNames, r.op))
                       .add("gpu", r.gpu)
                       .add("gpuReason", r.gpuReason)
                       .add("converter", r.converter)
                       .add("thumbnail", image(r.thumbnail, r.gpu))
                       .add("timings", Fields(env)
                                           .add("convertMs", number(r.convertMs))
                                           .add("opMs", number(r.opMs))
                                           .add("resizeMs", number(r.resizeMs))
                                           .add("downloadMs", number(r.downloadMs))
                                           .add("totalMs", number(r.totalMs))
                                           .object())
                       .add("bytesDownloaded", number(static_cast<double>(r.bytesDownloaded)))
                       .add("frameBytes", number(static_cast<double>(r.frameBytes)))
                       .add("reference", image(r.reference, !r.reference.rgb.empty()))
                       .add("referenceMethod", r.referenceMethod)
                       .add("psnr", number(r.psnr))
                       .add("maxAbsError", number(r.maxAbsError))
                       .add("meanAbsError", number(r.meanAbsError))
                       .add("wrongWrap", image(r.wrongWrap, !r.wrongWrap.rgb.empty()))
                       .add("wrongWrapReason", r.wrongWrapReason)
                       .object();
  return o;
}

Napi::Value vocabularyToJs(Napi::Env env) {
  return Fields(env)
      .add("decode", stringArray(env, namesOf(kDecodeModeNames)))
      .add("context", stringArray(env, namesOf(kContextModeNames)))
      .add("initOrder", stringArray(env, namesOf(kInitOrderNames)))
      .add("op", stringArray(env, namesOf(kPreviewOpNames)))
      .add("matrix", stringArray(env, namesOf(kPreviewMatrixNames)))
      .add("range", stringArray(env, namesOf(kPreviewRangeNames)))
      .add("errorCodes", stringArray(env, namesOf(kErrorCodeNames)))
      .add("warningCodes", stringArray(env, namesOf(kWarningCodeNames)))
      .add("thumbnailWidth", Fields(env).add("min", kThumbnailWidthMin).add("max", kThumbnailWidthMax).object())
      .add("memoryRegions", stringArray(env, namesOf(kMemoryRegionNames)))
      .add("memoryReadCap", kMemoryReadCap)
      .add("framesPerCall", kFramesPerCallMax)
      .add("previewsPerCall", kPreviewsPerCallMax)
      .object();
}

Napi::Value memoryReadToJs(Napi::Env env, const MemoryReadResult &r) {
  Napi::Array regions = Napi::Array::New(env, r.regions.size());
  for (size_t i = 0; i < r.regions.size(); ++i) {
    const RegionSpan &span = r.regions[i];
    regions.Set(static_cast<uint32_t>(i),
                Fields(env)
                    .add("start", span.start)
                    .add("length", span.length)
                    .add("region", nameOf(kMemoryRegionNames, span.region))
                    .add("plane", span.plane >= 0 ? Napi::Value(Napi::Number::New(env, span.plane)) : env.Null())
                    .object());
  }
  // A copy, never an external buffer: Electron's memory cage forbids those.
  auto buf = Napi::Buffer<uint8_t>::Copy(env, r.data.data(), r.data.size());
  return Fields(env)
      .add("frameIndex", r.frameIndex)
      .add("source", r.device ? "device-2d-copy" : "host")
      .add("plane", r.plane)
      .add("row", r.row)
      .add("offset", r.offset)
      .add("rows", r.rows)
      .add("bytesPerRow", r.bytesPerRow)
      .add("rowPitch", r.rowPitch)
      .add("data", Napi::Uint8Array::New(env, r.data.size(), buf.ArrayBuffer(), buf.ByteOffset()))
      .add("regions", regions)
      .add("allocation", Fields(env)
                             .add("start", hex64(r.allocationStart))
                             .add("size", r.allocationSize)
                             .add("separate", r.separate)
                             .object())
      .add("address", hex64(r.address))
      .add("bytesRead", r.bytesRead)
      .add("totalBytesRead", r.totalBytesRead)
      .add("cap", r.cap)
      .object();
}

Napi::Value showToJs(Napi::Env env, const ShowResult &r) {
  Napi::Array previews = Napi::Array::New(env, r.previews.size());
  for (size_t i = 0; i < r.previews.size(); ++i) {
    const PreviewOutcome &p = r.previews[i];
    Napi::Value error = env.Null();
    if (p.error) {
      error = Fields(env)
                  .add("code", errorCodeName(p.error->code()))
                  .add("message", std::string(p.error->what()))
                  .add("remedy", p.error->remedy())
                  .object();
    }
    previews.Set(
        static_cast<uint32_t>(i),
        Fields(env).add("result", p.result ? previewToJs(env, *p.result) : env.Null()).add("error", error).object());
  }
  return Fields(env)
      .add("report", frameReportToJs(env, r.report))
      .add("thumbnails", r.thumbnails ? thumbnailsToJs(env, *r.thumbnails) : env.Null())
      .add("previews", previews)
      .add("ledger", ledgerToJs(env, r.ledger))
      .object();
}

} // namespace zci::binding
