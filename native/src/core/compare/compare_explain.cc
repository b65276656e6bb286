// The other readings of a differing plane that name a cause: rows off, U and V swapped, other bits of a word.
#include "compare/compare_parts.h"

#include <algorithm>
#include <cstdlib>

namespace zci::compare_parts {
namespace {

// What A's plane c is, read another way, for the explanations: the reading and the words for it.
struct Reading {
  PlaneAccess a, b;
  int width = 0, height = 0;
  std::string words;
};

// The ways of reading A's plane c (against B's same plane unless said) that test one explanation each, in order: the
// plane k rows after or before FFmpeg's pointer (an offset mistake), the other chroma plane (U and V swapped), the
// samples in other bits of 16-bit words (a packing mistake).
std::vector<Reading> readingsOf(int c, const PlaneAccess pa[3], const PlaneAccess pb[3], const int w[3],
                                const int h[3]) {
  std::vector<Reading> out;
  const std::string name = kPlaneNames[c];
  for (int k : {1, -1, 2, -2}) {
    const int rows = h[c] - std::abs(k);
    if (rows < 2) continue;
    Reading r{pa[c], pb[c], w[c], rows, ""};
    if (k > 0)
      r.a.base += k * r.a.pitch; // A from row k, against B from row 0
    else
      r.b.base += -k * r.b.pitch; // A from row 0, against B from row -k
    r.words = name + " identical when read " + std::to_string(std::abs(k)) + (std::abs(k) == 1 ? " row " : " rows ") +
              (k > 0 ? "after" : "before") + " FFmpeg's pointer: a plane-offset mistake";
    out.push_back(r);
  }
  // An offset mistake whose frame also lost its last row (FFmpeg 6.0 and later copy the rows FFmpeg's pointer covers,
  // so a plane copied from one row early lacks the decoder's last row).
  if (h[c] - 2 >= 2) {
    Reading r{pa[c], pb[c], w[c], h[c] - 2, ""};
    r.a.base += r.a.pitch;
    r.words = name + " identical but for its last row when read 1 row after FFmpeg's pointer: a plane-offset " +
              "mistake, and the frame lacks the plane's last row";
    out.push_back(r);
  }
  // A plane that starts one sample after or before FFmpeg's pointer (an offset of a few bytes, not whole rows).
  for (int k : {1, -1}) {
    if (w[c] < 2) break;
    Reading r{pa[c], pb[c], w[c] - 1, h[c], ""};
    if (k > 0)
      r.a.base += r.a.step; // A from sample 1, against B from sample 0
    else
      r.b.base += r.b.step; // A from sample 0, against B from sample 1
    const std::string bytes = std::to_string(pa[c].step) + (pa[c].step == 1 ? " byte" : " bytes");
    r.words = name + " identical when read 1 sample (" + bytes + ") " + (k > 0 ? "after" : "before") +
              " FFmpeg's pointer: a plane-offset mistake of " + bytes;
    out.push_back(r);
  }
  // Rows a pitch apart other than FFmpeg's linesize: another plane's, or twice or half its own. Only the rows that
  // lie inside the plane as FFmpeg's pointer and linesize span it are read, so no reading leaves the frame.
  const int64_t rowBytes = static_cast<int64_t>(w[c]) * pa[c].step;
  std::vector<int64_t> pitches;
  for (int k = 0; k < 3; ++k)
    if (k != c) pitches.push_back(pa[k].pitch);
  pitches.push_back(pa[c].pitch * 2);
  if (pa[c].pitch % 2 == 0) pitches.push_back(pa[c].pitch / 2);
  std::vector<int64_t> triedPitches;
  for (const int64_t pitch : pitches) {
    if (pitch == pa[c].pitch || pitch < rowBytes ||
        std::find(triedPitches.begin(), triedPitches.end(), pitch) != triedPitches.end())
      continue;
    triedPitches.push_back(pitch);
    const int64_t rows = std::min<int64_t>(h[c], (static_cast<int64_t>(h[c] - 1) * pa[c].pitch) / pitch + 1);
    if (rows < 2) continue;
    Reading r{pa[c], pb[c], w[c], static_cast<int>(rows), ""};
    r.a.pitch = pitch;
    r.words = name + " identical when read with a pitch of " + std::to_string(pitch) + " bytes instead of FFmpeg's " +
              std::to_string(pa[c].pitch) + ": a pitch mistake" +
              (rows < h[c] ? " (rows 0.." + std::to_string(rows - 1) + ", as far as FFmpeg's plane reaches)" : "");
    out.push_back(r);
  }
  if (c > 0) {
    const int other = c == 1 ? 2 : 1;
    out.push_back(
        {pa[other], pb[c], w[c], h[c], name + " identical to A's " + kPlaneNames[other] + ": U and V swapped"});
  }
  if (pa[c].bytes == 2) {
    for (int shift : {0, 2, 4, 6}) {
      if (shift == pa[c].shift || shift + pa[c].depth > 16) continue;
      Reading r{pa[c], pb[c], w[c], h[c], ""};
      r.a.shift = shift;
      r.words = name + " identical when A's 16-bit words hold the samples in bits " + std::to_string(shift) + ".." +
                std::to_string(shift + pa[c].depth - 1) + ": a packing mistake";
      out.push_back(r);
    }
  }
  return out;
}

} // namespace

namespace {
// A reading's words when it brings the plane within the tolerance without making it identical: "U identical when
// read 1 row after…" becomes "U within 8 of B's when read 1 row after…".
std::string withinWords(const std::string &words, int tolerance) {
  const std::string within = " within " + std::to_string(tolerance) + " of";
  const size_t at = words.find(" identical");
  if (at == std::string::npos) return words;
  const bool toOther = words.compare(at, 13, " identical to") == 0;
  return words.substr(0, at) + within + (toOther ? "" : " B's") + words.substr(at + (toOther ? 13 : 10));
}
} // namespace

std::string explain(const PlaneStats stats[3], const PlaneAccess pa[3], const PlaneAccess pb[3], const int w[3],
                    const int h[3], int tolerance, const PlaneCompareFn &compare, std::vector<std::string> &tried) {
  const unsigned within = static_cast<unsigned>(std::max(tolerance, 0));
  std::vector<std::string> found;
  for (int c = 0; c < 3; ++c) {
    // A plane within the codec's tolerance needs no explanation (0 for a bit-exact codec: any difference does).
    if (stats[c].differing == 0 || stats[c].maxAbsDiff <= within) continue;
    std::string hit;
    for (const Reading &r : readingsOf(c, pa, pb, w, h)) {
      tried.push_back(r.words.substr(0, r.words.find(':')));
      const PlaneStats read = compare(r.a, r.b, r.width, r.height);
      if (read.differing == 0) {
        hit = r.words;
        break;
      }
      if (within > 0 && read.maxAbsDiff <= within) {
        hit = withinWords(r.words, tolerance);
        break;
      }
    }
    if (hit.empty()) return "";
    found.push_back(hit);
  }
  std::string out;
  for (const std::string &f : found)
    out += (out.empty() ? "" : "; ") + f;
  return out;
}

} // namespace zci::compare_parts
