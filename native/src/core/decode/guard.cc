#include "decode/guard.h"

extern "C" {
#include <libavformat/avformat.h>
}

#include <cstdio>

namespace zci {

std::string bytesText(int64_t bytes) {
  char buf[64];
  if (bytes >= (1LL << 20) && bytes % (1LL << 20) == 0) {
    std::snprintf(buf, sizeof buf, "%lld MiB (%lld bytes)", static_cast<long long>(bytes >> 20),
                  static_cast<long long>(bytes));
  } else if (bytes >= (1LL << 20)) {
    std::snprintf(buf, sizeof buf, "%.1f MiB (%lld bytes)", static_cast<double>(bytes) / (1 << 20),
                  static_cast<long long>(bytes));
  } else {
    std::snprintf(buf, sizeof buf, "%lld bytes", static_cast<long long>(bytes));
  }
  return buf;
}

void CallGuard::arm(std::string subject, int deadlineMs, const char *deadlineOption, CancelFlag cancel,
                    int64_t readCap) {
  armed_ = true;
  subject_ = std::move(subject);
  deadlineOption_ = deadlineOption;
  deadlineMs_ = deadlineMs;
  deadline_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(deadlineMs);
  cancel_ = std::move(cancel);
  readCap_ = readCap;
  extraRead_ = 0;
  mark_ = bytesRead();
  reason_ = StopReason::None;
}

void CallGuard::disarm() {
  armed_ = false;
  cancel_.reset();
  reason_ = StopReason::None;
}

void CallGuard::enter(CallPhase phase, int64_t extraRead) {
  phase_ = phase;
  extraRead_ = extraRead;
  mark_ = bytesRead();
}

void CallGuard::packetEnded() {
  extraRead_ = 0;
  mark_ = bytesRead();
}

int64_t CallGuard::bytesRead() const {
  return fmt_ && fmt_->pb ? fmt_->pb->bytes_read : -1;
}

bool CallGuard::stopping() {
  if (!armed_) return false;
  if (reason_ != StopReason::None) return true;
  if (cancel_ && cancel_->load(std::memory_order_relaxed)) {
    reason_ = StopReason::Cancelled;
  } else if (std::chrono::steady_clock::now() > deadline_) {
    reason_ = StopReason::Deadline;
  } else {
    // Bytes read, not the position: a demuxer that seeks over other streams' data has read none of it.
    const int64_t read = bytesRead();
    if (read >= 0 && mark_ < 0) mark_ = read;
    if (read >= 0 && read - mark_ > readCap_ + extraRead_) reason_ = StopReason::ReadAhead;
  }
  return reason_ != StopReason::None;
}

void CallGuard::check() {
  if (!stopping()) return;
  const std::string during = std::string(" (while ") + nameOf(kCallPhaseNames, phase_) + ")";
  switch (reason_) {
  case StopReason::Cancelled:
    throw Error(ErrorCode::Cancelled, subject_ + " was cancelled" + during,
                "Nothing to fix: the caller aborted the call. Call again to retry.");
  case StopReason::Deadline:
    throw Error(ErrorCode::DeadlineExceeded,
                subject_ + " took longer than its deadline of " + std::to_string(deadlineMs_) + " ms" + during,
                std::string("If the file is genuine but slow to read, raise the deadline with the open option ") +
                    deadlineOption_ + ".");
  case StopReason::ReadAhead:
    throw Error(ErrorCode::MediaTooLarge,
                subject_ + " stopped: FFmpeg read more than the packet-size cap of " + bytesText(readCap_) +
                    " without a packet ending" + during,
                "The file holds a huge run of data that is no packet (a hole of zeros, junk); if it is a genuine "
                "stream with packets this large, raise the cap with the open option maxPacketBytes.");
  case StopReason::None: break;
  }
}

int CallGuard::interrupt(void *opaque) {
  return static_cast<CallGuard *>(opaque)->stopping() ? 1 : 0;
}

} // namespace zci
