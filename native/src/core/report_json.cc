// Serialises FrameEvidence as the FrameReport of electron/common/report.ts.
#include "evidence.h"
#include "json.h"

namespace zci {
namespace {

std::optional<std::string> hexOpt(const std::optional<uint64_t> &v) {
  return v ? std::optional<std::string>(hex64(*v)) : std::nullopt;
}

void planes(JsonWriter &j, const FrameEvidence &e) {
  j.beginArray("planes");
  for (const PlaneEvidence &p : e.planes) {
    j.beginObject()
        .field("index", p.index)
        .field("name", p.geometry.name)
        .field("width", p.geometry.width)
        .field("height", p.geometry.height)
        .field("bytesPerPixel", p.geometry.bytesPerPixel)
        .field("visibleBytesPerRow", p.visibleBytesPerRow)
        .field("pitch", p.pitch)
        .field("rightPadding", p.rightPadding)
        .field("ffmpegPointer", hex64(p.ffmpegPointer))
        .field("offsetFromPlane0", p.offsetFromPlane0)
        .field("offsetInAllocation", p.offsetInAllocation)
        .field("rowsBeforeNextPlane", p.rowsBeforeNextPlane)
        .field("hiddenRowsAfter", p.hiddenRowsAfter);
    j.field("nvcvPointer",
            p.nvcvPointer ? std::optional<std::string>(hex64(static_cast<uint64_t>(*p.nvcvPointer))) : std::nullopt);
    j.field("nvcvRowStride", p.nvcvRowStride).field("match", p.match).endObject();
  }
  j.endArray();
}

} // namespace

std::string frameReportJson(const FrameEvidence &e) {
  JsonWriter j;
  j.beginObject()
      .field("frameIndex", e.frameIndex)
      .field("pts", e.pts)
      .field("timeSeconds", e.timeSeconds)
      .field("keyFrame", e.keyFrame)
      .field("pictureType", e.pictureType)
      .field("decodePath", e.decodePath);
  j.beginObject("format")
      .field("swFormat", e.layout.swFormatName)
      .field("hwFormat", e.layout.device ? std::optional<std::string>(e.layout.hwFormatName) : std::nullopt)
      .field("bitDepth", e.layout.bitDepth)
      .field("chromaSubsampling", e.layout.subsampling)
      .field("colorRange", e.colorRange)
      .field("colorMatrix", e.colorMatrix)
      .field("width", e.width)
      .field("height", e.height)
      .field("codedWidth", e.codedWidth)
      .field("codedHeight", e.codedHeight)
      .endObject();
  planes(j, e);

  const AllocationEvidence &a = e.allocation;
  j.beginObject("allocation")
      .field("source", a.source)
      .field("memory", a.memory)
      .field("device", a.device)
      .field("context", hexOpt(a.context))
      .field("rangeStart", hexOpt(a.rangeStart))
      .field("rangeSize", a.rangeSize)
      .field("bufferId", a.bufferId)
      .field("planesInOneAllocation", a.planesInOneAllocation)
      .field("error", a.error)
      .endObject();

  const WrapEvidence &w = e.wrap;
  j.beginObject("wrap")
      .field("available", w.available)
      .field("reason", w.reason)
      .field("formatName", w.formatName)
      .field("formatCode", hexOpt(w.formatCode))
      .field("bufferType", w.bufferType)
      .field("numPlanes", w.numPlanes)
      .field("handleLive", w.handleLive)
      .field("descriptorOnly", w.descriptorOnly)
      .field("hostRefusal", w.hostRefusal);
  const TensorEvidence &t = w.tensor;
  j.beginObject("tensor").field("attempted", t.attempted).field("valid", t.valid).field("reason", t.reason);
  if (t.shape.empty()) {
    j.null("shape");
  } else {
    j.beginArray("shape");
    for (int64_t s : t.shape)
      j.value(s);
    j.endArray();
  }
  j.field("layout", t.layout)
      .field("assumedChromaRow", t.assumedChromaRow)
      .field("actualChromaRow", t.actualChromaRow)
      .endObject()
      .endObject();

  const ProofEvidence &p = e.proof;
  j.beginObject("aliasing")
      .field("ran", p.ran)
      .field("passed", p.passed)
      .field("method", p.method)
      .field("canary", p.canary)
      .field("readBack", p.readBack)
      .field("restored", p.restored)
      .field("reason", p.reason)
      .endObject();

  const ContextEvidence &c = e.context;
  j.beginObject("context")
      .field("ffmpegContext", hexOpt(c.ffmpegContext))
      .field("runtimeContext", hexOpt(c.runtimeContext))
      .field("allocationContext", hexOpt(c.allocationContext))
      .field("oneContext", c.oneContext)
      .field("strategy", c.strategy)
      .field("ffmpegStream", hexOpt(c.ffmpegStream))
      .field("inspectorStream", hexOpt(c.inspectorStream))
      .endObject();

  j.beginObject("pool")
      .field("poolSize", e.pool.poolSize)
      .field("extraReserved", e.pool.extraReserved)
      .field("framesHeld", e.pool.framesHeld)
      .field("addressSeenBefore", e.pool.addressSeenBefore)
      .field("distinctAddresses", e.pool.distinctAddresses)
      .endObject();

  j.beginObject("timings")
      .field("decodeUs", e.decodeUs)
      .field("wrapUs", e.wrapUs)
      .field("exportUs", e.exportUs)
      .field("evidenceUs", e.evidenceUs)
      .endObject();
  j.endObject();
  return j.str();
}

} // namespace zci
