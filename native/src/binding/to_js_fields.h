// The serializer's building blocks, shared by its files (to_js*.cc): addresses as hex, report numbers, and the
// object builder every report uses so each conversion is spelled once.
#pragma once

#include <napi.h>

#include <cmath>
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

// Report numbers carry 9 significant digits (a time read back maps to the same frame: Decoder::indexAtTime snaps
// to the nearest tick); a value that is not finite is null.
inline Napi::Value reportNumber(Napi::Env env, double v) {
  if (!std::isfinite(v)) return env.Null();
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return Napi::Number::New(env, std::strtod(buf, nullptr));
}

// Sets the members of one new object in order, with the same conversions for every report.
class Fields {
public:
  explicit Fields(Napi::Env env) : env_(env), obj_(Napi::Object::New(env)) {}
  Fields &add(const char *key, Napi::Value v) {
    obj_.Set(key, v);
    return *this;
  }
  Fields &add(const char *key, const char *v) { return add(key, Napi::String::New(env_, v)); }
  Fields &add(const char *key, const std::string &v) { return add(key, Napi::String::New(env_, v)); }
  Fields &add(const char *key, bool v) { return add(key, Napi::Boolean::New(env_, v)); }
  Fields &add(const char *key, int v) { return add(key, static_cast<int64_t>(v)); }
  Fields &add(const char *key, int64_t v) { return add(key, Napi::Number::New(env_, static_cast<double>(v))); }
  Fields &add(const char *key, double v) { return add(key, reportNumber(env_, v)); }
  template <typename T> Fields &add(const char *key, const std::optional<T> &v) {
    return v ? add(key, *v) : add(key, env_.Null());
  }
  Napi::Object object() const { return obj_; }

private:
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
