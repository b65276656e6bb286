// The decoder comparison's result as a plain object (DecoderCompareResult in contract/decoder-compare.ts).
#include "to_js.h"

#include <string>

namespace zci::binding {
namespace {

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

} // namespace

Napi::Value compareResultToJs(Napi::Env env, const CompareResult &r) {
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
    fo.Set("tolerance", f.tolerance);
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

} // namespace zci::binding
