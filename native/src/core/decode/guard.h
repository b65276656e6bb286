// Limits on one call into FFmpeg: a deadline, the caller's cancel flag and a cap on bytes read without a packet
// ending. FFmpeg polls them through its interrupt callback during I/O; the decode loop polls them between packets.
#pragma once

#include "common/error.h"
#include "common/named.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

extern "C" {
struct AVFormatContext;
}

namespace zci {

/// Set from any thread to stop a call in progress, which then ends with CANCELLED; null: the call cannot be cancelled.
using CancelFlag = std::shared_ptr<std::atomic<bool>>;

/// What a guarded call is doing; messages name it.
enum class CallPhase { Probing, Indexing, Seeking, Decoding };

/// The names of CallPhase.
inline constexpr Named<CallPhase> kCallPhaseNames[] = {{CallPhase::Probing, "probing"},
                                                       {CallPhase::Indexing, "indexing"},
                                                       {CallPhase::Seeking, "seeking"},
                                                       {CallPhase::Decoding, "decoding"}};

/// Why a guarded call must stop.
enum class StopReason { None, Deadline, Cancelled, ReadAhead };

/// "64 MiB (67108864 bytes)": a size as messages print it.
std::string bytesText(int64_t bytes);

/// One call's limits. Used by one thread at a time; only the cancel flag is set from other threads.
class CallGuard {
public:
  /// Starts guarding a call that subject describes ("Opening /a.mp4"): it may run for deadlineMs (deadlineOption
  /// names the open option that raises it), stops once cancel is set, and may read at most readCap bytes past the
  /// end of the last packet.
  void arm(std::string subject, int deadlineMs, const char *deadlineOption, CancelFlag cancel, int64_t readCap);
  /// Stops guarding: FFmpeg calls between guarded calls are never interrupted.
  void disarm();
  /// Names what the call does now and counts read-ahead from here; extraRead more bytes may be read in this phase
  /// (probing reads packets that FFmpeg keeps to itself).
  void enter(CallPhase phase, int64_t extraRead = 0);
  /// The format context whose bytes read are counted; null before it exists.
  void watch(const AVFormatContext *fmt) { fmt_ = fmt; }
  /// A packet came out: read-ahead is counted from here.
  void packetEnded();
  /// True once the call must stop (and from then on); FFmpeg's interrupt callback asks this.
  bool stopping();
  /// Throws the error for why the call must stop, if it must; called between packets and after FFmpeg returns.
  void check();
  /// FFmpeg's interrupt callback; opaque is the guard.
  static int interrupt(void *opaque);

private:
  int64_t bytesRead() const;

  bool armed_ = false;
  std::string subject_;
  const char *deadlineOption_ = "";
  int deadlineMs_ = 0;
  std::chrono::steady_clock::time_point deadline_;
  CancelFlag cancel_;
  int64_t readCap_ = 0, extraRead_ = 0;
  int64_t mark_ = -1; // bytes read when the last packet ended (or the phase began); -1 until the input exists
  CallPhase phase_ = CallPhase::Probing;
  StopReason reason_ = StopReason::None;
  const AVFormatContext *fmt_ = nullptr;
};

} // namespace zci
