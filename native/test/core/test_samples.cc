// How one plane's samples are read (the same inline code the GPU runs), and the YUV -> RGB of one pixel.
#include "check.h"

#include "frame/sample_compare.h"
#include "preview/yuv_pixel.h"

#include <cstdint>
#include <vector>

using zci::samples::PlaneAccess;

CORE_TEST(words_of_interleaved_16_bit_samples_and_their_values) {
  // P010-like UV: 16-bit little-endian words, U then V, 10 bits in the high bits (shift 6).
  const std::vector<uint8_t> row = {0x40, 0x80, 0xc0, 0x3f, 0x00, 0x01, 0xff, 0xff};
  PlaneAccess v;
  v.base = row.data();
  v.pitch = static_cast<int64_t>(row.size());
  v.step = 4;
  v.offset = 2;
  v.bytes = 2;
  v.shift = 6;
  v.depth = 10;
  CHECK_EQ(zci::samples::wordAt(v, 0, 0), 0x3fc0);
  CHECK_EQ(zci::samples::valueOf(v, zci::samples::wordAt(v, 0, 0)), 0x3fc0 >> 6);
  CHECK_EQ(zci::samples::wordAt(v, 1, 0), 0xffff);
  CHECK_EQ(zci::samples::valueOf(v, 0xffff), 1023);
}

CORE_TEST(heat_cells_cover_the_plane) {
  CHECK_EQ(zci::samples::cellOf(0, 0, 640, 360, 32, 18), 0);
  CHECK_EQ(zci::samples::cellOf(639, 359, 640, 360, 32, 18), 32 * 18 - 1);
  CHECK_EQ(zci::samples::cellOf(320, 0, 640, 360, 32, 18), 16);
}

CORE_TEST(limited_range_white_black_and_grey_convert_exactly) {
  const uint8_t y[] = {235, 16, 126}, u[] = {128, 128, 128}, v[] = {128, 128, 128};
  zci::kernels::YuvSource s{};
  s.plane[0] = y;
  s.plane[1] = u;
  s.plane[2] = v;
  s.pitch[0] = 3;
  s.pitch[1] = 3;
  s.pitch[2] = 3;
  s.width = 3;
  s.height = 1;
  s.bytesPerSample = 1;
  s.bitDepth = 8;
  s.kr = 0.2126f;
  s.kb = 0.0722f;
  uint8_t rgb[3];
  zci::kernels::yuvPixelToRgb(s, 0, 0, rgb);
  CHECK_EQ(rgb[0], 255);
  CHECK_EQ(rgb[1], 255);
  CHECK_EQ(rgb[2], 255);
  zci::kernels::yuvPixelToRgb(s, 1, 0, rgb);
  CHECK_EQ(rgb[0], 0);
  CHECK_EQ(rgb[2], 0);
  zci::kernels::yuvPixelToRgb(s, 2, 0, rgb);
  CHECK_EQ(rgb[0], rgb[1]);
  CHECK_EQ(rgb[1], rgb[2]);
  CHECK(rgb[0] > 120 && rgb[0] < 135);
}
