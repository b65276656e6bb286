// compareDecoders(path, options): the decoder comparison on a worker thread, its options read from JS and its
// result turned into a plain object (DecoderCompareResult in electron/common/decoder-compare.ts).
#include "compare_call.h"

#include "abort_link.h"
#include "errors.h"

#include "decoder_compare.h"
#include "error.h"

#include <cmath>

namespace zci::binding {
namespace {

bool isInt(const Napi::Value &v, double lo, double hi) {
  if (!v.IsNumber()) return false;
  const double d = v.As<Napi::Number>().DoubleValue();
  return d >= lo && d <= hi && d == std::trunc(d);
}

bool readMode(Napi::Env env, const Napi::Object &o, const char *key, DecodeMode &out, Napi::Error *err) {
  const Napi::Value v = o.Get(key);
  if (v.IsUndefined()) return true;
  const auto named = v.IsString() ? valueNamed(kDecodeModeNames, v.As<Napi::String>().Utf8Value()) : std::nullopt;
  if (!named || *named == DecodeMode::Auto) {
    *err = invalidName(env, std::string("options.") + key, {"nvdec", "software", "software-upload"}, v);
    return false;
  }
  out = *named;
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
    if (!isInt(f, 0, 9007199254740991.0)) {
      *err = invalidArgument(env, "options.frames[" + std::to_string(i) + "]", "an integer display index >= 0");
      return false;
    }
    r.frames.push_back(static_cast<int64_t>(f.As<Napi::Number>().DoubleValue()));
  }
  if (!readMode(env, o, "decoderA", r.a, err) || !readMode(env, o, "decoderB", r.b, err)) return false;
  const Napi::Value device = o.Get("device");
  if (!device.IsUndefined()) {
    if (!isInt(device, 0, 63)) {
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
      if (!isInt(v, 0, i == 0 ? 2 : 65535)) {
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

Napi::Value planeToJs(Napi::Env env, const PlaneCompare &p) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("plane", p.name);
  o.Set("width", p.width);
  o.Set("height", p.height);
  o.Set("identical", p.identical);
  o.Set("differing", static_cast<double>(p.differing));
  o.Set("maxAbsDiff", p.maxAbsDiff);
  o.Set("rawWordsDiffer", p.rawWordsDiffer);
  if (p.hasFirst) {
    Napi::Object f = Napi::Object::New(env);
    f.Set("x", p.firstX);
    f.Set("y", p.firstY);
    f.Set("valueA", p.valueA);
    f.Set("valueB", p.valueB);
    o.Set("firstDifference", f);
  } else {
    o.Set("firstDifference", env.Null());
  }
  Napi::Object heat = Napi::Object::New(env);
  heat.Set("width", p.heatWidth);
  heat.Set("height", p.heatHeight);
  Napi::Array cells = Napi::Array::New(env, p.heat.size());
  for (size_t i = 0; i < p.heat.size(); ++i)
    cells.Set(static_cast<uint32_t>(i), Napi::Number::New(env, p.heat[i]));
  heat.Set("counts", cells);
  o.Set("heatMap", heat);
  return o;
}

Napi::Value rgbToJs(Napi::Env env, const RgbCompare &r) {
  if (!r.done) return env.Null();
  Napi::Object o = Napi::Object::New(env);
  auto side = [&](const std::string &converter, const std::string &matrix, const std::string &range) {
    Napi::Object s = Napi::Object::New(env);
    s.Set("converter", converter);
    s.Set("matrix", matrix);
    s.Set("range", range);
    return s;
  };
  o.Set("a", side(r.converterA, r.matrixA, r.rangeA));
  o.Set("b", side(r.converterB, r.matrixB, r.rangeB));
  o.Set("width", r.width);
  o.Set("height", r.height);
  o.Set("identical", r.differing == 0);
  o.Set("differing", static_cast<double>(r.differing));
  o.Set("maxAbsDiff", r.maxAbsDiff);
  if (r.hasFirst) {
    Napi::Object f = Napi::Object::New(env);
    f.Set("x", r.firstX);
    f.Set("y", r.firstY);
    f.Set("channel", std::string(1, "RGB"[r.firstChannel]));
    f.Set("valueA", r.valueA);
    f.Set("valueB", r.valueB);
    o.Set("firstDifference", f);
  } else {
    o.Set("firstDifference", env.Null());
  }
  Napi::Array tried = Napi::Array::New(env, r.explanationsTried.size());
  for (size_t k = 0; k < r.explanationsTried.size(); ++k)
    tried.Set(static_cast<uint32_t>(k), r.explanationsTried[k]);
  o.Set("explanationsTried", tried);
  o.Set("cause", r.cause.empty() ? env.Null() : Napi::String::New(env, r.cause));
  return o;
}

Napi::Value resultToJs(Napi::Env env, const CompareResult &r) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("path", r.path);
  o.Set("codec", r.codec);
  o.Set("profile", r.profile);
  o.Set("decoderA", r.decoderA);
  o.Set("decoderB", r.decoderB);
  o.Set("decoderAReason", r.pathReasonA);
  o.Set("bitExactCodec", r.bitExactCodec);
  o.Set("bitExactReason", r.bitExactWhy);
  o.Set("allIdentical", r.allIdentical);
  o.Set("bitExactMismatch", r.bitExactMismatch);
  o.Set("totalMs", r.totalMs);
  if (r.plant) {
    Napi::Object p = Napi::Object::New(env);
    p.Set("frame", static_cast<double>(r.plant->frame));
    p.Set("plane", std::string(1, "YUV"[r.plant->plant.plane]));
    p.Set("x", r.plant->plant.x);
    p.Set("y", r.plant->plant.y);
    p.Set("value", r.plant->plant.value);
    p.Set("original", r.plant->original);
    p.Set("how", r.plant->how);
    o.Set("plant", p);
  } else {
    o.Set("plant", env.Null());
  }
  Napi::Array frames = Napi::Array::New(env, r.frames.size());
  for (size_t i = 0; i < r.frames.size(); ++i) {
    const FrameCompare &f = r.frames[i];
    Napi::Object fo = Napi::Object::New(env);
    fo.Set("index", static_cast<double>(f.index));
    fo.Set("formatA", f.formatA);
    fo.Set("formatB", f.formatB);
    fo.Set("normalisation", f.normalisation);
    fo.Set("bitDepth", f.bitDepth);
    fo.Set("comparedArea", f.comparedArea);
    fo.Set("codedRowsCompared", f.codedRowsCompared);
    fo.Set("identical", f.identical);
    fo.Set("rawWordsDiffer", f.rawWordsDiffer);
    fo.Set("bitExactRequired", f.bitExactRequired);
    fo.Set("matched", f.matched);
    Napi::Array tried = Napi::Array::New(env, f.explanationsTried.size());
    for (size_t k = 0; k < f.explanationsTried.size(); ++k)
      tried.Set(static_cast<uint32_t>(k), f.explanationsTried[k]);
    fo.Set("explanationsTried", tried);
    fo.Set("cause", f.cause.empty() ? env.Null() : Napi::String::New(env, f.cause));
    fo.Set("where", f.where);
    fo.Set("compareMs", f.compareMs);
    fo.Set("bytesUploaded", static_cast<double>(f.bytesUploaded));
    fo.Set("bytesDownloaded", static_cast<double>(f.bytesDownloaded));
    Napi::Array planes = Napi::Array::New(env, f.planes.size());
    for (size_t k = 0; k < f.planes.size(); ++k)
      planes.Set(static_cast<uint32_t>(k), planeToJs(env, f.planes[k]));
    fo.Set("planes", planes);
    fo.Set("rgb", rgbToJs(env, f.rgb));
    frames.Set(static_cast<uint32_t>(i), fo);
  }
  o.Set("frames", frames);
  return o;
}

class CompareWorker : public Napi::AsyncWorker {
public:
  CompareWorker(Napi::Env env, std::string path, CompareRequest request, AbortLink abort)
      : Napi::AsyncWorker(env), deferred_(Napi::Promise::Deferred::New(env)), path_(std::move(path)),
        request_(std::move(request)), abort_(std::move(abort)) {}
  void Execute() override {
    try {
      result_ = compareDecoders(path_, request_, abort_.flag());
    } catch (const zci::Error &e) {
      failed_ = true;
      code_ = e.code();
      message_ = e.what();
      remedy_ = e.remedy();
    } catch (const std::exception &e) {
      failed_ = true;
      message_ = e.what();
      remedy_ = "Report this with the file that caused it.";
    }
  }
  void OnOK() override {
    Napi::Env env = Env();
    abort_.detach();
    if (failed_) {
      deferred_.Reject(makeError(env, code_, message_, remedy_).Value());
    } else {
      deferred_.Resolve(resultToJs(env, result_));
    }
  }
  Napi::Promise promise() { return deferred_.Promise(); }

private:
  Napi::Promise::Deferred deferred_;
  std::string path_;
  CompareRequest request_;
  AbortLink abort_;
  CompareResult result_;
  bool failed_ = false;
  ErrorCode code_ = ErrorCode::Internal;
  std::string message_, remedy_;
};

Napi::Value rejectWith(Napi::Env env, const Napi::Error &e) {
  auto d = Napi::Promise::Deferred::New(env);
  d.Reject(e.Value());
  return d.Promise();
}

} // namespace

Napi::Value CompareDecoders(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsString() || info[0].As<Napi::String>().Utf8Value().empty()) {
    return rejectWith(env, invalidArgument(env, "path", "a non-empty string"));
  }
  const std::string path = info[0].As<Napi::String>().Utf8Value();
  const Napi::Value given = info.Length() > 1 ? info[1] : env.Undefined();
  CompareRequest request;
  AbortLink abort;
  Napi::Error err;
  if (!readCompareOptions(env, given, request, &err) || !abort.attach(env, given, &err)) return rejectWith(env, err);
  if (abort.abortedBefore()) return rejectWith(env, cancelledBefore(env, "Comparing decoders of " + path));
  auto *w = new CompareWorker(env, path, std::move(request), std::move(abort));
  Napi::Promise p = w->promise();
  w->Queue();
  return p;
}

} // namespace zci::binding
