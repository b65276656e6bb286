#include "json.h"

#include <cmath>
#include <cstdio>

namespace zci {

std::string hex64(uint64_t value) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(value));
  return buf;
}

void JsonWriter::separator() {
  if (needComma_) out_ += ',';
  needComma_ = false;
}

void JsonWriter::quoted(std::string_view s) {
  out_ += '"';
  for (char c : s) {
    switch (c) {
    case '"': out_ += "\\\""; break;
    case '\\': out_ += "\\\\"; break;
    case '\n': out_ += "\\n"; break;
    case '\r': out_ += "\\r"; break;
    case '\t': out_ += "\\t"; break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out_ += buf;
      } else {
        out_ += c;
      }
    }
  }
  out_ += '"';
}

void JsonWriter::key(std::string_view k) {
  separator();
  if (!k.empty()) {
    quoted(k);
    out_ += ':';
  }
}

JsonWriter &JsonWriter::beginObject(std::string_view k) {
  key(k);
  out_ += '{';
  return *this;
}

JsonWriter &JsonWriter::endObject() {
  out_ += '}';
  needComma_ = true;
  return *this;
}

JsonWriter &JsonWriter::beginArray(std::string_view k) {
  key(k);
  out_ += '[';
  return *this;
}

JsonWriter &JsonWriter::endArray() {
  out_ += ']';
  needComma_ = true;
  return *this;
}

JsonWriter &JsonWriter::field(std::string_view k, std::string_view v) {
  key(k);
  quoted(v);
  needComma_ = true;
  return *this;
}

JsonWriter &JsonWriter::field(std::string_view k, bool v) {
  key(k);
  out_ += v ? "true" : "false";
  needComma_ = true;
  return *this;
}

JsonWriter &JsonWriter::field(std::string_view k, int64_t v) {
  key(k);
  out_ += std::to_string(v);
  needComma_ = true;
  return *this;
}

JsonWriter &JsonWriter::field(std::string_view k, double v) {
  key(k);
  if (std::isfinite(v)) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    out_ += buf;
  } else {
    out_ += "null";
  }
  needComma_ = true;
  return *this;
}

JsonWriter &JsonWriter::field(std::string_view k, const std::optional<std::string> &v) {
  return v ? field(k, std::string_view(*v)) : null(k);
}

JsonWriter &JsonWriter::field(std::string_view k, const std::optional<int64_t> &v) {
  return v ? field(k, *v) : null(k);
}

JsonWriter &JsonWriter::field(std::string_view k, const std::optional<bool> &v) {
  return v ? field(k, *v) : null(k);
}

JsonWriter &JsonWriter::null(std::string_view k) {
  key(k);
  out_ += "null";
  needComma_ = true;
  return *this;
}

JsonWriter &JsonWriter::value(int64_t v) {
  separator();
  out_ += std::to_string(v);
  needComma_ = true;
  return *this;
}

JsonWriter &JsonWriter::value(std::string_view v) {
  separator();
  quoted(v);
  needComma_ = true;
  return *this;
}

} // namespace zci
