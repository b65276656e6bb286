// A small streaming JSON writer: the core's reports leave as JSON text, one serialisation for all callers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace zci {

/// Hex string ("0x…") of a 64-bit value; JSON numbers cannot carry all 64 bits.
std::string hex64(uint64_t value);

/// Appends JSON tokens; the caller keeps objects and arrays balanced.
class JsonWriter {
public:
  /// Starts an object, as a member value when key is given.
  JsonWriter &beginObject(std::string_view key = {});
  JsonWriter &endObject();
  /// Starts an array, as a member value when key is given.
  JsonWriter &beginArray(std::string_view key = {});
  JsonWriter &endArray();

  JsonWriter &field(std::string_view key, std::string_view value);
  JsonWriter &field(std::string_view key, const char *value) { return field(key, std::string_view(value)); }
  JsonWriter &field(std::string_view key, const std::string &value) { return field(key, std::string_view(value)); }
  JsonWriter &field(std::string_view key, bool value);
  JsonWriter &field(std::string_view key, int value) { return field(key, static_cast<int64_t>(value)); }
  JsonWriter &field(std::string_view key, int64_t value);
  JsonWriter &field(std::string_view key, double value);
  /// Writes null when value is empty.
  JsonWriter &field(std::string_view key, const std::optional<std::string> &value);
  JsonWriter &field(std::string_view key, const std::optional<int64_t> &value);
  JsonWriter &field(std::string_view key, const std::optional<bool> &value);
  JsonWriter &null(std::string_view key);

  /// Array elements.
  JsonWriter &value(int64_t v);
  JsonWriter &value(std::string_view v);

  /// The text so far.
  const std::string &str() const { return out_; }

private:
  void key(std::string_view k);
  void separator();
  void quoted(std::string_view s);

  std::string out_;
  bool needComma_ = false;
};

} // namespace zci
