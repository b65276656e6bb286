// The inspector's session: a decoded frame becomes a wrapped frame with its report; thumbnails and previews of it.
#include "session/session.h"

#include "decode/decoder_surface.h"

#include "gpu/cuda_driver.h"
#include "common/error.h"
#include "evidence/evidence.h"
#include "gpu/device_placement.h"
#include "frame/ffmpeg_compat.h"
#include "evidence/memory_map.h"
#include "gpu/nvdec_caps.h"
#include "decode/planted_frame.h"
#include "preview/thumbnail.h"
#include "nvcv/wrap.h"
#include "common/timing.h"

extern "C" {
#include <libavutil/pixdesc.h>
}

#include <chrono>
#include <memory>

namespace zci {
namespace {

// The NVDEC capability table is asked of the driver before a ledger records: its queries' device work is the driver's,
// not this session's, and the table is kept for the process (nvdec_caps.h).
bool ledgerAfterCapabilities(int device, bool on) {
  if (on) warmNvdecCapabilities(device);
  return on;
}

} // namespace

Session::Session(const std::string &path, const DecoderOptions &options, CancelFlag cancel)
    : ledger_(ledgerAfterCapabilities(options.device, options.ledger)),
      // Opening decodes the first frame to settle the decode path: NVDEC's setup work is the decode stage's.
      decoder_([&] {
        LedgerStageScope stage(ledger_.tag(), LedgerStage::Decode, ledger_.recording());
        return std::make_unique<Decoder>(path, options, std::move(cancel));
      }()),
      live_(std::make_shared<std::atomic<int>>(0)), holdFrames_(options.holdFrames), operators_(options.operators) {
  if (const CudaDevice *cuda = decoder_->cuda())
    prepareOperatorPlacement(*cuda, operators_);
  else
    requireOperatorDevice(operators_);
}

Session::~Session() {
  held_.clear(); // NVCV images first: their cleanups release frames that belong to the decoder's pool
  decoder_.reset();
}

bool Session::setLedger(bool on) {
  if (on && decoder_->info().device >= 0) warmNvdecCapabilities(decoder_->info().device);
  return ledger_.set(on);
}

Ledger Session::takeLedger() {
  const CudaDevice *cuda = decoder_->cuda();
  if (ledger_.recording() && cuda) {
    // Copies still running (FFmpeg's asynchronous ones) finish first, so their records are in this answer.
    if (const cuda::DriverApi *d = cuda::driver(); d && d->ctxSynchronize) d->ctxSynchronize(cuda->ffmpegContext());
  }
  Ledger out = ledger_.take(cuda != nullptr);
  out.thumbnailBytes = pendingThumbnailBytes_;
  pendingThumbnailBytes_ = 0;
  return out;
}

FrameEvidence Session::step(int64_t index, const FrameRequest &request) {
  FrameEvidence e;
  const auto t0 = Clock::now();
  FramePtr f;
  {
    auto stage = ledgerStage(LedgerStage::Decode);
    f = decoder_->frameAt(index, request.cancel);
  }
  const std::optional<std::string> plantedFrame = plantFrameFault(f);
  e.decodeUs = usSince(t0);

  const auto t1 = Clock::now();
  auto evidenceStage = std::make_unique<LedgerStageScope>(ledger_.tag(), LedgerStage::Evidence, ledger_.recording());
  const FrameLayout layout = describeFrame(f.get());
  e.frameIndex = index;
  e.pts = decoder_->ptsOf(index);
  e.timeSeconds = decoder_->timeOf(index);
  e.keyFrame = ffcompat::isKeyFrame(f.get());
  e.pictureType = std::string(1, av_get_picture_type_char(f->pict_type));
  e.decodePath = decodePathName(decoder_->info().decodePath);
  e.layout = layout;
  e.colorRange = colorRangeName(f.get());
  e.colorMatrix = colorMatrixName(f.get());
  e.width = f->width;
  e.height = f->height;
  e.codedWidth = decoder_->info().codedWidth;
  e.codedHeight = decoder_->info().codedHeight;
  gatherPlanesAndAllocation(f.get(), layout, e);
  const auto witnessStart = Clock::now();
  const RetrieveHeights heights = retrieveHeightsOf(f.get());
  gatherDecoderSurface(e, mappingSequenceOf(f.get()), heights.retrieve, heights.display);
  e.witnessUs = usSince(witnessStart);
  e.damage = decoder_->damage();

  evidenceStage.reset();
  {
    // Make room first: the pool reserves holdFrames surfaces for what the inspector holds. Releasing a frame hands
    // its surface back to FFmpeg, whose work on it is the decoder's, not the wrap's.
    auto stage = ledgerStage(LedgerStage::Decode);
    while (static_cast<int>(held_.size()) >= holdFrames_)
      held_.pop_front();
  }
  {
    auto stage = ledgerStage(LedgerStage::Wrap);
    held_.push_back({index, std::make_unique<WrappedFrame>(std::move(f), layout, e, live_)});
  }
  if (plantedFrame) e.wrap.planted = e.wrap.planted ? *e.wrap.planted + "; " + *plantedFrame : *plantedFrame;
  const WrappedFrame &w = *held_.back().wrapped;
  evidenceStage = std::make_unique<LedgerStageScope>(ledger_.tag(), LedgerStage::Evidence, ledger_.recording());

  const double wrapAndExport = e.wrapUs + e.exportUs;
  gatherContexts(decoder_->cuda(), e);
  gatherPlacement(w.frame(), decoder_->cuda(), operators_, e.placement);
  if (request.proof)
    runAliasingProof(w.frame(), w.image(), decoder_->cuda(), e);
  else
    e.proof.reason = "not requested";

  const uint64_t address = e.planes.empty() ? 0 : e.planes[0].ffmpegPointer;
  auto seen = addresses_.find(address);
  e.pool.addressSeenBefore = seen != addresses_.end() && seen->second != index;
  if (seen == addresses_.end()) addresses_.emplace(address, index);
  e.pool.distinctAddresses = static_cast<int>(addresses_.size());
  const int pool = decoder_->poolSize();
  if (pool >= 0) e.pool.poolSize = pool;
  e.pool.extraReserved = decoder_->cuda() ? decoder_->extraReserved() : 0;
  e.pool.framesHeld = static_cast<int>(held_.size());
  e.evidenceUs = usSince(t1) - wrapAndExport;
  evidenceStage.reset();
  lastReport_ = e;
  return e;
}

ShowResult Session::show(const FrameTarget &target, const ShowRequest &request) {
  const int64_t index = target.byTime ? decoder_->indexAtTime(target.seconds) : target.index;
  ShowResult out;
  if (lastReport_ && lastReport_->frameIndex == index && !held_.empty() && held_.back().index == index) {
    // The frame held last, asked again (a new preview of it): its report stands; the decoder does not seek.
    out.report = *lastReport_;
    auto stage = ledgerStage(LedgerStage::Evidence);
    if (request.frame.proof)
      runAliasingProof(held_.back().wrapped->frame(), held_.back().wrapped->image(), decoder_->cuda(), out.report);
  } else {
    out.report = step(index, request.frame);
  }
  const Held &held = heldFrame(index);
  if (request.thumbnailWidth > 0) out.thumbnails = thumbnails(held, request.thumbnailWidth);
  int64_t previewBytes = 0;
  for (const PreviewRequest &preview : request.previews) {
    out.previews.push_back(previewOf(held, preview, request.fallbackToReference));
    if (out.previews.back().result) previewBytes += out.previews.back().result->bytesDownloaded;
  }
  out.ledger = takeLedger();
  out.ledger.previewBytes = previewBytes;
  return out;
}

std::vector<Thumbnail> Session::thumbnails(const Held &held, int maxWidth) {
  const AVFrame *f = held.wrapped->frame();
  const FrameLayout layout = describeFrame(f);
  auto stage = ledgerStage(LedgerStage::Thumbnail);
  std::vector<Thumbnail> out;
  if (layout.device) {
    cuda::ScopedContext scope(decoder_->cuda()->ffmpegContext());
    out = planeThumbnails(f, layout, maxWidth);
  } else {
    out = planeThumbnails(f, layout, maxWidth);
  }
  // What the inspector downloads for them: each thumbnail's bytes, from device memory only.
  if (layout.device)
    for (const Thumbnail &t : out)
      pendingThumbnailBytes_ += static_cast<int64_t>(t.data.size());
  return out;
}

PreviewOutcome Session::previewOf(const Held &held, const PreviewRequest &request, bool fallbackToReference) {
  const AVFrame *f = held.wrapped->frame();
  auto stage = ledgerStage(LedgerStage::Preview);
  PreviewOutcome out;
  try {
    out.result = runPreview(f, describeFrame(f), decoder_->cuda(), operators_, request);
  } catch (const Error &e) {
    out.error = e; // a preview this machine cannot make leaves the frame, its thumbnails and the other previews
  }
  if (out.error && fallbackToReference && request.op != PreviewOp::Reference) {
    PreviewRequest reference;
    reference.op = PreviewOp::Reference;
    reference.maxWidth = request.maxWidth;
    try {
      out.result = runPreview(f, describeFrame(f), decoder_->cuda(), operators_, reference);
    } catch (const Error &) {
      // the operator's own error says why; with no reference either, that stands alone
    }
  }
  return out;
}

const Session::Held &Session::heldFrame(int64_t index) const {
  for (auto it = held_.rbegin(); it != held_.rend(); ++it)
    if (it->index == index) return *it;
  std::string heldList;
  for (const Held &h : held_)
    heldList += (heldList.empty() ? "" : ", ") + std::to_string(h.index);
  if (heldList.empty()) heldList = "none";
  throw Error(ErrorCode::InvalidArgument,
              "Frame " + std::to_string(index) + " is not held by this session (it holds " + heldList + ")",
              "Show frame " + std::to_string(index) + " first, then read its memory.");
}

FrameMemory Session::frameMemory(int64_t index) {
  const AVFrame *f = heldFrame(index).wrapped->frame();
  int codedWidth = 0, codedHeight = 0;
  frameCodedSize(f, decoder_->info().codedWidth, decoder_->info().codedHeight, &codedWidth, &codedHeight);
  return mapFrameMemory(f, describeFrame(f), codedWidth, codedHeight);
}

MemoryReadResult Session::readMemory(int64_t index, const MemoryRange &range, const CancelFlag &cancel) {
  const int64_t frameIndex = heldFrame(index).index;
  auto stage = ledgerStage(LedgerStage::MemoryRead);
  MemoryReadResult r = readFrameMemory(frameMemory(frameIndex), range, cancel);
  r.frameIndex = frameIndex;
  totalBytesRead_ += r.bytesRead;
  r.totalBytesRead = totalBytesRead_;
  return r;
}

std::vector<MemoryReadResult> Session::readMemoryBatch(int64_t index, const std::vector<MemoryRange> &ranges,
                                                       const CancelFlag &cancel) {
  const int64_t frameIndex = heldFrame(index).index;
  auto stage = ledgerStage(LedgerStage::MemoryRead);
  std::vector<MemoryReadResult> reads = readFrameMemories(frameMemory(frameIndex), ranges, cancel);
  // Each read is charged as a read of its own, in order: totalBytesRead after each is what single reads would say.
  for (MemoryReadResult &r : reads) {
    r.frameIndex = frameIndex;
    totalBytesRead_ += r.bytesRead;
    r.totalBytesRead = totalBytesRead_;
  }
  return reads;
}

int Session::liveHandles() const {
  return live_->load();
}

} // namespace zci
