// An open video as the inspector sees it: the decoder, the frames it holds wrapped in NVCV, and their reports.
#pragma once

#include "evidence/copy_ledger.h"
#include "decode/decoder.h"
#include "common/error.h"
#include "evidence/evidence.h"
#include "evidence/memory_read.h"
#include "frame/thumbnail.h"
#include "preview/preview.h"

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace zci {

class WrappedFrame;

/// Options of one frame request.
struct FrameRequest {
  // Run the aliasing canary. The default is DEFAULT_SETTINGS.proof (contract/settings.ts), for callers that name none;
  // test/native/proof-default.test.mjs fails if the two differ.
  bool proof = true;
  CancelFlag cancel; // set from another thread to stop the request (CANCELLED); may be null
};

/// Which frame a show() call names: a display index, or the frame at or just after a time in seconds.
struct FrameTarget {
  bool byTime = false;
  int64_t index = 0;
  double seconds = 0;
  static FrameTarget at(int64_t i) { return {false, i, 0}; }
  static FrameTarget atTime(double s) { return {true, 0, s}; }
};

/// One frame and what to bring back with it, answered in one call (one worker hop in the binding).
struct ShowRequest {
  FrameRequest frame;
  int thumbnailWidth = 0;               // plane thumbnails at most this wide; 0: none
  std::vector<PreviewRequest> previews; // operator previews of this frame, in order
  bool fallbackToReference = false;     // a preview that cannot run: the CPU reference instead, with why
};

/// One preview of a show() call: its result, or why it failed (the frame and the other previews stand).
struct PreviewOutcome {
  std::optional<PreviewResult> result;
  std::optional<Error> error;
};

/// The frame's report, its thumbnails, and each preview's outcome.
struct ShowResult {
  FrameEvidence report;
  std::optional<std::vector<Thumbnail>> thumbnails;
  std::vector<PreviewOutcome> previews;
  Ledger ledger; // the copies this call asked the GPU to do, by stage (copy_ledger.h)
};

/// Decoder + held frames + evidence. Not thread-safe: callers serialise (the binding rejects overlap with BUSY).
class Session {
public:
  /// Opens the file, until cancel is set (CANCELLED); throws zci::Error.
  Session(const std::string &path, const DecoderOptions &options, CancelFlag cancel = nullptr);
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  /// Stream facts, fixed once open.
  const StreamInfo &info() const { return decoder_->info(); }
  /// The one frame call: decodes the frame the target names (frame-accurate), wraps it, gathers its evidence, and
  /// brings back what the request asks (thumbnails, previews), with the call's ledger. Asking again for the frame
  /// held last reuses it without decoding. Nothing here acts on an implicit "current" frame.
  ShowResult show(const FrameTarget &target, const ShowRequest &request);
  /// A bounded byte range of a held frame's memory, copied to the host (memory_read.h); counts the bytes in
  /// totalBytesRead. A frame not held: INVALID_ARGUMENT.
  MemoryReadResult readMemory(int64_t index, const MemoryRange &range, const CancelFlag &cancel);
  /// Several ranges of one held frame in one call (readFrameMemories: all checked before any copy), each charged to
  /// totalBytesRead as readMemory charges it.
  std::vector<MemoryReadResult> readMemoryBatch(int64_t index, const std::vector<MemoryRange> &ranges,
                                                const CancelFlag &cancel);
  /// Bytes copied to the host by every readMemory of this session.
  int64_t totalBytesRead() const { return totalBytesRead_; }
  /// NVCV images of this session not yet destroyed (counted by NVCV's cleanup callback).
  int liveHandles() const;
  /// Switches the copy ledger; returns whether it records now.
  bool setLedger(bool on);
  /// The copies asked of the GPU since the last ledger answer (synchronises the decoder's context first).
  Ledger takeLedger();
  /// Attributes the copies issued on this thread in a scope to one stage (the benchmark's naive download).
  LedgerStageScope ledgerStage(LedgerStage stage) {
    return LedgerStageScope(ledger_.tag(), stage, ledger_.recording());
  }
  /// The decoder (benchmarks and tests read its facts).
  Decoder &decoder() { return *decoder_; }

private:
  /// A held frame and its display index.
  struct Held {
    int64_t index = 0;
    std::unique_ptr<WrappedFrame> wrapped;
  };
  const Held &heldFrame(int64_t index) const;
  /// Decodes, wraps and reports one frame; the ledger is taken once, at the end of show().
  FrameEvidence step(int64_t index, const FrameRequest &request);
  /// Thumbnails of every plane channel of a held frame, at most maxWidth wide.
  std::vector<Thumbnail> thumbnails(const Held &held, int maxWidth);
  /// One operator preview of a held frame (preview.h), or why it failed; with fallback, the CPU reference instead.
  PreviewOutcome previewOf(const Held &held, const PreviewRequest &request, bool fallbackToReference);
  /// A held frame's memory map: its allocations and each plane's rows in them.
  FrameMemory frameMemory(int64_t index);

  LedgerOwner ledger_; // before the decoder: tracing is on before its CUDA work begins
  std::unique_ptr<Decoder> decoder_;
  std::deque<Held> held_;
  std::shared_ptr<std::atomic<int>> live_;          // shared with NVCV cleanup callbacks
  std::unordered_map<uint64_t, int64_t> addresses_; // plane-0 address -> first frame index seen there
  int holdFrames_;
  std::optional<FrameEvidence> lastReport_; // the report of the frame held last, reused when it is asked for again
  int64_t totalBytesRead_ = 0;
  OperatorPlacement operators_;       // where operator previews run
  int64_t pendingThumbnailBytes_ = 0; // device-to-host bytes of thumbnails() since the last ledger answer
};

} // namespace zci
