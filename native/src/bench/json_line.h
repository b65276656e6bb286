// One flat JSON object per output line, for the benchmark's results (scripts/gpu/write-evidence.mjs reads them).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace zci::bench {

/// Builds {"key":value,...} from strings, booleans and numbers; print() writes it and a newline to stdout.
class JsonLine {
public:
  /// Appends "key":value; doubles keep 9 significant digits and become null when not finite.
  JsonLine &add(const char *key, const std::string &v) {
    this->key(key);
    quoted(v);
    return *this;
  }
  JsonLine &add(const char *key, const char *v) { return add(key, std::string(v)); }
  JsonLine &add(const char *key, bool v) {
    this->key(key);
    out_ += v ? "true" : "false";
    return *this;
  }
  JsonLine &add(const char *key, int v) { return add(key, static_cast<int64_t>(v)); }
  JsonLine &add(const char *key, int64_t v) {
    this->key(key);
    out_ += std::to_string(v);
    return *this;
  }
  JsonLine &add(const char *key, double v) {
    this->key(key);
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    out_ += std::isfinite(v) ? buf : "null";
    return *this;
  }
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
