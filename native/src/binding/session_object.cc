#include "session_object.h"

#include "abort_link.h"
#include "errors.h"
#include "from_js.h"
#include "to_js.h"

#include "error.h"
#include "session.h"

#include <cmath>
#include <functional>
#include <optional>
#include <vector>

namespace zci::binding {
namespace {

Napi::FunctionReference gConstructor;

// What a worker failed with, copied out of the exception on the worker thread.
struct Failure {
  bool failed = false;
  ErrorCode code = ErrorCode::Internal;
  std::string message, remedy;
};

template <typename F> void capture(Failure &f, F &&body) {
  try {
    body();
  } catch (const zci::Error &e) {
    f = {true, e.code(), e.what(), e.remedy()};
  } catch (const std::exception &e) {
    f = {true, ErrorCode::Internal, e.what(), "Report this with the file that caused it."};
  }
}

// info[0] as a display index: an integer from 0 to 2^53 - 1.
bool readFrameIndex(const Napi::CallbackInfo &info, int64_t &index) {
  if (info.Length() < 1 || !info[0].IsNumber()) return false;
  const double d = info[0].As<Napi::Number>().DoubleValue();
  if (!(d >= 0) || d > 9007199254740991.0 || d != std::trunc(d)) return false;
  index = static_cast<int64_t>(d);
  return true;
}

Napi::Value rejectWith(Napi::Env env, const Napi::Error &e) {
  auto d = Napi::Promise::Deferred::New(env);
  d.Reject(e.Value());
  return d.Promise();
}

// Runs body on a worker thread, then turns its result into JS on the JS thread; rejects with InspectorError.
template <typename Result> class PromiseWorker : public Napi::AsyncWorker {
public:
  PromiseWorker(Napi::Env env, SessionObject *owner, Napi::Object receiver, std::function<Result()> body,
                std::function<Napi::Value(Napi::Env, Result &)> toJs, AbortLink abort)
      : Napi::AsyncWorker(env), deferred_(Napi::Promise::Deferred::New(env)), owner_(owner),
        keep_(Napi::Persistent(receiver)), body_(std::move(body)), toJs_(std::move(toJs)), abort_(std::move(abort)) {}
  void Execute() override {
    capture(failure_, [&] { result_ = body_(); });
  }
  void OnOK() override {
    Napi::Env env = Env();
    abort_.detach();
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
  AbortLink abort_; // the caller's AbortSignal, listened to until the call settles
  Result result_{};
  Failure failure_;
};

// Queues a PromiseWorker and returns its promise.
template <typename Result>
Napi::Value queue(Napi::Env env, SessionObject *owner, Napi::Object receiver, std::function<Result()> body,
                  std::function<Napi::Value(Napi::Env, Result &)> toJs, AbortLink abort = {}) {
  auto *w = new PromiseWorker<Result>(env, owner, receiver, std::move(body), std::move(toJs), std::move(abort));
  Napi::Promise p = w->promise();
  w->Queue();
  return p;
}

} // namespace

void SessionObject::Init(Napi::Env env, Napi::Object exports) {
  // index.cjs wraps the async methods to attach the caller's stack; they must be writable for that.
  constexpr auto kWrappable = static_cast<napi_property_attributes>(napi_writable | napi_configurable);
  Napi::Function ctor = DefineClass(
      env, "Session",
      {StaticMethod<&SessionObject::Open>("open", kWrappable),
       InstanceMethod<&SessionObject::Frame>("frame", kWrappable),
       InstanceMethod<&SessionObject::FrameBatch>("frameBatch", kWrappable),
       InstanceMethod<&SessionObject::FrameAtTime>("frameAtTime", kWrappable),
       InstanceMethod<&SessionObject::Show>("show", kWrappable),
       InstanceMethod<&SessionObject::Thumbnails>("thumbnails", kWrappable),
       InstanceMethod<&SessionObject::Preview>("preview", kWrappable),
       InstanceMethod<&SessionObject::ReadMemory>("readMemory", kWrappable),
       InstanceMethod<&SessionObject::LiveHandles>("liveHandles"), InstanceMethod<&SessionObject::Close>("close"),
       InstanceMethod<&SessionObject::SetLedger>("setLedger"), InstanceAccessor<&SessionObject::GetClosed>("closed"),
       InstanceAccessor<&SessionObject::GetInfo>("info")});
  gConstructor = Napi::Persistent(ctor);
  gConstructor.SuppressDestruct();
  exports.Set("Session", ctor);
}

SessionObject::SessionObject(const Napi::CallbackInfo &info) : Napi::ObjectWrap<SessionObject>(info) {
  if (info.Length() != 1 || !info[0].IsExternal()) {
    makeError(info.Env(), ErrorCode::InvalidArgument, "Session cannot be constructed directly",
              "Use Session.open(path, options).")
        .ThrowAsJavaScriptException();
    return;
  }
  // Taken, not shared: the External lives until it is collected, and a copy there would keep the decoder past close.
  core_ = std::move(*info[0].As<Napi::External<std::shared_ptr<Session>>>().Data());
  if (!core_) {
    makeError(info.Env(), ErrorCode::InvalidArgument, "Session cannot be constructed directly",
              "Use Session.open(path, options).")
        .ThrowAsJavaScriptException();
    return;
  }
  info_ = Napi::Persistent(streamInfoToJs(info.Env(), core_->info()).As<Napi::Object>());
}

SessionObject::~SessionObject() = default; // core_ released: decoder, frames and NVCV images go with it

Napi::Value SessionObject::Open(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsString() || info[0].As<Napi::String>().Utf8Value().empty()) {
    return rejectWith(env, invalidArgument(env, "path", "a non-empty string"));
  }
  DecoderOptions options;
  Napi::Error err;
  const Napi::Value given = info.Length() > 1 ? info[1] : env.Undefined();
  AbortLink abort;
  if (!readOpenOptions(env, given, options, &err) || !abort.attach(env, given, &err)) return rejectWith(env, err);
  const std::string path = info[0].As<Napi::String>().Utf8Value();
  if (abort.abortedBefore()) return rejectWith(env, cancelledBefore(env, "Opening " + path));
  const CancelFlag cancel = abort.flag();
  return queue<std::shared_ptr<Session>>(
      env, nullptr, Napi::Object::New(env),
      [path, options, cancel] { return std::make_shared<Session>(path, options, cancel); },
      [](Napi::Env e, std::shared_ptr<Session> &session) -> Napi::Value {
        auto *holder = new std::shared_ptr<Session>(std::move(session));
        auto ext = Napi::External<std::shared_ptr<Session>>::New(
            e, holder, [](Napi::Env, std::shared_ptr<Session> *p) { delete p; });
        return gConstructor.New({ext});
      },
      std::move(abort));
}

std::shared_ptr<Session> SessionObject::claimForFrame(Napi::Env env, const Napi::CallbackInfo &info,
                                                      const std::string &what, FrameRequest &req, AbortLink &abort,
                                                      Napi::Value *rejected) {
  Napi::Error err;
  const Napi::Value given = info.Length() > 1 ? info[1] : env.Undefined();
  if (!readFrameOptions(env, given, req, &err) || !abort.attach(env, given, &err)) {
    *rejected = rejectWith(env, err);
    return nullptr;
  }
  if (abort.abortedBefore()) {
    *rejected = rejectWith(env, cancelledBefore(env, what));
    return nullptr;
  }
  auto s = claim(env, rejected);
  if (!s) {
    abort.detach();
    return nullptr;
  }
  req.cancel = abort.flag();
  return s;
}

std::shared_ptr<Session> SessionObject::claim(Napi::Env env, Napi::Value *rejected) {
  if (!core_) {
    *rejected = rejectWith(env, makeError(env, ErrorCode::Closed, "This session is closed", "Open the file again."));
    return nullptr;
  }
  if (busy_) {
    *rejected = rejectWith(env, makeError(env, ErrorCode::Busy, "This session is still working on the previous call",
                                          "Wait for the previous call's promise before the next call."));
    return nullptr;
  }
  busy_ = true;
  return core_;
}

Napi::Value SessionObject::Frame(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  int64_t index = 0;
  if (!readFrameIndex(info, index)) return rejectWith(env, invalidArgument(env, "index", "an integer >= 0"));
  FrameRequest req;
  AbortLink abort;
  Napi::Value rejected;
  auto s = claimForFrame(env, info, "Decoding frame " + std::to_string(index), req, abort, &rejected);
  if (!s) return rejected;
  return queue<FrameEvidence>(
      env, this, Value(), [s, index, req] { return s->frame(index, req); }, frameReportToJs, std::move(abort));
}

namespace {

// One frame of a frameBatch() call: its report, or why that frame failed (the others go on).
struct BatchEntry {
  std::optional<FrameEvidence> report;
  Failure failure;
};

// info[0] as a list of 1 to kFramesPerCallMax display indices.
bool readFrameIndices(const Napi::CallbackInfo &info, std::vector<int64_t> &indices) {
  if (info.Length() < 1 || !info[0].IsArray()) return false;
  const Napi::Array a = info[0].As<Napi::Array>();
  if (a.Length() < 1 || a.Length() > static_cast<uint32_t>(kFramesPerCallMax)) return false;
  for (uint32_t i = 0; i < a.Length(); ++i) {
    const Napi::Value v = a.Get(i);
    if (!v.IsNumber()) return false;
    const double d = v.As<Napi::Number>().DoubleValue();
    if (!(d >= 0) || d > 9007199254740991.0 || d != std::trunc(d)) return false;
    indices.push_back(static_cast<int64_t>(d));
  }
  return true;
}

} // namespace

Napi::Value SessionObject::FrameBatch(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  std::vector<int64_t> indices;
  if (!readFrameIndices(info, indices)) {
    return rejectWith(env, invalidArgument(env, "indices",
                                           "an array of 1 to " + std::to_string(kFramesPerCallMax) + " integers >= 0"));
  }
  FrameRequest req;
  AbortLink abort;
  Napi::Value rejected;
  auto s = claimForFrame(env, info, "Decoding a batch of " + std::to_string(indices.size()) + " frames", req, abort,
                         &rejected);
  if (!s) return rejected;
  return queue<std::vector<BatchEntry>>(
      env, this, Value(),
      [s, indices, req] {
        // The frames one after another on this worker thread: no hop back to JS between them. A frame that fails
        // keeps its error and the next one is decoded; a cancel ends the call.
        std::vector<BatchEntry> out(indices.size());
        for (size_t i = 0; i < indices.size(); ++i) {
          try {
            out[i].report = s->frame(indices[i], req);
          } catch (const zci::Error &e) {
            if (e.code() == ErrorCode::Cancelled) throw;
            out[i].failure = {true, e.code(), e.what(), e.remedy()};
          }
        }
        return out;
      },
      [](Napi::Env e, std::vector<BatchEntry> &entries) -> Napi::Value {
        Napi::Array a = Napi::Array::New(e, entries.size());
        for (size_t i = 0; i < entries.size(); ++i) {
          const BatchEntry &entry = entries[i];
          a.Set(static_cast<uint32_t>(i),
                entry.report ? frameReportToJs(e, *entry.report)
                             : makeError(e, entry.failure.code, entry.failure.message, entry.failure.remedy).Value());
        }
        return a;
      },
      std::move(abort));
}

Napi::Value SessionObject::Show(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  int64_t index = 0;
  if (!readFrameIndex(info, index)) return rejectWith(env, invalidArgument(env, "index", "an integer >= 0"));
  ShowRequest req;
  Napi::Error err;
  if (info.Length() > 1 && info[1].IsObject()) {
    const Napi::Object o = info[1].As<Napi::Object>();
    const Napi::Value width = o.Get("thumbnailWidth");
    if (!width.IsUndefined() && !readThumbnailWidth(env, width, "options.thumbnailWidth", req.thumbnailWidth, &err))
      return rejectWith(env, err);
    const Napi::Value preview = o.Get("preview");
    if (!preview.IsUndefined()) {
      PreviewRequest p;
      if (!readPreviewOptions(env, preview, p, &err)) return rejectWith(env, err);
      req.preview = p;
    }
    const Napi::Value fallback = o.Get("fallbackToReference");
    if (!fallback.IsUndefined()) {
      if (!fallback.IsBoolean())
        return rejectWith(env, invalidArgument(env, "options.fallbackToReference", "a boolean"));
      req.fallbackToReference = fallback.As<Napi::Boolean>().Value();
    }
  }
  AbortLink abort;
  Napi::Value rejected;
  auto s = claimForFrame(env, info, "Decoding frame " + std::to_string(index), req.frame, abort, &rejected);
  if (!s) return rejected;
  return queue<ShowResult>(
      env, this, Value(), [s, index, req] { return s->show(index, req); }, showToJs, std::move(abort));
}

Napi::Value SessionObject::FrameAtTime(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsNumber() || !(info[0].As<Napi::Number>().DoubleValue() >= 0)) {
    return rejectWith(env, invalidArgument(env, "seconds", "a finite number >= 0"));
  }
  const double seconds = info[0].As<Napi::Number>().DoubleValue();
  if (seconds > 1e12) return rejectWith(env, invalidArgument(env, "seconds", "a finite number >= 0"));
  FrameRequest req;
  AbortLink abort;
  Napi::Value rejected;
  auto s = claimForFrame(env, info, "Decoding the frame at " + std::to_string(seconds) + " s", req, abort, &rejected);
  if (!s) return rejected;
  return queue<FrameEvidence>(
      env, this, Value(), [s, seconds, req] { return s->frameAtTime(seconds, req); }, frameReportToJs,
      std::move(abort));
}

Napi::Value SessionObject::Thumbnails(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  int maxWidth = 0;
  Napi::Error err;
  if (!readThumbnailWidth(env, info.Length() > 0 ? info[0] : env.Undefined(), "maxWidth", maxWidth, &err)) {
    return rejectWith(env, err);
  }
  Napi::Value rejected;
  auto s = claim(env, &rejected);
  if (!s) return rejected;
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
      env, this, Value(), [s, req] { return s->preview(req); }, standalonePreviewToJs);
}

Napi::Value SessionObject::ReadMemory(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  MemoryRange range;
  std::optional<int64_t> index;
  Napi::Error err;
  const Napi::Value options = info.Length() > 1 ? info[1] : env.Undefined();
  AbortLink abort;
  if (!readMemoryRange(env, info.Length() > 0 ? info[0] : env.Undefined(), range, &err) ||
      !readMemoryOptions(env, options, index, &err) || !abort.attach(env, options, &err)) {
    return rejectWith(env, err);
  }
  if (abort.abortedBefore()) return rejectWith(env, cancelledBefore(env, "Reading the frame's memory"));
  Napi::Value rejected;
  auto s = claim(env, &rejected);
  if (!s) {
    abort.detach();
    return rejected;
  }
  const CancelFlag cancel = abort.flag();
  return queue<MemoryReadResult>(
      env, this, Value(), [s, index, range, cancel] { return s->readMemory(index, range, cancel); }, memoryReadToJs,
      std::move(abort));
}

Napi::Value SessionObject::LiveHandles(const Napi::CallbackInfo &info) {
  return Napi::Number::New(info.Env(), core_ ? core_->liveHandles() : 0);
}

Napi::Value SessionObject::SetLedger(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsBoolean()) {
    invalidArgument(env, "on", "a boolean").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  if (!core_) {
    makeError(env, ErrorCode::Closed, "This session is closed", "Open the file again.").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  if (busy_) {
    makeError(env, ErrorCode::Busy, "This session is still working on the previous call",
              "Wait for the previous call's promise, then switch the ledger.")
        .ThrowAsJavaScriptException();
    return env.Undefined();
  }
  return Napi::Boolean::New(env, core_->setLedger(info[0].As<Napi::Boolean>().Value()));
}

namespace {

// Destroys a closed session on a worker thread: the decoder, its NVDEC surfaces and the held frames go without
// holding up the JS thread (a backend that replaces one file with the next answers the new open first).
class ReleaseWorker : public Napi::AsyncWorker {
public:
  ReleaseWorker(Napi::Env env, std::shared_ptr<Session> session)
      : Napi::AsyncWorker(env), session_(std::move(session)) {}
  void Execute() override { session_.reset(); }

private:
  std::shared_ptr<Session> session_;
};

} // namespace

Napi::Value SessionObject::Close(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  bool background = false;
  if (info.Length() > 0 && !info[0].IsUndefined()) {
    const Napi::Value v = info[0].IsObject() ? info[0].As<Napi::Object>().Get("background") : info[0];
    if (!v.IsUndefined() && !v.IsBoolean()) {
      invalidArgument(env, "options", "{ background?: boolean }").ThrowAsJavaScriptException();
      return env.Undefined();
    }
    background = v.IsBoolean() && v.As<Napi::Boolean>().Value();
  }
  // A call in flight keeps its own reference; the session is destroyed when that call ends.
  if (background && core_) (new ReleaseWorker(env, std::move(core_)))->Queue();
  core_.reset();
  return env.Undefined();
}

Napi::Value SessionObject::GetClosed(const Napi::CallbackInfo &info) {
  return Napi::Boolean::New(info.Env(), !core_);
}

Napi::Value SessionObject::GetInfo(const Napi::CallbackInfo &info) {
  return info_.IsEmpty() ? info.Env().Undefined() : info_.Value();
}

} // namespace zci::binding
