// An open video as the inspector sees it: the decoder, the frames it holds wrapped in NVCV, and their reports.
#pragma once

#include "copy_ledger.h"
#include "decoder.h"
#include "error.h"
#include "evidence.h"
#include "memory_read.h"
#include "preview.h"

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

/// A small grey picture of one plane channel; only these bytes leave native memory.
struct Thumbnail {
  int plane = 0;
  std::string name;
  int width = 0, height = 0;
  std::vector<uint8_t> data;
};

/// Options of one frame request.
struct FrameRequest {
  bool proof = true; // run the aliasing canary
  CancelFlag cancel; // set from another thread to stop the request (CANCELLED); may be null
};

/// One frame and what to bring back with it, answered in one call (one worker hop in the binding).
struct ShowRequest {
  FrameRequest frame;
  int thumbnailWidth = 0;                // plane thumbnails at most this wide; 0: none
  std::optional<PreviewRequest> preview; // one operator preview of this frame
  bool fallbackToReference = false;      // when that preview cannot run: the CPU reference instead, with why
};

/// The frame's report, its thumbnails, and its preview or why the preview failed (the frame itself did not).
struct ShowResult {
  FrameEvidence report;
  std::optional<std::vector<Thumbnail>> thumbnails;
  std::optional<PreviewResult> preview;
  std::optional<Error> previewError;
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
  /// Decodes the frame at a display index, wraps it and gathers its evidence; the report carries the step's ledger.
  FrameEvidence frame(int64_t index, const FrameRequest &request);
  /// frame(index) with its thumbnails and one preview, in one call.
  ShowResult show(int64_t index, const ShowRequest &request);
  /// The frame at or after a time in seconds.
  FrameEvidence frameAtTime(double seconds, const FrameRequest &request);
  /// Thumbnails of every plane channel of the current frame, at most maxWidth wide.
  std::vector<Thumbnail> thumbnails(int maxWidth);
  /// An operator preview of the current frame (see preview.h).
  /// Its ledger holds the copies asked of the GPU since the last ledger answer: the preview's, and the thumbnails'
  /// of a thumbnails() call before it.
  PreviewResult preview(const PreviewRequest &request);
  /// A bounded byte range of a held frame's memory (the current frame when index is empty), copied to the host
  /// (memory_read.h); counts the bytes in totalBytesRead. A frame not held: INVALID_ARGUMENT.
  MemoryReadResult readMemory(std::optional<int64_t> index, const MemoryRange &range, const CancelFlag &cancel);
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
  const Held &heldFrame(std::optional<int64_t> index) const;
  /// frame() without taking the ledger (show takes it once, at its end).
  FrameEvidence step(int64_t index, const FrameRequest &request);
  /// preview() without taking the ledger (show takes it once, at its end).
  PreviewResult previewStep(const PreviewRequest &request);
  /// A held frame's memory map: its allocations and each plane's rows in them.
  FrameMemory frameMemory(int64_t index);

  LedgerOwner ledger_; // before the decoder: tracing is on before its CUDA work begins
  std::unique_ptr<Decoder> decoder_;
  std::deque<Held> held_;
  std::shared_ptr<std::atomic<int>> live_;          // shared with NVCV cleanup callbacks
  std::unordered_map<uint64_t, int64_t> addresses_; // plane-0 address -> first frame index seen there
  int holdFrames_;
  std::optional<FrameEvidence> last_; // the report of the frame held last (held_.back())
  int64_t totalBytesRead_ = 0;
  int64_t pendingThumbnailBytes_ = 0; // device-to-host bytes of thumbnails() since the last ledger answer
};

} // namespace zci
