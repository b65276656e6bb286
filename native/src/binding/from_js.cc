#include "from_js.h"

#include "errors.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace zci::binding {
namespace {

// An integer-valued finite number within [lo, hi].
bool isIntegerIn(const Napi::Value &x, double lo, double hi) {
  if (!x.IsNumber()) return false;
  const double d = x.As<Napi::Number>().DoubleValue();
  return d >= lo && d <= hi && std::trunc(d) == d;
}

// One member of an options object, named for messages as "options.<key>" (or "<of>.<key>").
struct Member {
  Napi::Object object;
  const char *key;
  const char *of = "options";
  Napi::Value value() const { return object.Get(key); }
  std::string what() const { return std::string(of) + "." + key; }
};

// A name from table into out; an absent member keeps out unless required.
template <typename E, size_t N>
bool readName(Napi::Env env, const Member &m, const Named<E> (&table)[N], E &out, Napi::Error *err,
              bool required = false) {
  const Napi::Value x = m.value();
  if (x.IsUndefined() && !required) return true;
  const std::optional<E> value = x.IsString() ? valueNamed(table, x.As<Napi::String>().Utf8Value()) : std::nullopt;
  if (!value) {
    *err = invalidName(env, m.what(), namesOf(table), x);
    return false;
  }
  out = *value;
  return true;
}

bool readBoolean(Napi::Env env, const Member &m, bool &out, Napi::Error *err) {
  const Napi::Value x = m.value();
  if (x.IsUndefined()) return true;
  if (!x.IsBoolean()) {
    *err = invalidArgument(env, m.what(), "a boolean");
    return false;
  }
  out = x.As<Napi::Boolean>().Value();
  return true;
}

// An integer within [lo, hi] (exact as a double up to 2^53, which every bound here is below).
template <typename T>
bool readInteger(Napi::Env env, const Member &m, T &out, int64_t lo, int64_t hi, Napi::Error *err) {
  const Napi::Value x = m.value();
  if (x.IsUndefined()) return true;
  if (!isIntegerIn(x, static_cast<double>(lo), static_cast<double>(hi))) {
    *err = invalidArgument(env, m.what(), "an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
    return false;
  }
  out = static_cast<T>(x.As<Napi::Number>().DoubleValue());
  return true;
}

// A finite number; its range is the core's to check (it knows what each operator accepts).
bool readFinite(Napi::Env env, const Member &m, double &out, Napi::Error *err) {
  const Napi::Value x = m.value();
  if (x.IsUndefined()) return true;
  if (!x.IsNumber() || !std::isfinite(x.As<Napi::Number>().DoubleValue())) {
    *err = invalidArgument(env, m.what(), "a finite number");
    return false;
  }
  out = x.As<Napi::Number>().DoubleValue();
  return true;
}

// An integer whose range the core checks; any value that is not an int is refused here.
bool readInt(Napi::Env env, const Member &m, int &out, Napi::Error *err) {
  const Napi::Value x = m.value();
  if (x.IsUndefined()) return true;
  if (!isIntegerIn(x, -2147483648.0, 2147483647.0)) {
    *err = invalidArgument(env, m.what(), "an integer");
    return false;
  }
  out = static_cast<int>(x.As<Napi::Number>().DoubleValue());
  return true;
}

// A member that must be there: an integer within [lo, hi].
bool readRequiredInteger(Napi::Env env, const Member &m, int64_t &out, int64_t lo, int64_t hi, Napi::Error *err) {
  if (m.value().IsUndefined()) {
    *err = invalidArgument(env, m.what(), "an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
    return false;
  }
  return readInteger(env, m, out, lo, hi, err);
}

// The bounds of a memory range, as electron/common/memory.ts states them.
constexpr int64_t kMaxPlane = 7;
constexpr int64_t kMaxRowsOrColumns = 1000000;
constexpr int64_t kMaxRangeBytes = 1LL << 40;
constexpr const char *kRangeShapes = "{plane, row, rows, byteStart?, byteCount?} or {offset, length}";

} // namespace

bool readMemoryRange(Napi::Env env, Napi::Value v, MemoryRange &out, Napi::Error *err) {
  if (!v.IsObject() || v.IsArray() || v.IsFunction()) {
    *err = invalidArgument(env, "range", std::string("an object: ") + kRangeShapes);
    return false;
  }
  const Napi::Object o = v.As<Napi::Object>();
  out.planeRange = !(o.Has("offset") || o.Has("length"));
  const std::vector<std::string> keys = out.planeRange
                                            ? std::vector<std::string>{"plane", "row", "rows", "byteStart", "byteCount"}
                                            : std::vector<std::string>{"offset", "length"};
  const Napi::Array names = o.GetPropertyNames();
  for (uint32_t i = 0; i < names.Length(); ++i) {
    const std::string name = names.Get(i).ToString().Utf8Value();
    if (std::find(keys.begin(), keys.end(), name) == keys.end()) {
      *err = invalidArgument(env, "range." + name, std::string("absent: a range is ") + kRangeShapes);
      return false;
    }
  }
  if (!out.planeRange) {
    return readRequiredInteger(env, {o, "offset", "range"}, out.offset, 0, kMaxRangeBytes, err) &&
           readRequiredInteger(env, {o, "length", "range"}, out.length, 1, kMaxRangeBytes, err);
  }
  int64_t plane = 0;
  if (!readRequiredInteger(env, {o, "plane", "range"}, plane, 0, kMaxPlane, err) ||
      !readRequiredInteger(env, {o, "row", "range"}, out.row, 0, kMaxRowsOrColumns, err) ||
      !readRequiredInteger(env, {o, "rows", "range"}, out.rows, 1, kMaxRowsOrColumns, err)) {
    return false;
  }
  out.plane = static_cast<int>(plane);
  int64_t start = -1, count = -1;
  if (!readInteger(env, {o, "byteStart", "range"}, start, 0, kMaxRowsOrColumns, err) ||
      !readInteger(env, {o, "byteCount", "range"}, count, 1, kMaxRowsOrColumns, err)) {
    return false;
  }
  if (start >= 0) out.byteStart = start;
  if (count >= 0) out.byteCount = count;
  return true;
}

bool readMemoryOptions(Napi::Env env, Napi::Value v, std::optional<int64_t> &index, Napi::Error *err) {
  if (v.IsUndefined() || v.IsNull()) return true;
  if (!v.IsObject()) {
    *err = invalidArgument(env, "options", "an object");
    return false;
  }
  int64_t i = -1;
  if (!readInteger(env, {v.As<Napi::Object>(), "index"}, i, 0, 9007199254740991LL, err)) return false;
  if (i >= 0) index = i;
  return true;
}

bool readOpenOptions(Napi::Env env, Napi::Value v, DecoderOptions &o, Napi::Error *err) {
  if (v.IsUndefined() || v.IsNull()) return true;
  if (!v.IsObject()) {
    *err = invalidArgument(env, "options", "an object");
    return false;
  }
  const Napi::Object obj = v.As<Napi::Object>();
  return readName(env, {obj, "decode"}, kDecodeModeNames, o.mode, err) &&
         readName(env, {obj, "initOrder"}, kInitOrderNames, o.initOrder, err) &&
         readName(env, {obj, "context"}, kContextModeNames, o.context, err) &&
         readInteger(env, {obj, "device"}, o.device, 0, 63, err) &&
         readInteger(env, {obj, "holdFrames"}, o.holdFrames, 1, 16, err) &&
         readInteger(env, {obj, "maxPixels"}, o.maxPixels, kMaxPixelsMin, kMaxPixelsMax, err) &&
         readInteger(env, {obj, "maxPacketBytes"}, o.maxPacketBytes, kMaxPacketBytesMin, kMaxPacketBytesMax, err) &&
         readInteger(env, {obj, "openDeadlineMs"}, o.openDeadlineMs, kDeadlineMsMin, kDeadlineMsMax, err) &&
         readInteger(env, {obj, "frameDeadlineMs"}, o.frameDeadlineMs, kDeadlineMsMin, kDeadlineMsMax, err) &&
         readBoolean(env, {obj, "ledger"}, o.ledger, err) &&
         readBoolean(env, {obj, "unsafeOutput"}, o.unsafeOutput, err);
}

bool readFrameOptions(Napi::Env env, Napi::Value v, FrameRequest &r, Napi::Error *err) {
  if (v.IsUndefined() || v.IsNull()) return true;
  if (!v.IsObject()) {
    *err = invalidArgument(env, "options", "an object");
    return false;
  }
  return readBoolean(env, {v.As<Napi::Object>(), "proof"}, r.proof, err);
}

bool readPreviewOptions(Napi::Env env, Napi::Value v, PreviewRequest &r, Napi::Error *err) {
  if (!v.IsObject()) {
    *err = invalidArgument(env, "options", "an object with op");
    return false;
  }
  const Napi::Object o = v.As<Napi::Object>();
  const Napi::Value maxWidth = o.Get("maxWidth");
  return readName(env, {o, "op"}, kPreviewOpNames, r.op, err, true) &&
         readBoolean(env, {o, "reference"}, r.reference, err) &&
         readName(env, {o, "matrix"}, kPreviewMatrixNames, r.matrix, err) &&
         readName(env, {o, "range"}, kPreviewRangeNames, r.range, err) &&
         (maxWidth.IsUndefined() || readThumbnailWidth(env, maxWidth, "options.maxWidth", r.maxWidth, err)) &&
         readInt(env, {o, "kernelSize"}, r.kernelSize, err) && readFinite(env, {o, "sigma"}, r.sigma, err) &&
         readInt(env, {o, "flipCode"}, r.flipCode, err) && readFinite(env, {o, "threshold"}, r.threshold, err);
}

bool readThumbnailWidth(Napi::Env env, Napi::Value v, const char *what, int &out, Napi::Error *err) {
  if (!isIntegerIn(v, kThumbnailWidthMin, kThumbnailWidthMax)) {
    *err = invalidArgument(env, what,
                           "an integer from " + std::to_string(kThumbnailWidthMin) + " to " +
                               std::to_string(kThumbnailWidthMax));
    return false;
  }
  out = static_cast<int>(v.As<Napi::Number>().DoubleValue());
  return true;
}

} // namespace zci::binding
