// Every byte of a frame's allocation labelled with its region: a hand-made map of a 642x362 yuv420p-like layout,
// pitch 704, coded 656x368, two rows of allocator padding, then plane 1.
#include "check.h"

#include "evidence/memory_map.h"

using zci::FrameMemory;
using zci::MemoryRegion;
using zci::regionAt;

namespace {

FrameMemory twoPlanes() {
  FrameMemory m;
  m.allocations.push_back({0x1000, 704 * 370 + 352 * 200 + 4096});
  zci::MappedPlane y;
  y.index = 0;
  y.pitch = 704;
  y.allocation = 0;
  y.offset = 0;
  y.bytesPerPixel = 1;
  y.width = 642;
  y.height = 362;
  y.codedWidth = 656;
  y.codedHeight = 368;
  y.rows = 370;
  zci::MappedPlane u = y;
  u.index = 1;
  u.pitch = 352;
  u.offset = 704 * 370;
  u.width = 321;
  u.height = 181;
  u.codedWidth = 328;
  u.codedHeight = 184;
  u.rows = 200;
  m.planes = {y, u};
  return m;
}

} // namespace

CORE_TEST(a_row_reads_visible_then_coded_then_right_padding) {
  const FrameMemory m = twoPlanes();
  const auto first = regionAt(m, 0, 0, 0, 1 << 30);
  CHECK(first.region == MemoryRegion::Visible);
  CHECK_EQ(first.end, 642);
  const auto coded = regionAt(m, 0, 642, 0, 1 << 30);
  CHECK(coded.region == MemoryRegion::CodedNotDisplayed);
  CHECK_EQ(coded.end, 656);
  const auto pad = regionAt(m, 0, 656, 0, 1 << 30);
  CHECK(pad.region == MemoryRegion::RightPadding);
  CHECK_EQ(pad.end, 704);
}

CORE_TEST(rows_below_the_picture_are_coded_then_allocator_padding) {
  const FrameMemory m = twoPlanes();
  CHECK(regionAt(m, 0, 704 * 365, 0, 1 << 30).region == MemoryRegion::CodedNotDisplayed);
  CHECK(regionAt(m, 0, 704 * 365 + 660, 0, 1 << 30).region == MemoryRegion::RightPadding);
  const auto tail = regionAt(m, 0, 704 * 368, 0, 1 << 30);
  CHECK(tail.region == MemoryRegion::AllocatorPadding);
  CHECK_EQ(tail.end, 704 * 370);
}

CORE_TEST(the_next_plane_read_through_plane_0_and_its_own_bytes) {
  const FrameMemory m = twoPlanes();
  const auto next = regionAt(m, 0, 704 * 370, 0, 1 << 30);
  CHECK(next.region == MemoryRegion::NextPlane);
  CHECK_EQ(next.plane, 1);
  const auto own = regionAt(m, 0, 704 * 370, 1, 1 << 30);
  CHECK(own.region == MemoryRegion::Visible);
  CHECK_EQ(own.end, 704 * 370 + 321);
  CHECK(regionAt(m, 0, 704 * 370, -1, 1 << 30).region == MemoryRegion::Visible);
}

CORE_TEST(bytes_past_every_plane_are_outside_and_runs_stop_at_the_limit) {
  const FrameMemory m = twoPlanes();
  const int64_t past = 704 * 370 + 352 * 200;
  const auto outside = regionAt(m, 0, past, -1, 1 << 30);
  CHECK(outside.region == MemoryRegion::OutsidePlanes);
  CHECK_EQ(outside.plane, -1);
  CHECK_EQ(outside.end, m.allocations[0].size);
  CHECK_EQ(regionAt(m, 0, 0, 0, 100).end, 100);
}
