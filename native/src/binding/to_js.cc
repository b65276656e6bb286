#include "to_js.h"

#include "error.h"
#include "options.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

namespace zci::binding {
namespace {

// "0x…" in lowercase hex without leading zeros: JS numbers cannot carry all 64 bits of an address.
std::string hex64(uint64_t value) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(value));
  return buf;
}

std::optional<std::string> hexOpt(const std::optional<uint64_t> &v) {
  return v ? std::optional<std::string>(hex64(*v)) : std::nullopt;
}

// Report numbers carry 9 significant digits (a time read back maps to the same frame: Decoder::indexAtTime snaps
// to the nearest tick); a value that is not finite is null.
Napi::Value reportNumber(Napi::Env env, double v) {
  if (!std::isfinite(v)) return env.Null();
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return Napi::Number::New(env, std::strtod(buf, nullptr));
}

// Sets the members of one new object in order, with the same conversions for every report.
class Fields {
public:
  explicit Fields(Napi::Env env) : env_(env), obj_(Napi::Object::New(env)) {}
  Fields &add(const char *key, Napi::Value v) {
    obj_.Set(key, v);
    return *this;
  }
  Fields &add(const char *key, const char *v) { return add(key, Napi::String::New(env_, v)); }
  Fields &add(const char *key, const std::string &v) { return add(key, Napi::String::New(env_, v)); }
  Fields &add(const char *key, bool v) { return add(key, Napi::Boolean::New(env_, v)); }
  Fields &add(const char *key, int v) { return add(key, static_cast<int64_t>(v)); }
  Fields &add(const char *key, int64_t v) { return add(key, Napi::Number::New(env_, static_cast<double>(v))); }
  Fields &add(const char *key, double v) { return add(key, reportNumber(env_, v)); }
  template <typename T> Fields &add(const char *key, const std::optional<T> &v) {
    return v ? add(key, *v) : add(key, env_.Null());
  }
  Napi::Object object() const { return obj_; }

private:
  Napi::Env env_;
  Napi::Object obj_;
};

Napi::Array int64Array(Napi::Env env, const std::vector<int64_t> &values) {
  Napi::Array out = Napi::Array::New(env, values.size());
  for (size_t i = 0; i < values.size(); ++i)
    out.Set(static_cast<uint32_t>(i), Napi::Number::New(env, static_cast<double>(values[i])));
  return out;
}

Napi::Array stringArray(Napi::Env env, const std::vector<std::string> &values) {
  Napi::Array out = Napi::Array::New(env, values.size());
  for (size_t i = 0; i < values.size(); ++i)
    out.Set(static_cast<uint32_t>(i), Napi::String::New(env, values[i]));
  return out;
}

Napi::Array planesToJs(Napi::Env env, const std::vector<PlaneEvidence> &planes) {
  Napi::Array out = Napi::Array::New(env, planes.size());
  for (size_t i = 0; i < planes.size(); ++i) {
    const PlaneEvidence &p = planes[i];
    const std::optional<std::string> nvcvPointer =
        p.nvcvPointer ? std::optional<std::string>(hex64(static_cast<uint64_t>(*p.nvcvPointer))) : std::nullopt;
    const Napi::Value ownAllocation =
        p.allocation
            ? Napi::Value(Fields(env).add("start", hex64(p.allocation->start)).add("size", p.allocation->size).object())
            : env.Null();
    out.Set(static_cast<uint32_t>(i), Fields(env)
                                          .add("index", p.index)
                                          .add("name", p.geometry.name)
                                          .add("width", p.geometry.width)
                                          .add("height", p.geometry.height)
                                          .add("bytesPerPixel", p.geometry.bytesPerPixel)
                                          .add("visibleBytesPerRow", p.visibleBytesPerRow)
                                          .add("pitch", p.pitch)
                                          .add("rightPadding", p.rightPadding)
                                          .add("ffmpegPointer", hex64(p.ffmpegPointer))
                                          .add("offsetFromPlane0", p.offsetFromPlane0)
                                          .add("offsetInAllocation", p.offsetInAllocation)
                                          .add("rowsBeforeNextPlane", p.rowsBeforeNextPlane)
                                          .add("hiddenRowsAfter", p.hiddenRowsAfter)
                                          .add("codedWidth", p.codedWidth)
                                          .add("codedHeight", p.codedHeight)
                                          .add("codedRowsNotDisplayed", p.codedRowsNotDisplayed)
                                          .add("allocatorPaddingRows", p.allocatorPaddingRows)
                                          .add("codedColumnsNotDisplayed", p.codedColumnsNotDisplayed)
                                          .add("separateAllocation", p.separateAllocation)
                                          .add("allocation", ownAllocation)
                                          .add("nvcvPointer", nvcvPointer)
                                          .add("nvcvRowStride", p.nvcvRowStride)
                                          .add("match", p.match)
                                          .object());
  }
  return out;
}

Napi::Object formatToJs(Napi::Env env, const FrameEvidence &e) {
  return Fields(env)
      .add("swFormat", e.layout.swFormatName)
      .add("hwFormat", e.layout.device ? std::optional<std::string>(e.layout.hwFormatName) : std::nullopt)
      .add("bitDepth", e.layout.bitDepth)
      .add("chromaSubsampling", e.layout.subsampling)
      .add("colorRange", e.colorRange)
      .add("colorMatrix", e.colorMatrix)
      .add("width", e.width)
      .add("height", e.height)
      .add("codedWidth", e.codedWidth)
      .add("codedHeight", e.codedHeight)
      .object();
}

Napi::Object allocationToJs(Napi::Env env, const AllocationEvidence &a) {
  return Fields(env)
      .add("source", a.source)
      .add("memory", a.memory)
      .add("device", a.device)
      .add("context", hexOpt(a.context))
      .add("rangeStart", hexOpt(a.rangeStart))
      .add("rangeSize", a.rangeSize)
      .add("bufferId", a.bufferId)
      .add("planesInOneAllocation", a.planesInOneAllocation)
      .add("error", a.error)
      .object();
}

Napi::Object wrapToJs(Napi::Env env, const WrapEvidence &w) {
  const TensorEvidence &t = w.tensor;
  const Napi::Object tensor = Fields(env)
                                  .add("attempted", t.attempted)
                                  .add("valid", t.valid)
                                  .add("reason", t.reason)
                                  .add("shape", t.shape.empty() ? env.Null() : Napi::Value(int64Array(env, t.shape)))
                                  .add("layout", t.layout)
                                  .add("assumedChromaRow", t.assumedChromaRow)
                                  .add("actualChromaRow", t.actualChromaRow)
                                  .object();
  return Fields(env)
      .add("available", w.available)
      .add("reason", w.reason)
      .add("formatName", w.formatName)
      .add("formatCode", hexOpt(w.formatCode))
      .add("bufferType", w.bufferType)
      .add("numPlanes", w.numPlanes)
      .add("handleLive", w.handleLive)
      .add("descriptorOnly", w.descriptorOnly)
      .add("hostRefusal", w.hostRefusal)
      .add("expectedFormatCode", hexOpt(w.expectedFormatCode))
      .add("formatMatch", w.formatMatch)
      .add("planted", w.planted)
      .add("tensor", tensor)
      .object();
}

Napi::Object decoderSurfaceToJs(Napi::Env env, const DecoderSurfaceEvidence &d) {
  Napi::Array planes = Napi::Array::New(env, d.planes.size());
  for (size_t i = 0; i < d.planes.size(); ++i) {
    const DecoderPlaneEvidence &p = d.planes[i];
    planes.Set(static_cast<uint32_t>(i), Fields(env)
                                             .add("index", p.index)
                                             .add("decoderOffset", p.decoderOffset)
                                             .add("ffmpegOffset", p.ffmpegOffset)
                                             .add("deltaBytes", p.deltaBytes)
                                             .add("deltaRows", p.deltaRows)
                                             .add("copiedFromOffset", p.copiedFromOffset)
                                             .add("copiedRows", p.copiedRows)
                                             .add("rowsNeeded", p.rowsNeeded)
                                             .add("verdict", p.verdict)
                                             .object());
  }
  return Fields(env)
      .add("witnessed", d.witnessed)
      .add("ffmpegCopy", d.ffmpegCopy)
      .add("reason", d.reason)
      .add("rule", d.rule.empty() ? std::optional<std::string>() : std::optional<std::string>(d.rule))
      .add("pointer", hexOpt(d.pointer))
      .add("pitch", d.pitch)
      .add("picIdx", d.picIdx)
      .add("targetWidth", d.targetWidth)
      .add("targetHeight", d.targetHeight)
      .add("planes", planes)
      .object();
}

Napi::Object contextToJs(Napi::Env env, const ContextEvidence &c) {
  return Fields(env)
      .add("ffmpegContext", hexOpt(c.ffmpegContext))
      .add("runtimeContext", hexOpt(c.runtimeContext))
      .add("allocationContext", hexOpt(c.allocationContext))
      .add("oneContext", c.oneContext)
      .add("strategy", c.strategy)
      .add("ffmpegStream", hexOpt(c.ffmpegStream))
      .add("inspectorStream", hexOpt(c.inspectorStream))
      .object();
}

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

Napi::Value ledgerToJs(Napi::Env env, const Ledger &l) {
  Napi::Array records = Napi::Array::New(env, l.records.size());
  for (size_t i = 0; i < l.records.size(); ++i) {
    const LedgerRecord &r = l.records[i];
    records.Set(static_cast<uint32_t>(i),
                Fields(env)
                    .add("kind", r.kind)
                    .add("bytes", r.bytes)
                    .add("srcKind", r.srcKind.empty() ? env.Null() : Napi::String::New(env, r.srcKind))
                    .add("dstKind", r.dstKind)
                    .add("durationNs", r.durationNs)
                    .add("stage", nameOf(kLedgerStageNames, r.stage))
                    .add("stream", static_cast<int64_t>(r.stream))
                    .add("correlationId", static_cast<int64_t>(r.correlationId))
                    .object());
  }
  Napi::Array totals = Napi::Array::New(env, l.totals.size());
  for (size_t i = 0; i < l.totals.size(); ++i) {
    const LedgerTotal &t = l.totals[i];
    totals.Set(static_cast<uint32_t>(i), Fields(env)
                                             .add("stage", nameOf(kLedgerStageNames, t.stage))
                                             .add("kind", t.kind)
                                             .add("bytes", t.bytes)
                                             .add("count", t.count)
                                             .object());
  }
  return Fields(env)
      .add("enabled", l.enabled)
      .add("recording", l.reason == LedgerReason::Recording)
      .add("reason", nameOf(kLedgerReasonNames, l.reason))
      .add("message", l.message)
      .add("records", records)
      .add("totals", totals)
      .add("dropped", l.dropped)
      .add("reported", Fields(env).add("thumbnailBytes", l.thumbnailBytes).add("previewBytes", l.previewBytes).object())
      .object();
}

/// A text, or null when empty.
std::optional<std::string> textOrNull(const std::string &s) {
  return s.empty() ? std::optional<std::string>() : std::optional<std::string>(s);
}

Napi::Value proofToJs(Napi::Env env, const ProofEvidence &p) {
  return Fields(env)
      .add("ran", p.ran)
      .add("passed", p.passed)
      .add("method", p.method)
      .add("canary", p.canary)
      .add("readBack", p.readBack)
      .add("restored", p.restored)
      .add("reason", p.reason)
      .add("witness", textOrNull(p.witness))
      .add("witnessNote", textOrNull(p.witnessNote))
      .object();
}

} // namespace

Napi::Value frameReportToJs(Napi::Env env, const FrameEvidence &e) {
  const PoolEvidence &pool = e.pool;
  Napi::Object o = Fields(env)
                       .add("frameIndex", e.frameIndex)
                       .add("pts", e.pts)
                       .add("timeSeconds", e.timeSeconds)
                       .add("keyFrame", e.keyFrame)
                       .add("pictureType", e.pictureType)
                       .add("decodePath", e.decodePath)
                       .add("format", formatToJs(env, e))
                       .add("planes", planesToJs(env, e.planes))
                       .add("allocation", allocationToJs(env, e.allocation))
                       .add("wrap", wrapToJs(env, e.wrap))
                       .add("aliasing", proofToJs(env, e.proof))
                       .add("decoderSurface", decoderSurfaceToJs(env, e.decoderSurface))
                       .add("context", contextToJs(env, e.context))
                       .add("pool", Fields(env)
                                        .add("poolSize", pool.poolSize)
                                        .add("extraReserved", pool.extraReserved)
                                        .add("framesHeld", pool.framesHeld)
                                        .add("addressSeenBefore", pool.addressSeenBefore)
                                        .add("distinctAddresses", pool.distinctAddresses)
                                        .object())
                       .add("timings", Fields(env)
                                           .add("decodeUs", e.decodeUs)
                                           .add("wrapUs", e.wrapUs)
                                           .add("exportUs", e.exportUs)
                                           .add("evidenceUs", e.evidenceUs)
                                           .add("witnessUs", e.witnessUs)
                                           .object())
                       .add("damage", Fields(env)
                                          .add("concealed", e.damage.concealed)
                                          .add("flags", stringArray(env, e.damage.flags))
                                          .add("messages", stringArray(env, e.damage.messages))
                                          .object())
                       .object();
  if (e.ledger) o.Set("ledger", ledgerToJs(env, *e.ledger));
  return o;
}

Napi::Value streamInfoToJs(Napi::Env env, const StreamInfo &f) {
  Napi::Array warnings = Napi::Array::New(env, f.warnings.size());
  for (size_t i = 0; i < f.warnings.size(); ++i) {
    const Warning &w = f.warnings[i];
    warnings.Set(static_cast<uint32_t>(i),
                 Fields(env).add("code", nameOf(kWarningCodeNames, w.code)).add("message", w.message).object());
  }
  return Fields(env)
      .add("path", f.path)
      .add("container", f.container)
      .add("codec", f.codec)
      .add("profile", f.profile)
      .add("bitDepth", f.bitDepth)
      .add("pixelFormat", f.pixelFormat)
      .add("width", f.width)
      .add("height", f.height)
      .add("codedWidth", f.codedWidth)
      .add("codedHeight", f.codedHeight)
      .add("frameRate", f.frameRate)
      .add("rotationDegrees", f.rotationDegrees)
      .add("displayFlipped", f.displayFlipped)
      .add("colorRange", f.colorRange)
      .add("durationSeconds", f.durationSeconds)
      .add("frameCount", f.frameCount)
      .add("frameCountExact", f.frameCountExact)
      .add("keyFrames", int64Array(env, f.keyFrames))
      .add("decodePath", decodePathName(f.decodePath))
      .add("decodePathReason", f.pathReason)
      .add("nvdecOutput",
           f.nvdecOutput.empty() ? std::optional<std::string>() : std::optional<std::string>(f.nvdecOutput))
      .add("device", f.device)
      .add("warnings", warnings)
      .object();
}

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
                                              .object());
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

Napi::Value previewToJs(Napi::Env env, const PreviewResult &r, bool withLedger) {
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
  if (withLedger) o.Set("ledger", ledgerToJs(env, r.ledger));
  return o;
}

Napi::Value standalonePreviewToJs(Napi::Env env, const PreviewResult &r) {
  return previewToJs(env, r, true);
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
  Napi::Object o = Napi::Object::New(env);
  o.Set("report", frameReportToJs(env, r.report));
  o.Set("thumbnails", r.thumbnails ? thumbnailsToJs(env, *r.thumbnails) : env.Null());
  o.Set("preview", r.preview ? previewToJs(env, *r.preview, false) : env.Null());
  if (r.previewError) {
    Napi::Object e = Napi::Object::New(env);
    e.Set("code", errorCodeName(r.previewError->code()));
    e.Set("message", r.previewError->what());
    e.Set("remedy", r.previewError->remedy());
    o.Set("previewError", e);
  } else {
    o.Set("previewError", env.Null());
  }
  o.Set("ledger", ledgerToJs(env, r.ledger));
  return o;
}

} // namespace zci::binding
