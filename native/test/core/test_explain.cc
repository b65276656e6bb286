// The A/B's explanations judged within a codec's tolerance: a chroma plane read one row off is named whether the two
// decoders agree exactly (a bit-exact codec) or only within the spread a codec that is not bit-exact allows.
#include "check.h"

#include "compare/compare_parts.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using zci::samples::PlaneAccess;
using zci::samples::PlaneStats;

constexpr int kW = 64, kH = 48;

// A plane of 8-bit samples with a pattern that changes from row to row, so that a row off shows.
std::vector<uint8_t> pattern(int seed) {
  std::vector<uint8_t> out(static_cast<size_t>(kW) * (kH + 1));
  for (int y = 0; y < kH + 1; ++y)
    for (int x = 0; x < kW; ++x)
      out[static_cast<size_t>(y) * kW + x] = static_cast<uint8_t>((x * 7 + y * 31 + seed * 13) % 200 + 20);
  return out;
}

PlaneAccess access(const std::vector<uint8_t> &plane, int fromRow = 0) {
  PlaneAccess p;
  p.base = plane.data() + static_cast<size_t>(fromRow) * kW;
  p.pitch = kW;
  return p;
}

PlaneStats compareWhole(const PlaneAccess &a, const PlaneAccess &b, int w, int h) {
  PlaneStats st;
  std::vector<uint32_t> cells;
  zci::compare_parts::compareOnHost(a, b, w, h, 1, 1, st, cells);
  return st;
}

// Frame B's planes, and frame A: Y as B's (with spread added), U and V pointed one row early, as FFmpeg's pointer is
// for an odd-height NVDEC frame; spread: the most A's samples differ from B's where both are read right.
struct Frames {
  std::vector<uint8_t> aPlanes[3], bPlanes[3];
  PlaneAccess pa[3], pb[3];
  int w[3] = {kW, kW, kW}, h[3] = {kH, kH, kH};
  PlaneStats stats[3];
  explicit Frames(int spread) {
    for (int c = 0; c < 3; ++c) {
      bPlanes[c] = pattern(c);
      // A's memory: one row of something else, then B's rows, each sample moved by up to spread.
      aPlanes[c].assign(static_cast<size_t>(kW) * (kH + 1), 0);
      const int shift = c == 0 ? 0 : 1;
      for (size_t i = 0; i < bPlanes[c].size() - static_cast<size_t>(shift) * kW; ++i) {
        const int moved = bPlanes[c][i] + (spread == 0 ? 0 : static_cast<int>(i % (2 * spread + 1)) - spread);
        aPlanes[c][i + static_cast<size_t>(shift) * kW] = static_cast<uint8_t>(moved);
      }
      pa[c] = access(aPlanes[c]);
      pb[c] = access(bPlanes[c]);
      stats[c] = compareWhole(pa[c], pb[c], kW, kH);
    }
  }
  std::string explain(int tolerance, std::vector<std::string> &tried) {
    return zci::compare_parts::explain(stats, pa, pb, w, h, tolerance, compareWhole, tried);
  }
};

} // namespace

CORE_TEST(a_chroma_plane_one_row_off_is_named_identical_for_a_bit_exact_codec) {
  Frames f(0);
  std::vector<std::string> tried;
  const std::string cause = f.explain(0, tried);
  CHECK(cause.find("U identical when read 1 row after FFmpeg's pointer: a plane-offset mistake") == 0);
  CHECK(cause.find("V identical when read 1 row after FFmpeg's pointer") != std::string::npos);
}

CORE_TEST(a_chroma_plane_one_row_off_is_named_within_the_tolerance_of_a_codec_that_is_not_bit_exact) {
  Frames f(3);
  CHECK(f.stats[0].differing > 0);
  CHECK(f.stats[0].maxAbsDiff <= 3u);
  std::vector<std::string> exact;
  CHECK(f.explain(0, exact).empty()); // without a tolerance the spread hides the row
  std::vector<std::string> tried;
  const std::string cause = f.explain(8, tried);
  CHECK(cause.find("U within 8 of B's when read 1 row after FFmpeg's pointer: a plane-offset mistake") == 0);
  CHECK(cause.find("V within 8 of B's when read 1 row after FFmpeg's pointer") != std::string::npos);
  CHECK(cause.find("Y ") == std::string::npos); // Y is within the tolerance: nothing to explain
}

CORE_TEST(a_spread_beyond_the_tolerance_names_no_cause) {
  Frames f(12);
  std::vector<std::string> tried;
  CHECK(f.explain(8, tried).empty());
  CHECK(!tried.empty());
}
