// Frame reports and stream facts as plain objects (FrameReport and StreamInfo in contract/report.ts).
#include "to_js.h"
#include "to_js_fields.h"

#include "common/error.h"
#include "common/options.h"

#include <optional>
#include <string>

namespace zci::binding {
namespace {

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

Napi::Value placementToJs(Napi::Env env, const PlacementEvidence &p) {
  Napi::Array planes = Napi::Array::New(env, p.planeDevices.size());
  for (size_t i = 0; i < p.planeDevices.size(); ++i)
    planes.Set(static_cast<uint32_t>(i),
               p.planeDevices[i] ? Napi::Number::New(env, static_cast<double>(*p.planeDevices[i])) : env.Null());
  Napi::Value peer = env.Null();
  if (p.peerSupported)
    peer = Fields(env).add("supported", *p.peerSupported).add("enabled", p.peerEnabled.value_or(false)).object();
  return Fields(env)
      .add("decoderDevice", p.decoderDevice)
      .add("planeDevices", planes)
      .add("nvcvDevice", p.nvcvDevice)
      .add("operatorDevice", p.operatorDevice)
      .add("peer", peer)
      .add("verdict", p.verdict)
      .add("reason", p.reason)
      .object();
}

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
  o.Set("placement", placementToJs(env, e.placement));
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
      .add("frameThreads", f.frameThreads)
      .add("device", f.device)
      .add("warnings", warnings)
      .object();
}

} // namespace zci::binding
