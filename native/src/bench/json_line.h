// One flat JSON object per output line, for the benchmark's results (scripts/gpu/write-evidence.mjs reads them).
#pragma once

#include "common/fields.h"

#include <cstdint>
#include <cstdio>
#include <string>

namespace zci::bench {

/// Builds {"key":value,...} with the record conversions (common/fields.h); print() writes it and a newline to stdout.
class JsonLine : public RecordFields<JsonLine> {
public:
  /// Appends "key":json, json being a JSON value written by the caller (nested objects and arrays).
  JsonLine &addRaw(const char *key, const std::string &json) {
    this->key(key);
    out_ += json;
    return *this;
  }
  /// The object as text.
  std::string text() const { return out_ + "}"; }
  /// Writes the object and a newline to stdout.
  void print() const { std::printf("%s}\n", out_.c_str()); }

private:
  friend class RecordFields<JsonLine>;
  void putString(const char *k, const std::string &v) {
    key(k);
    quoted(v);
  }
  void putBool(const char *k, bool v) {
    key(k);
    out_ += v ? "true" : "false";
  }
  void putInteger(const char *k, int64_t v) {
    key(k);
    out_ += std::to_string(v);
  }
  void putNumber(const char *k, const std::string &digits) {
    key(k);
    out_ += digits;
  }
  void putNull(const char *k) {
    key(k);
    out_ += "null";
  }
  void key(const char *k) {
    out_ += out_.size() > 1 ? "," : "";
    quoted(k);
    out_ += ':';
  }
  void quoted(const std::string &s) {
    out_ += '"';
    for (char c : s) {
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += c;
      } else if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out_ += buf;
      } else {
        out_ += c;
      }
    }
    out_ += '"';
  }

  std::string out_ = "{";
};

} // namespace zci::bench
