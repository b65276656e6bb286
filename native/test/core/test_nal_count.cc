// NAL units counted before FFmpeg's decoder sees a packet: Annex-B start codes and length prefixes.
#include "check.h"

#include "decode/nal_count.h"

#include <cstdint>
#include <vector>

using zci::countNalUnits;
using zci::NalFraming;

CORE_TEST(annex_b_counts_start_codes_of_three_and_four_bytes) {
  const std::vector<uint8_t> packet = {0, 0, 0, 1, 0x67, 1, 2, 0, 0, 1, 0x68, 3, 0, 0, 0, 1, 0x65, 4, 5, 6};
  CHECK_EQ(countNalUnits(NalFraming{true, 0}, packet.data(), packet.size(), 100), 3);
}

CORE_TEST(annex_b_stops_one_past_the_cap) {
  std::vector<uint8_t> packet;
  for (int i = 0; i < 50; ++i)
    packet.insert(packet.end(), {0, 0, 1, 0x41, 0xff});
  CHECK_EQ(countNalUnits(NalFraming{true, 0}, packet.data(), packet.size(), 10), 11);
  CHECK_EQ(countNalUnits(NalFraming{true, 0}, packet.data(), packet.size(), 1000), 50);
}

CORE_TEST(length_prefixed_counts_units_and_stops_at_one_that_runs_past) {
  // Two 4-byte-prefixed units of 3 and 2 bytes, then a prefix claiming 200 bytes the packet does not hold.
  const std::vector<uint8_t> packet = {0, 0, 0, 3, 0x65, 1, 2, 0, 0, 0, 2, 0x41, 9, 0, 0, 0, 200, 1};
  CHECK_EQ(countNalUnits(NalFraming{true, 4}, packet.data(), packet.size(), 100), 2);
}

CORE_TEST(length_prefixed_with_two_byte_lengths) {
  const std::vector<uint8_t> packet = {0, 1, 0x65, 0, 2, 0x41, 7, 0, 1, 0x41};
  CHECK_EQ(countNalUnits(NalFraming{true, 2}, packet.data(), packet.size(), 100), 3);
}

CORE_TEST(framing_reads_avcc_length_size_from_extradata) {
  // avcC: version 1, profile, compat, level, 0xFC | (lengthSize - 1).
  const uint8_t avcc4[] = {1, 0x64, 0, 0x1f, 0xff, 0xe1, 0, 0};
  const uint8_t avcc2[] = {1, 0x64, 0, 0x1f, 0xfd, 0xe1, 0, 0};
  CHECK_EQ(zci::nalFraming(false, avcc4, sizeof avcc4).lengthPrefix, 4);
  CHECK_EQ(zci::nalFraming(false, avcc2, sizeof avcc2).lengthPrefix, 2);
  CHECK(zci::nalFraming(false, avcc4, sizeof avcc4).counted);
  const uint8_t annexB[] = {0, 0, 0, 1, 0x67};
  CHECK_EQ(zci::nalFraming(false, annexB, sizeof annexB).lengthPrefix, 0);
  CHECK_EQ(zci::nalFraming(false, nullptr, 0).lengthPrefix, 0);
}
