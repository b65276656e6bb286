// Timing: the steady clock every measurement reads, microseconds since a start, and percentiles of timings.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <vector>

namespace zci {

using Clock = std::chrono::steady_clock;

/// Microseconds from t0 to now.
inline double usSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

/// The p-th percentile (0..100) of v, nearest rank from below; 0 when v is empty.
inline double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t i = std::min(v.size() - 1, static_cast<size_t>(p / 100.0 * static_cast<double>(v.size())));
  return v[i];
}

} // namespace zci
