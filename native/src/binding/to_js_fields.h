// The serializer's building blocks, shared by its files (to_js*.cc): addresses as hex, report numbers, and the
// object builder every report uses so each conversion is spelled once.
#pragma once

#include "common/fields.h"

#include <napi.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace zci::binding {

// "0x…" in lowercase hex without leading zeros: JS numbers cannot carry all 64 bits of an address.
inline std::string hex64(uint64_t value) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(value));
  return buf;
}

inline std::optional<std::string> hexOpt(const std::optional<uint64_t> &v) {
  return v ? std::optional<std::string>(hex64(*v)) : std::nullopt;
}

// A report number as JS reads it: recordNumber's 9 significant digits (common/fields.h); not finite is null.
inline Napi::Value reportNumber(Napi::Env env, double v) {
  const std::optional<std::string> digits = recordNumber(v);
  return digits ? Napi::Number::New(env, std::strtod(digits->c_str(), nullptr)) : env.Null();
}

// Sets the members of one new object in order, with the record conversions every report shares (common/fields.h).
class Fields : public RecordFields<Fields> {
public:
  explicit Fields(Napi::Env env) : env_(env), obj_(Napi::Object::New(env)) {}
  using RecordFields<Fields>::add;
  Fields &add(const char *key, Napi::Value v) {
    obj_.Set(key, v);
    return *this;
  }
  Napi::Object object() const { return obj_; }

private:
  friend class RecordFields<Fields>;
  void putString(const char *key, const std::string &v) { obj_.Set(key, Napi::String::New(env_, v)); }
  void putBool(const char *key, bool v) { obj_.Set(key, Napi::Boolean::New(env_, v)); }
  void putInteger(const char *key, int64_t v) { obj_.Set(key, Napi::Number::New(env_, static_cast<double>(v))); }
  void putNumber(const char *key, const std::string &digits) {
    obj_.Set(key, Napi::Number::New(env_, std::strtod(digits.c_str(), nullptr)));
  }
  void putNull(const char *key) { obj_.Set(key, env_.Null()); }

  Napi::Env env_;
  Napi::Object obj_;
};

inline Napi::Array int64Array(Napi::Env env, const std::vector<int64_t> &values) {
  Napi::Array out = Napi::Array::New(env, values.size());
  for (size_t i = 0; i < values.size(); ++i)
    out.Set(static_cast<uint32_t>(i), Napi::Number::New(env, static_cast<double>(values[i])));
  return out;
}

inline Napi::Array stringArray(Napi::Env env, const std::vector<std::string> &values) {
  Napi::Array out = Napi::Array::New(env, values.size());
  for (size_t i = 0; i < values.size(); ++i)
    out.Set(static_cast<uint32_t>(i), Napi::String::New(env, values[i]));
  return out;
}

} // namespace zci::binding
