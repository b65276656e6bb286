// The copy ledger: every copy and memset the process asks the GPU to do, recorded by CUPTI's activity API (loaded at
// run time) and attributed, by correlation id, to the inspector stage that issued it.
#pragma once

#include "common/named.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zci {

/// The inspector stage a copy was issued from; Unattributed: outside every stage (never hidden).
enum class LedgerStage { Unattributed, Decode, Wrap, Evidence, Thumbnail, Preview, MemoryRead, Naive };

/// The names of LedgerStage.
inline constexpr Named<LedgerStage> kLedgerStageNames[] = {{LedgerStage::Unattributed, "unattributed"},
                                                           {LedgerStage::Decode, "decode"},
                                                           {LedgerStage::Wrap, "wrap"},
                                                           {LedgerStage::Evidence, "evidence"},
                                                           {LedgerStage::Thumbnail, "thumbnail"},
                                                           {LedgerStage::Preview, "preview"},
                                                           {LedgerStage::MemoryRead, "memory-read"},
                                                           {LedgerStage::Naive, "naive"}};

/// Why a ledger holds no records (Recording: it does).
enum class LedgerReason {
  Recording,       // tracing is on and the records are complete
  Disabled,        // switched off by the caller
  CuptiNotFound,   // libcupti could not be loaded
  CuptiIncomplete, // libcupti lacks an entry point the ledger needs
  Privileges,      // the driver refuses tracing to this user (CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)
  OtherSubscriber, // another profiler holds CUPTI (CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED)
  NoGpu,           // CUPTI found no usable GPU or driver
  CuptiRefused,    // any other CUPTI error
  NoCudaDevice,    // tracing works, but this session runs nothing on a GPU: nothing to record
};

/// The names of LedgerReason (stable codes).
inline constexpr Named<LedgerReason> kLedgerReasonNames[] = {{LedgerReason::Recording, "RECORDING"},
                                                             {LedgerReason::Disabled, "DISABLED"},
                                                             {LedgerReason::CuptiNotFound, "CUPTI_NOT_FOUND"},
                                                             {LedgerReason::CuptiIncomplete, "CUPTI_INCOMPLETE"},
                                                             {LedgerReason::Privileges, "CUPTI_PRIVILEGES"},
                                                             {LedgerReason::OtherSubscriber, "CUPTI_IN_USE"},
                                                             {LedgerReason::NoGpu, "CUPTI_NO_GPU"},
                                                             {LedgerReason::CuptiRefused, "CUPTI_REFUSED"},
                                                             {LedgerReason::NoCudaDevice, "NO_CUDA_DEVICE"}};

/// One copy or memset the GPU did.
struct LedgerRecord {
  std::string kind;    // dtod, dtoh, htod, htoh, ptop, memset, htoa, atoh, atoa, atod, dtoa, unknown
  std::string srcKind; // memory kinds: device, pageable, pinned, managed, array, device-static, managed-static,
  std::string dstKind; // unknown ("" for a memset's source)
  int64_t bytes = 0;
  int64_t durationNs = 0;
  LedgerStage stage = LedgerStage::Unattributed;
  uint32_t stream = 0;
  uint32_t correlationId = 0;        // CUPTI's id of the driver call that issued it
  uint32_t runtimeCorrelationId = 0; // and of the runtime call, for copies issued through the runtime (else 0)
};

/// Bytes and count of one stage and kind.
struct LedgerTotal {
  LedgerStage stage = LedgerStage::Unattributed;
  std::string kind;
  int64_t bytes = 0;
  int count = 0;
};

/// What one step asked the GPU to copy, and why it may be empty.
struct Ledger {
  bool enabled = false;                         // the caller's switch
  LedgerReason reason = LedgerReason::Disabled; // Recording when the records are the GPU's own account
  std::string message;                          // what the reason means here, with the CUPTI error when there is one
  std::vector<LedgerRecord> records;
  std::vector<LedgerTotal> totals; // per stage and kind, stages in issue order
  int64_t dropped = 0;             // records CUPTI dropped (buffers full), counted, never guessed
  // What the inspector itself believes it downloaded in this step (the second witness): thumbnails and preview.
  int64_t thumbnailBytes = 0;
  int64_t previewBytes = 0;
};

/// Turns process-wide tracing on for one owner (a session); the first owner enables CUPTI's activity kinds, the
/// last one to leave disables them. Returns Recording or why tracing cannot run; never throws.
LedgerReason ledgerAcquire(std::string *message);
/// The owner leaves (after a successful ledgerAcquire).
void ledgerRelease();

/// A fresh owner tag; records of a stage are filed under (tag, stage).
uint64_t ledgerNewTag();

/// Attributes every copy issued on this thread during its lifetime to (tag, stage); no-op when tracing is off.
class LedgerStageScope {
public:
  LedgerStageScope(uint64_t tag, LedgerStage stage, bool active);
  ~LedgerStageScope();
  LedgerStageScope(const LedgerStageScope &) = delete;
  LedgerStageScope &operator=(const LedgerStageScope &) = delete;

private:
  bool pushed_ = false;
};

/// Flushes CUPTI's buffers (forced) and takes the records of tag plus every unattributed one since the last take.
/// Callers synchronise their GPU work first (records of copies still running arrive with the next take).
void ledgerTake(uint64_t tag, Ledger &out);

/// Sums records into out.totals.
void ledgerTotals(Ledger &out);

/// One owner's switch and tag: on at construction when asked (before its CUDA work begins), switchable later.
class LedgerOwner {
public:
  explicit LedgerOwner(bool on);
  ~LedgerOwner();
  LedgerOwner(const LedgerOwner &) = delete;
  LedgerOwner &operator=(const LedgerOwner &) = delete;

  /// Switches tracing for this owner; returns whether it records now.
  bool set(bool on);
  bool enabled() const { return wanted_; }
  bool recording() const { return acquired_; }
  uint64_t tag() const { return tag_; }
  /// The records since the last take, or why there are none; gpu: whether this owner runs anything on a GPU.
  Ledger take(bool gpu);

private:
  bool wanted_ = false, acquired_ = false;
  uint64_t tag_ = 0;
  LedgerReason reason_ = LedgerReason::Disabled;
  std::string message_;
};

} // namespace zci
