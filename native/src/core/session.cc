// The inspector's session: a decoded frame becomes a wrapped frame with its report; thumbnails and previews of it.
#include "session.h"

#include "decoder_surface.h"

#include "cuda_driver.h"
#include "error.h"
#include "evidence.h"
#include "ffmpeg_compat.h"
#include "memory_map.h"
#include "nvdec_caps.h"
#include "planted_frame.h"
#include "thumbnail.h"
#include "wrap.h"

extern "C" {
#include <libavutil/pixdesc.h>
}

#include <chrono>
#include <memory>

namespace zci {
namespace {

using Clock = std::chrono::steady_clock;

double usSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

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
      live_(std::make_shared<std::atomic<int>>(0)), holdFrames_(options.holdFrames) {}

Session::~Session() {
  held_.clear(); // NVCV images first: their cleanups release frames that belong to the decoder's pool
  decoder_.reset();
}

FrameEvidence Session::frame(int64_t index, const FrameRequest &request) {
  FrameEvidence e = step(index, request);
  e.ledger = takeLedger();
  return e;
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
  last_ = e;
  return e;
}

ShowResult Session::show(int64_t index, const ShowRequest &request) {
  ShowResult out;
  if (last_ && last_->frameIndex == index && !held_.empty()) {
    // The frame held last, asked again (a new preview of it): its report stands; the decoder does not seek.
    out.report = *last_;
    auto stage = ledgerStage(LedgerStage::Evidence);
    if (request.frame.proof)
      runAliasingProof(held_.back().wrapped->frame(), held_.back().wrapped->image(), decoder_->cuda(), out.report);
  } else {
    out.report = step(index, request.frame);
  }
  if (request.thumbnailWidth > 0) out.thumbnails = thumbnails(request.thumbnailWidth);
  int64_t previewBytes = 0;
  if (request.preview) {
    try {
      out.preview = previewStep(*request.preview);
    } catch (const Error &e) {
      out.previewError = e; // a preview this machine cannot make leaves the frame and its thumbnails standing
    }
    if (out.previewError && request.fallbackToReference && request.preview->op != PreviewOp::Reference) {
      PreviewRequest reference;
      reference.op = PreviewOp::Reference;
      reference.maxWidth = request.preview->maxWidth;
      try {
        out.preview = previewStep(reference);
      } catch (const Error &) {
        // the operator's own error says why; with no reference either, that stands alone
      }
    }
    if (out.preview) previewBytes = out.preview->bytesDownloaded;
  }
  out.ledger = takeLedger();
  out.ledger.previewBytes = previewBytes;
  return out;
}

FrameEvidence Session::frameAtTime(double seconds, const FrameRequest &request) {
  return frame(decoder_->indexAtTime(seconds), request);
}

std::vector<Thumbnail> Session::thumbnails(int maxWidth) {
  if (held_.empty()) throw Error(ErrorCode::FrameOutOfRange, "No frame has been decoded yet", "Request a frame first.");
  const AVFrame *f = held_.back().wrapped->frame();
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

PreviewResult Session::previewStep(const PreviewRequest &request) {
  if (held_.empty()) throw Error(ErrorCode::FrameOutOfRange, "No frame has been decoded yet", "Request a frame first.");
  const AVFrame *f = held_.back().wrapped->frame();
  auto stage = ledgerStage(LedgerStage::Preview);
  return runPreview(f, describeFrame(f), decoder_->cuda(), request);
}

PreviewResult Session::preview(const PreviewRequest &request) {
  PreviewResult r = previewStep(request);
  r.ledger = takeLedger();
  r.ledger.previewBytes = r.bytesDownloaded;
  return r;
}

const Session::Held &Session::heldFrame(std::optional<int64_t> index) const {
  if (held_.empty()) throw Error(ErrorCode::FrameOutOfRange, "No frame has been decoded yet", "Request a frame first.");
  if (!index) return held_.back();
  for (auto it = held_.rbegin(); it != held_.rend(); ++it)
    if (it->index == *index) return *it;
  std::string heldList;
  for (const Held &h : held_)
    heldList += (heldList.empty() ? "" : ", ") + std::to_string(h.index);
  throw Error(ErrorCode::InvalidArgument,
              "Frame " + std::to_string(*index) + " is not held by this session (it holds " + heldList + ")",
              "Request frame " + std::to_string(*index) + " first, then read its memory.");
}

FrameMemory Session::frameMemory(int64_t index) {
  const AVFrame *f = heldFrame(index).wrapped->frame();
  int codedWidth = 0, codedHeight = 0;
  frameCodedSize(f, decoder_->info().codedWidth, decoder_->info().codedHeight, &codedWidth, &codedHeight);
  return mapFrameMemory(f, describeFrame(f), codedWidth, codedHeight);
}

MemoryReadResult Session::readMemory(std::optional<int64_t> index, const MemoryRange &range, const CancelFlag &cancel) {
  const int64_t frameIndex = heldFrame(index).index;
  auto stage = ledgerStage(LedgerStage::MemoryRead);
  MemoryReadResult r = readFrameMemory(frameMemory(frameIndex), range, cancel);
  r.frameIndex = frameIndex;
  totalBytesRead_ += r.bytesRead;
  r.totalBytesRead = totalBytesRead_;
  return r;
}

int Session::liveHandles() const {
  return live_->load();
}

} // namespace zci
