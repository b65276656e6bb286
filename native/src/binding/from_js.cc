#include "from_js.h"

#include "errors.h"

#include <cmath>
#include <string>

namespace zci::binding {
namespace {

// An integer-valued finite number within [lo, hi].
bool isIntegerIn(const Napi::Value &x, double lo, double hi) {
  if (!x.IsNumber()) return false;
  const double d = x.As<Napi::Number>().DoubleValue();
  return d >= lo && d <= hi && std::trunc(d) == d;
}

// One member of an options object, named for messages as "options.<key>".
struct Member {
  Napi::Object object;
  const char *key;
  Napi::Value value() const { return object.Get(key); }
  std::string what() const { return std::string("options.") + key; }
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

} // namespace

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
         readInteger(env, {obj, "frameDeadlineMs"}, o.frameDeadlineMs, kDeadlineMsMin, kDeadlineMsMax, err);
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
