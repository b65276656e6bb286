// Enum values and their stable names in one table each: the only place a name is spelled, read both ways.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zci {

/// One row of a name table: an enum value and the name callers use for it.
template <typename E> struct Named {
  E value;
  const char *name;
};

/// The name of value in table ("" when the table lacks it, which a complete table never does).
template <typename E, size_t N> constexpr const char *nameOf(const Named<E> (&table)[N], E value) {
  for (const Named<E> &row : table)
    if (row.value == value) return row.name;
  return "";
}

/// The value named name, or nullopt; for the edges (the binding, the benchmark) that read names.
template <typename E, size_t N> std::optional<E> valueNamed(const Named<E> (&table)[N], std::string_view name) {
  for (const Named<E> &row : table)
    if (name == row.name) return row.value;
  return std::nullopt;
}

/// Every name of table, in table order.
template <typename E, size_t N> std::vector<std::string> namesOf(const Named<E> (&table)[N]) {
  std::vector<std::string> out;
  out.reserve(N);
  for (const Named<E> &row : table)
    out.emplace_back(row.name);
  return out;
}

} // namespace zci
