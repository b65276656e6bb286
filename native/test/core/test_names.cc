// Every name table reads both ways: each value has one name, and that name gives the value back.
#include "check.h"

#include "common/error.h"
#include "common/named.h"
#include "common/options.h"
#include "evidence/memory_map.h"

#include <set>
#include <string>

namespace {

template <typename E, size_t N> void roundTrip(const zci::Named<E> (&table)[N]) {
  std::set<std::string> seen;
  for (const auto &entry : table) {
    CHECK(seen.insert(entry.name).second);
    CHECK_STR(zci::nameOf(table, entry.value), entry.name);
    const auto back = zci::valueNamed(table, entry.name);
    CHECK(back.has_value() && *back == entry.value);
  }
  CHECK(!zci::valueNamed(table, "no such name").has_value());
}

} // namespace

CORE_TEST(name_tables_round_trip) {
  roundTrip(zci::kErrorCodeNames);
  roundTrip(zci::kDecodeModeNames);
  roundTrip(zci::kContextModeNames);
  roundTrip(zci::kInitOrderNames);
  roundTrip(zci::kPreviewOpNames);
  roundTrip(zci::kPreviewMatrixNames);
  roundTrip(zci::kPreviewRangeNames);
  roundTrip(zci::kMemoryRegionNames);
}

CORE_TEST(memory_regions_are_named_in_the_contract_order) {
  CHECK_STR(zci::nameOf(zci::kMemoryRegionNames, zci::MemoryRegion::Visible), "visible");
  CHECK_STR(zci::nameOf(zci::kMemoryRegionNames, zci::MemoryRegion::OutsidePlanes), "outside-planes");
}
