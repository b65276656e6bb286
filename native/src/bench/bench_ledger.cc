#include "bench_ledger.h"

#include "json_line.h"

#include "evidence/copy_ledger.h"
#include "gpu/cuda_driver.h"
#include "common/error.h"
#include "session/session.h"
#include "common/timing.h"

#include <algorithm>
#include <chrono>
#include <vector>

namespace zci::bench {
namespace {

std::string recordsJson(const Ledger &l) {
  std::string out = "[";
  for (const LedgerRecord &r : l.records) {
    JsonLine j;
    j.add("stage", nameOf(kLedgerStageNames, r.stage))
        .add("kind", r.kind)
        .add("bytes", r.bytes)
        .add("srcKind", r.srcKind)
        .add("dstKind", r.dstKind)
        .add("durationNs", r.durationNs)
        .add("stream", static_cast<int64_t>(r.stream));
    out += (out.size() > 1 ? "," : "") + j.text();
  }
  return out + "]";
}

std::string totalsJson(const Ledger &l) {
  std::string out = "[";
  for (const LedgerTotal &t : l.totals) {
    JsonLine j;
    j.add("stage", nameOf(kLedgerStageNames, t.stage)).add("kind", t.kind).add("bytes", t.bytes).add("count", t.count);
    out += (out.size() > 1 ? "," : "") + j.text();
  }
  return out + "]";
}

// Downloads every plane of the step's frame whole (pitch × rows) with cuMemcpy2D; returns the bytes asked for.
int64_t downloadWhole(Session &session, const FrameEvidence &report, std::vector<uint8_t> &host) {
  const cuda::DriverApi *d = cuda::driver();
  if (!d || !session.decoder().cuda() || report.allocation.source == "host") return 0;
  cuda::ScopedContext scope(session.decoder().cuda()->ffmpegContext());
  auto stage = session.ledgerStage(LedgerStage::Naive);
  int64_t total = 0;
  for (const PlaneEvidence &p : report.planes) {
    const int64_t bytes = p.pitch * p.geometry.height;
    host.resize(static_cast<size_t>(bytes));
    const CUresult r = cuda::copyRowsToHost(p.ffmpegPointer, p.pitch, host.data(), p.pitch, p.pitch, p.geometry.height);
    if (r != CUDA_SUCCESS)
      throw Error(ErrorCode::CudaError, "The whole-plane download failed: " + cuda::driverErrorName(r),
                  "The GPU may be in an error state; run again.");
    total += bytes;
  }
  return total;
}

} // namespace

int benchLedger(const std::string &file, int frames, int rounds, const DecoderOptions &given) {
  DecoderOptions options = given;
  options.ledger = true;
  Session session(file, options);
  const int64_t count = session.decoder().info().frameCount;
  const int n = static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(frames, count)));
  ShowRequest request;
  request.frame.proof = true;
  request.thumbnailWidth = 256;
  session.takeLedger(); // what opening did (the first frame, probing) is not a step's
  bool recording = true;
  std::vector<uint8_t> host;
  for (int i = 0; i < n; ++i) {
    ShowResult step = session.show(FrameTarget::at(i), request);
    const int64_t naiveExpected = downloadWhole(session, step.report, host);
    const Ledger naive = session.takeLedger();
    recording = recording && step.ledger.reason == LedgerReason::Recording;
    JsonLine j;
    j.add("bench", "ledger")
        .add("file", file)
        .add("step", i)
        .add("decodePath", step.report.decodePath)
        .add("reason", nameOf(kLedgerReasonNames, step.ledger.reason))
        .add("message", step.ledger.message)
        .add("thumbnailBytesReported", step.ledger.thumbnailBytes)
        .add("dropped", step.ledger.dropped)
        .addRaw("totals", totalsJson(step.ledger))
        .addRaw("records", recordsJson(step.ledger))
        .add("naiveBytesExpected", naiveExpected)
        .addRaw("naiveTotals", totalsJson(naive))
        .addRaw("naiveRecords", recordsJson(naive));
    j.print();
  }

  // The same steps with the ledger on and off, alternating per round, in this one session and binary.
  std::vector<double> onMs, offMs;
  rounds = std::max(3, rounds);
  for (int round = 0; round < rounds; ++round) {
    for (const bool on : {true, false}) {
      session.setLedger(on);
      for (int i = 0; i < n; ++i) {
        const auto t0 = Clock::now();
        session.show(FrameTarget::at(i), request);
        (on ? onMs : offMs).push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      }
    }
  }
  JsonLine j;
  j.add("bench", "ledger-cost")
      .add("file", file)
      .add("steps", n)
      .add("rounds", rounds)
      .add("recording", recording)
      .add("onP50Ms", percentile(onMs, 50))
      .add("onP99Ms", percentile(onMs, 99))
      .add("offP50Ms", percentile(offMs, 50))
      .add("offP99Ms", percentile(offMs, 99));
  j.print();
  return recording ? 0 : 1;
}

} // namespace zci::bench
