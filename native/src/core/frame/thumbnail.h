// A small grey picture of one plane channel: what the preview room makes and a show() call brings back.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace zci {

/// A small grey picture of one plane channel; only these bytes leave native memory.
struct Thumbnail {
  int plane = 0;
  std::string name;
  int width = 0, height = 0;
  std::vector<uint8_t> data;
};

} // namespace zci
