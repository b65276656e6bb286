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

// The bounds of a memory range, as contract/memory.ts states them.
constexpr int64_t kMaxPlane = 7;
constexpr int64_t kMaxRowsOrColumns = 1000000;
constexpr int64_t kMaxRangeBytes = 1LL << 40;
constexpr int64_t kMaxIndex = 9007199254740991LL; // 2^53 - 1: every display index a JS number holds exactly
constexpr double kMaxSeconds = 1e12;
constexpr const char *kRangeShapes = "{plane, row, rows, byteStart?, byteCount?} or {offset, length}";

// A decode mode of the comparison: a named decoder ('auto' picks nothing to compare).
bool readMode(Napi::Env env, const Napi::Object &o, const char *key, DecodeMode &out, Napi::Error *err) {
  const Napi::Value v = o.Get(key);
  if (v.IsUndefined()) return true;
  const auto named = v.IsString() ? valueNamed(kDecodeModeNames, v.As<Napi::String>().Utf8Value()) : std::nullopt;
  if (!named || *named == DecodeMode::Auto) {
    *err = invalidName(env, std::string("options.") + key, {"nvdec", "software", "software-upload", "cuvid"}, v);
    return false;
  }
  out = *named;
  return true;
}

} // namespace

bool readMemoryRange(Napi::Env env, Napi::Value v, MemoryRange &out, Napi::Error *err, const std::string &what) {
  if (!v.IsObject() || v.IsArray() || v.IsFunction()) {
    *err = invalidArgument(env, what, std::string("an object: ") + kRangeShapes);
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
      *err = invalidArgument(env, what + "." + name, std::string("absent: a range is ") + kRangeShapes);
      return false;
    }
  }
  if (!out.planeRange) {
    return readRequiredInteger(env, {o, "offset", what.c_str()}, out.offset, 0, kMaxRangeBytes, err) &&
           readRequiredInteger(env, {o, "length", what.c_str()}, out.length, 1, kMaxRangeBytes, err);
  }
  int64_t plane = 0;
  if (!readRequiredInteger(env, {o, "plane", what.c_str()}, plane, 0, kMaxPlane, err) ||
      !readRequiredInteger(env, {o, "row", what.c_str()}, out.row, 0, kMaxRowsOrColumns, err) ||
      !readRequiredInteger(env, {o, "rows", what.c_str()}, out.rows, 1, kMaxRowsOrColumns, err)) {
    return false;
  }
  out.plane = static_cast<int>(plane);
  int64_t start = -1, count = -1;
  if (!readInteger(env, {o, "byteStart", what.c_str()}, start, 0, kMaxRowsOrColumns, err) ||
      !readInteger(env, {o, "byteCount", what.c_str()}, count, 1, kMaxRowsOrColumns, err)) {
    return false;
  }
  if (start >= 0) out.byteStart = start;
  if (count >= 0) out.byteCount = count;
  return true;
}

bool readMemoryRanges(Napi::Env env, Napi::Value v, std::vector<MemoryRange> &out, Napi::Error *err) {
  if (!v.IsArray() || v.As<Napi::Array>().Length() < 1 ||
      v.As<Napi::Array>().Length() > static_cast<uint32_t>(kMemoryReadsPerCall)) {
    *err = invalidArgument(env, "ranges", "an array of 1 to " + std::to_string(kMemoryReadsPerCall) + " ranges");
    return false;
  }
  const Napi::Array a = v.As<Napi::Array>();
  out.resize(a.Length());
  for (uint32_t i = 0; i < a.Length(); ++i) {
    if (!readMemoryRange(env, a.Get(i), out[i], err, "ranges[" + std::to_string(i) + "]")) return false;
  }
  return true;
}

bool readMemoryOptions(Napi::Env env, Napi::Value v, int64_t &index, Napi::Error *err) {
  if (!v.IsObject()) {
    *err = invalidArgument(env, "options", "an object with index (the held frame to read)");
    return false;
  }
  return readRequiredInteger(env, {v.As<Napi::Object>(), "index"}, index, 0, kMaxIndex, err);
}

bool readShowTarget(Napi::Env env, Napi::Value v, const char *what, FrameTarget &out, Napi::Error *err) {
  const char *expected = "{index} (an integer >= 0) or {seconds} (a finite number >= 0)";
  if (!v.IsObject()) {
    *err = invalidArgument(env, what, expected);
    return false;
  }
  const Napi::Object o = v.As<Napi::Object>();
  const Napi::Value index = o.Get("index"), seconds = o.Get("seconds");
  if (index.IsUndefined() == seconds.IsUndefined()) {
    *err = invalidArgument(env, what, expected);
    return false;
  }
  if (!index.IsUndefined()) {
    if (!isIntegerIn(index, 0, static_cast<double>(kMaxIndex))) {
      *err = invalidArgument(env, std::string(what) + ".index", "an integer >= 0");
      return false;
    }
    out = FrameTarget::at(static_cast<int64_t>(index.As<Napi::Number>().DoubleValue()));
    return true;
  }
  const double s = seconds.IsNumber() ? seconds.As<Napi::Number>().DoubleValue() : -1;
  if (!(s >= 0) || s > kMaxSeconds) {
    *err = invalidArgument(env, std::string(what) + ".seconds", "a finite number >= 0");
    return false;
  }
  out = FrameTarget::atTime(s);
  return true;
}

bool readShowTargets(Napi::Env env, Napi::Value v, std::vector<FrameTarget> &out, Napi::Error *err) {
  const std::string expected = "an array of 1 to " + std::to_string(kFramesPerCallMax) + " targets";
  if (!v.IsArray() || v.As<Napi::Array>().Length() < 1 ||
      v.As<Napi::Array>().Length() > static_cast<uint32_t>(kFramesPerCallMax)) {
    *err = invalidArgument(env, "targets", expected);
    return false;
  }
  const Napi::Array a = v.As<Napi::Array>();
  out.resize(a.Length());
  for (uint32_t i = 0; i < a.Length(); ++i) {
    const std::string what = "targets[" + std::to_string(i) + "]";
    if (!readShowTarget(env, a.Get(i), what.c_str(), out[i], err)) return false;
  }
  return true;
}

bool readShowOptions(Napi::Env env, Napi::Value v, ShowRequest &r, Napi::Error *err) {
  if (!readFrameOptions(env, v, r.frame, err)) return false;
  if (v.IsUndefined() || v.IsNull()) return true;
  const Napi::Object o = v.As<Napi::Object>();
  const Napi::Value width = o.Get("thumbnailWidth");
  if (!width.IsUndefined() && !readThumbnailWidth(env, width, "options.thumbnailWidth", r.thumbnailWidth, err))
    return false;
  if (!readBoolean(env, {o, "fallbackToReference"}, r.fallbackToReference, err)) return false;
  const Napi::Value previews = o.Get("previews");
  if (previews.IsUndefined()) return true;
  if (!previews.IsArray() || previews.As<Napi::Array>().Length() > static_cast<uint32_t>(kPreviewsPerCallMax)) {
    *err = invalidArgument(env, "options.previews",
                           "an array of at most " + std::to_string(kPreviewsPerCallMax) + " preview requests");
    return false;
  }
  const Napi::Array list = previews.As<Napi::Array>();
  r.previews.resize(list.Length());
  for (uint32_t i = 0; i < list.Length(); ++i)
    if (!readPreviewOptions(env, list.Get(i), r.previews[i], err)) return false;
  return true;
}

bool readDeviceArgument(Napi::Env env, const Napi::Value &v, int &device, Napi::Error *err) {
  if (v.IsEmpty() || v.IsUndefined()) {
    device = 0;
    return true;
  }
  if (!isIntegerIn(v, 0, 63)) {
    *err = invalidArgument(env, "device", "an integer 0..63");
    return false;
  }
  device = static_cast<int>(v.As<Napi::Number>().DoubleValue());
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
         readBoolean(env, {obj, "unsafeOutput"}, o.unsafeOutput, err) &&
         readInteger(env, {obj, "nvdecThreads"}, o.nvdecThreads, 1, 8, err) &&
         readInteger(env, {obj, "operatorDevice"}, o.operators.device, 0, 63, err) &&
         readBoolean(env, {obj, "peerAccess"}, o.operators.peerAccess, err);
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

bool readCompareOptions(Napi::Env env, const Napi::Value &given, CompareRequest &r, Napi::Error *err) {
  if (given.IsUndefined()) return true;
  if (!given.IsObject()) {
    *err = invalidArgument(env, "options", "an object");
    return false;
  }
  const Napi::Object o = given.As<Napi::Object>();
  const Napi::Value frames = o.Get("frames");
  const bool absent = frames.IsUndefined();
  if (!absent && (!frames.IsArray() || frames.As<Napi::Array>().Length() == 0 ||
                  frames.As<Napi::Array>().Length() > static_cast<uint32_t>(kCompareFramesMax))) {
    *err = invalidArgument(env, "options.frames",
                           "an array of 1.." + std::to_string(kCompareFramesMax) +
                               " display indices, or absent (every frame)");
    return false;
  }
  const Napi::Array list = absent ? Napi::Array::New(env) : frames.As<Napi::Array>();
  for (uint32_t i = 0; i < list.Length(); ++i) {
    const Napi::Value f = list.Get(i);
    if (!isIntegerIn(f, 0, 9007199254740991.0)) {
      *err = invalidArgument(env, "options.frames[" + std::to_string(i) + "]", "an integer display index >= 0");
      return false;
    }
    r.frames.push_back(static_cast<int64_t>(f.As<Napi::Number>().DoubleValue()));
  }
  if (!readMode(env, o, "decoderA", r.a, err) || !readMode(env, o, "decoderB", r.b, err)) return false;
  const Napi::Value device = o.Get("device");
  if (!device.IsUndefined()) {
    if (!isIntegerIn(device, 0, 63)) {
      *err = invalidArgument(env, "options.device", "an integer 0..63");
      return false;
    }
    r.device = device.As<Napi::Number>().Int32Value();
  }
  const Napi::Value rgb = o.Get("rgb");
  if (!rgb.IsUndefined()) {
    if (!rgb.IsBoolean()) {
      *err = invalidArgument(env, "options.rgb", "a boolean");
      return false;
    }
    r.rgb = rgb.As<Napi::Boolean>().Value();
  }
  const Napi::Value where = o.Get("where");
  if (!where.IsUndefined()) {
    const std::string w = where.IsString() ? where.As<Napi::String>().Utf8Value() : "";
    if (w != "auto" && w != "host") {
      *err = invalidName(env, "options.where", {"auto", "host"}, where);
      return false;
    }
    r.where = w == "host" ? CompareWhere::Host : CompareWhere::Auto;
  }
  const Napi::Value plant = o.Get("plant");
  if (!plant.IsUndefined()) {
    if (!plant.IsObject()) {
      *err = invalidArgument(env, "options.plant", "{plane, x, y, value}");
      return false;
    }
    const Napi::Object p = plant.As<Napi::Object>();
    const char *keys[] = {"plane", "x", "y", "value"};
    int values[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; ++i) {
      const Napi::Value v = p.Get(keys[i]);
      if (!isIntegerIn(v, 0, i == 0 ? 2 : 65535)) {
        *err = invalidArgument(env, std::string("options.plant.") + keys[i],
                               i == 0 ? "0, 1 or 2 (Y, U, V)" : "an integer 0..65535");
        return false;
      }
      values[i] = v.As<Napi::Number>().Int32Value();
    }
    r.plant = ComparePlant{values[0], values[1], values[2], values[3]};
  }
  return true;
}

} // namespace zci::binding
