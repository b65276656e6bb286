// The one builder of flat records: "key": value members added in order, with the same conversions wherever a record
// is written (the binding's JS objects, the benchmark's JSON lines). Numbers keep 9 significant digits (a time read
// back maps to the same frame: Decoder::indexAtTime snaps to the nearest tick); a number that is not finite, or an
// empty optional, is null.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace zci {

/// A number as a record writes it: 9 significant digits; none when it is not finite.
inline std::optional<std::string> recordNumber(double v) {
  if (!std::isfinite(v)) return std::nullopt;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return std::string(buf);
}

/// The conversions of a record builder. Self writes members: putString(key, text), putBool(key, v),
/// putInteger(key, v), putNumber(key, digits) with recordNumber's text, and putNull(key).
template <typename Self> class RecordFields {
public:
  Self &add(const char *key, const std::string &v) {
    self().putString(key, v);
    return self();
  }
  Self &add(const char *key, const char *v) { return add(key, std::string(v)); }
  Self &add(const char *key, bool v) {
    self().putBool(key, v);
    return self();
  }
  Self &add(const char *key, int v) { return add(key, static_cast<int64_t>(v)); }
  Self &add(const char *key, int64_t v) {
    self().putInteger(key, v);
    return self();
  }
  Self &add(const char *key, double v) {
    const std::optional<std::string> digits = recordNumber(v);
    if (digits)
      self().putNumber(key, *digits);
    else
      self().putNull(key);
    return self();
  }
  template <typename T> Self &add(const char *key, const std::optional<T> &v) {
    if (v) return add(key, *v);
    self().putNull(key);
    return self();
  }

private:
  Self &self() { return static_cast<Self &>(*this); }
};

} // namespace zci
