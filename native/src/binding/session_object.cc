#include "session_object.h"

#include "errors.h"
#include "session.h"

#include "error.h"

#include <cmath>
#include <functional>

namespace zci::binding {
namespace {

Napi::FunctionReference gConstructor;

// What a worker failed with, copied out of the exception on the worker thread.
struct Failure {
  bool failed = false;
  std::string code, message, remedy;
};

template <typename F> void capture(Failure &f, F &&body) {
  try {
    body();
  } catch (const zci::Error &e) {
    f = {true, e.code(), e.what(), e.remedy()};
  } catch (const std::exception &e) {
    f = {true, "INTERNAL", e.what(), "Report this with the file that caused it."};
  }
}

Napi::Value parseJson(Napi::Env env, const std::string &json) {
  Napi::Object JSON = env.Global().Get("JSON").As<Napi::Object>();
  return JSON.Get("parse").As<Napi::Function>().Call(JSON, {Napi::String::New(env, json)});
}

Napi::Value rejectWith(Napi::Env env, const Napi::Error &e) {
  auto d = Napi::Promise::Deferred::New(env);
  d.Reject(e.Value());
  return d.Promise();
}

// Runs body on a worker thread and resolves with JSON.parse of its result.
// Runs body on a worker thread, then turns its result into JS on the JS thread; rejects with InspectorError.
template <typename Result> class PromiseWorker : public Napi::AsyncWorker {
public:
  PromiseWorker(Napi::Env env, SessionObject *owner, Napi::Object receiver, std::function<Result()> body,
                std::function<Napi::Value(Napi::Env, Result &)> toJs)
      : Napi::AsyncWorker(env), deferred_(Napi::Promise::Deferred::New(env)), owner_(owner),
        keep_(Napi::Persistent(receiver)), body_(std::move(body)), toJs_(std::move(toJs)) {}
  void Execute() override {
    capture(failure_, [&] { result_ = body_(); });
  }
  void OnOK() override {
    Napi::Env env = Env();
    if (owner_) owner_->finished();
    if (failure_.failed) {
      deferred_.Reject(makeError(env, failure_.code, failure_.message, failure_.remedy).Value());
    } else {
      deferred_.Resolve(toJs_(env, result_));
    }
  }
  Napi::Promise promise() { return deferred_.Promise(); }

private:
  Napi::Promise::Deferred deferred_;
  SessionObject *owner_;
  Napi::ObjectReference keep_; // the JS Session stays alive while its call runs
  std::function<Result()> body_;
  std::function<Napi::Value(Napi::Env, Result &)> toJs_;
  Result result_{};
  Failure failure_;
};

// Queues a PromiseWorker and returns its promise.
template <typename Result>
Napi::Value queue(Napi::Env env, SessionObject *owner, Napi::Object receiver, std::function<Result()> body,
                  std::function<Napi::Value(Napi::Env, Result &)> toJs) {
  auto *w = new PromiseWorker<Result>(env, owner, receiver, std::move(body), std::move(toJs));
  Napi::Promise p = w->promise();
  w->Queue();
  return p;
}

Napi::Value jsonToJs(Napi::Env env, std::string &json) {
  return parseJson(env, json);
}

Napi::Value thumbnailsToJs(Napi::Env env, std::vector<Thumbnail> &thumbs) {
  Napi::Array out = Napi::Array::New(env, thumbs.size());
  for (size_t i = 0; i < thumbs.size(); ++i) {
    const Thumbnail &t = thumbs[i];
    Napi::Object o = Napi::Object::New(env);
    o.Set("plane", t.plane);
    o.Set("name", t.name);
    o.Set("width", t.width);
    o.Set("height", t.height);
    // A copy, never an external buffer: Electron's memory cage forbids those.
    auto buf = Napi::Buffer<uint8_t>::Copy(env, t.data.data(), t.data.size());
    o.Set("data", Napi::Uint8Array::New(env, t.data.size(), buf.ArrayBuffer(), buf.ByteOffset()));
    out.Set(static_cast<uint32_t>(i), o);
  }
  return out;
}

Napi::Object rgbObject(Napi::Env env, const RgbImage &img) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("width", img.width);
  o.Set("height", img.height);
  auto buf = Napi::Buffer<uint8_t>::Copy(env, img.rgb.data(), img.rgb.size());
  o.Set("rgb", Napi::Uint8Array::New(env, img.rgb.size(), buf.ArrayBuffer(), buf.ByteOffset()));
  return o;
}

Napi::Value previewToJs(Napi::Env env, PreviewResult &r) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("op", r.op);
  o.Set("gpu", r.gpu);
  o.Set("gpuReason", r.gpuReason);
  o.Set("converter", r.converter);
  o.Set("thumbnail", r.gpu ? Napi::Value(rgbObject(env, r.thumbnail)) : env.Null());
  Napi::Object t = Napi::Object::New(env);
  t.Set("convertMs", r.convertMs);
  t.Set("opMs", r.opMs);
  t.Set("resizeMs", r.resizeMs);
  t.Set("downloadMs", r.downloadMs);
  t.Set("totalMs", r.totalMs);
  o.Set("timings", t);
  o.Set("bytesDownloaded", static_cast<double>(r.bytesDownloaded));
  o.Set("frameBytes", static_cast<double>(r.frameBytes));
  o.Set("reference", r.reference.rgb.empty() ? env.Null() : Napi::Value(rgbObject(env, r.reference)));
  o.Set("referenceMethod", r.referenceMethod);
  auto opt = [&](const char *key, const std::optional<double> &v) {
    o.Set(key, v ? Napi::Value(Napi::Number::New(env, *v)) : env.Null());
  };
  opt("psnr", r.psnr);
  opt("maxAbsError", r.maxAbsError);
  opt("meanAbsError", r.meanAbsError);
  o.Set("wrongWrap", r.wrongWrap.rgb.empty() ? env.Null() : Napi::Value(rgbObject(env, r.wrongWrap)));
  o.Set("wrongWrapReason", r.wrongWrapReason);
  return o;
}

// Reads preview options into the plain request the worker uses.
bool readPreviewOptions(Napi::Env env, Napi::Value v, PreviewRequest &r, Napi::Error *err) {
  if (!v.IsObject()) {
    *err = invalidArgument(env, "options", "an object with op");
    return false;
  }
  Napi::Object o = v.As<Napi::Object>();
  Napi::Value op = o.Get("op");
  if (!op.IsString()) {
    *err = invalidArgument(env, "options.op", "a string");
    return false;
  }
  r.op = op.As<Napi::String>().Utf8Value();
  Napi::Value reference = o.Get("reference");
  if (!reference.IsUndefined() && !reference.IsBoolean()) {
    *err = invalidArgument(env, "options.reference", "a boolean");
    return false;
  }
  if (reference.IsBoolean()) r.reference = reference.As<Napi::Boolean>().Value();
  for (auto [key, target] : {std::pair<const char *, std::string *>{"matrix", &r.matrix}, {"range", &r.range}}) {
    Napi::Value x = o.Get(key);
    if (x.IsUndefined()) continue;
    if (!x.IsString()) {
      *err = invalidArgument(env, std::string("options.") + key, "a string");
      return false;
    }
    *target = x.As<Napi::String>().Utf8Value();
  }
  auto number = [&](const char *key, double &out) {
    Napi::Value x = o.Get(key);
    if (x.IsUndefined()) return true;
    if (!x.IsNumber() || !std::isfinite(x.As<Napi::Number>().DoubleValue())) {
      *err = invalidArgument(env, std::string("options.") + key, "a finite number");
      return false;
    }
    out = x.As<Napi::Number>().DoubleValue();
    return true;
  };
  double maxWidth = r.maxWidth, kernel = r.kernelSize, flip = r.flipCode;
  bool ok = number("maxWidth", maxWidth) && number("kernelSize", kernel) && number("sigma", r.sigma) &&
            number("flipCode", flip) && number("threshold", r.threshold);
  if (ok && (maxWidth != static_cast<int>(maxWidth) || kernel != static_cast<int>(kernel) ||
             flip != static_cast<int>(flip))) {
    *err = invalidArgument(env, "maxWidth, kernelSize and flipCode", "integers");
    return false;
  }
  r.maxWidth = static_cast<int>(maxWidth);
  r.kernelSize = static_cast<int>(kernel);
  r.flipCode = static_cast<int>(flip);
  return ok;
}

// Reads OpenOptions into the plain struct the worker uses; nullopt with *err set when malformed.
bool readOpenOptions(Napi::Env env, Napi::Value v, DecoderOptions &o, Napi::Error *err) {
  if (v.IsUndefined() || v.IsNull()) return true;
  if (!v.IsObject()) {
    *err = invalidArgument(env, "options", "an object");
    return false;
  }
  Napi::Object obj = v.As<Napi::Object>();
  auto str = [&](const char *key, std::string &out) {
    Napi::Value x = obj.Get(key);
    if (x.IsUndefined()) return true;
    if (!x.IsString()) {
      *err = invalidArgument(env, std::string("options.") + key, "a string");
      return false;
    }
    out = x.As<Napi::String>().Utf8Value();
    return true;
  };
  auto integer = [&](const char *key, int &out, int lo, int hi) {
    Napi::Value x = obj.Get(key);
    if (x.IsUndefined()) return true;
    double d = x.IsNumber() ? x.As<Napi::Number>().DoubleValue() : -1e300;
    if (!x.IsNumber() || d != static_cast<int>(d) || d < lo || d > hi) {
      *err = invalidArgument(env, std::string("options.") + key,
                             "an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
      return false;
    }
    out = static_cast<int>(d);
    return true;
  };
  return str("decode", o.mode) && str("initOrder", o.initOrder) && str("context", o.context) &&
         integer("device", o.device, 0, 63) && integer("holdFrames", o.holdFrames, 1, 16);
}

bool readFrameOptions(Napi::Env env, Napi::Value v, FrameRequest &r, Napi::Error *err) {
  if (v.IsUndefined() || v.IsNull()) return true;
  if (!v.IsObject()) {
    *err = invalidArgument(env, "options", "an object");
    return false;
  }
  Napi::Value proof = v.As<Napi::Object>().Get("proof");
  if (proof.IsUndefined()) return true;
  if (!proof.IsBoolean()) {
    *err = invalidArgument(env, "options.proof", "a boolean");
    return false;
  }
  r.proof = proof.As<Napi::Boolean>().Value();
  return true;
}

} // namespace

void SessionObject::Init(Napi::Env env, Napi::Object exports) {
  // index.cjs wraps the async methods to attach the caller's stack; they must be writable for that.
  constexpr auto kWrappable = static_cast<napi_property_attributes>(napi_writable | napi_configurable);
  Napi::Function ctor = DefineClass(
      env, "Session",
      {StaticMethod<&SessionObject::Open>("open", kWrappable),
       InstanceMethod<&SessionObject::Frame>("frame", kWrappable),
       InstanceMethod<&SessionObject::FrameAtTime>("frameAtTime", kWrappable),
       InstanceMethod<&SessionObject::Thumbnails>("thumbnails", kWrappable),
       InstanceMethod<&SessionObject::Preview>("preview", kWrappable),
       InstanceMethod<&SessionObject::LiveHandles>("liveHandles"), InstanceMethod<&SessionObject::Close>("close"),
       InstanceAccessor<&SessionObject::GetClosed>("closed"), InstanceAccessor<&SessionObject::GetInfo>("info")});
  gConstructor = Napi::Persistent(ctor);
  gConstructor.SuppressDestruct();
  exports.Set("Session", ctor);
}

SessionObject::SessionObject(const Napi::CallbackInfo &info) : Napi::ObjectWrap<SessionObject>(info) {
  if (info.Length() != 1 || !info[0].IsExternal()) {
    makeError(info.Env(), "INVALID_ARGUMENT", "Session cannot be constructed directly",
              "Use Session.open(path, options).")
        .ThrowAsJavaScriptException();
    return;
  }
  core_ = *info[0].As<Napi::External<std::shared_ptr<Session>>>().Data();
  info_ = Napi::Persistent(parseJson(info.Env(), core_->infoJson()).As<Napi::Object>());
}

SessionObject::~SessionObject() = default; // core_ released: decoder, frames and NVCV images go with it

Napi::Value SessionObject::Open(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsString() || info[0].As<Napi::String>().Utf8Value().empty()) {
    return rejectWith(env, invalidArgument(env, "path", "a non-empty string"));
  }
  DecoderOptions options;
  Napi::Error err;
  if (!readOpenOptions(env, info.Length() > 1 ? info[1] : env.Undefined(), options, &err)) return rejectWith(env, err);
  const std::string path = info[0].As<Napi::String>().Utf8Value();
  return queue<std::shared_ptr<Session>>(
      env, nullptr, Napi::Object::New(env), [path, options] { return std::make_shared<Session>(path, options); },
      [](Napi::Env e, std::shared_ptr<Session> &session) -> Napi::Value {
        auto *holder = new std::shared_ptr<Session>(std::move(session));
        auto ext = Napi::External<std::shared_ptr<Session>>::New(
            e, holder, [](Napi::Env, std::shared_ptr<Session> *p) { delete p; });
        return gConstructor.New({ext});
      });
}

std::shared_ptr<Session> SessionObject::claim(Napi::Env env, Napi::Value *rejected) {
  if (!core_) {
    *rejected = rejectWith(env, makeError(env, "CLOSED", "This session is closed", "Open the file again."));
    return nullptr;
  }
  if (busy_) {
    *rejected = rejectWith(env, makeError(env, "BUSY", "This session is still working on the previous call",
                                          "Wait for the previous call's promise before the next call."));
    return nullptr;
  }
  busy_ = true;
  return core_;
}

Napi::Value SessionObject::Frame(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsNumber())
    return rejectWith(env, invalidArgument(env, "index", "an integer >= 0"));
  const double d = info[0].As<Napi::Number>().DoubleValue();
  if (!(d >= 0) || d != static_cast<double>(static_cast<int64_t>(d)) || d > 9007199254740991.0) {
    return rejectWith(env, invalidArgument(env, "index", "an integer >= 0"));
  }
  FrameRequest req;
  Napi::Error err;
  if (!readFrameOptions(env, info.Length() > 1 ? info[1] : env.Undefined(), req, &err)) return rejectWith(env, err);
  Napi::Value rejected;
  auto s = claim(env, &rejected);
  if (!s) return rejected;
  const auto index = static_cast<int64_t>(d);
  return queue<std::string>(
      env, this, Value(), [s, index, req] { return s->frame(index, req); }, jsonToJs);
}

Napi::Value SessionObject::FrameAtTime(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsNumber() || !(info[0].As<Napi::Number>().DoubleValue() >= 0)) {
    return rejectWith(env, invalidArgument(env, "seconds", "a finite number >= 0"));
  }
  const double seconds = info[0].As<Napi::Number>().DoubleValue();
  if (seconds > 1e12) return rejectWith(env, invalidArgument(env, "seconds", "a finite number >= 0"));
  FrameRequest req;
  Napi::Error err;
  if (!readFrameOptions(env, info.Length() > 1 ? info[1] : env.Undefined(), req, &err)) return rejectWith(env, err);
  Napi::Value rejected;
  auto s = claim(env, &rejected);
  if (!s) return rejected;
  return queue<std::string>(
      env, this, Value(), [s, seconds, req] { return s->frameAtTime(seconds, req); }, jsonToJs);
}

Napi::Value SessionObject::Thumbnails(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const double d = info.Length() > 0 && info[0].IsNumber() ? info[0].As<Napi::Number>().DoubleValue() : -1;
  if (d != static_cast<int>(d) || d < 8 || d > 1024) {
    return rejectWith(env, invalidArgument(env, "maxWidth", "an integer from 8 to 1024"));
  }
  Napi::Value rejected;
  auto s = claim(env, &rejected);
  if (!s) return rejected;
  const int maxWidth = static_cast<int>(d);
  return queue<std::vector<Thumbnail>>(
      env, this, Value(), [s, maxWidth] { return s->thumbnails(maxWidth); }, thumbnailsToJs);
}

Napi::Value SessionObject::Preview(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  PreviewRequest req;
  Napi::Error err;
  if (!readPreviewOptions(env, info.Length() > 0 ? info[0] : env.Undefined(), req, &err)) return rejectWith(env, err);
  Napi::Value rejected;
  auto s = claim(env, &rejected);
  if (!s) return rejected;
  return queue<PreviewResult>(
      env, this, Value(), [s, req] { return s->preview(req); }, previewToJs);
}

Napi::Value SessionObject::LiveHandles(const Napi::CallbackInfo &info) {
  return Napi::Number::New(info.Env(), core_ ? core_->liveHandles() : 0);
}

Napi::Value SessionObject::Close(const Napi::CallbackInfo &info) {
  // A call in flight keeps its own reference; the session is destroyed when that call ends.
  core_.reset();
  return info.Env().Undefined();
}

Napi::Value SessionObject::GetClosed(const Napi::CallbackInfo &info) {
  return Napi::Boolean::New(info.Env(), !core_);
}

Napi::Value SessionObject::GetInfo(const Napi::CallbackInfo &info) {
  return info_.IsEmpty() ? info.Env().Undefined() : info_.Value();
}

} // namespace zci::binding
