#include "session_object.h"

#include "abort_link.h"
#include "addon_data.h"
#include "errors.h"
#include "from_js.h"
#include "promise_worker.h"
#include "to_js.h"

#include "common/error.h"
#include "session/session.h"

#include <cmath>
#include <functional>
#include <optional>
#include <vector>

namespace zci::binding {

void SessionObject::Init(Napi::Env env, Napi::Object exports) {
  // index.cjs wraps this class in its own JS Session class (which adds the caller's stack to rejections).
  Napi::Function ctor = DefineClass(
      env, "NativeSession",
      {StaticMethod<&SessionObject::Open>("open"), InstanceMethod<&SessionObject::Show>("show"),
       InstanceMethod<&SessionObject::ShowBatch>("showBatch"), InstanceMethod<&SessionObject::ReadMemory>("readMemory"),
       InstanceMethod<&SessionObject::ReadMemoryBatch>("readMemoryBatch"),
       InstanceMethod<&SessionObject::LiveHandles>("liveHandles"), InstanceMethod<&SessionObject::Close>("close"),
       InstanceMethod<&SessionObject::SetLedger>("setLedger"), InstanceAccessor<&SessionObject::GetClosed>("closed"),
       InstanceAccessor<&SessionObject::GetInfo>("info")});
  addonData(env).sessionClass = Napi::Persistent(ctor);
  exports.Set("NativeSession", ctor);
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
      env, Napi::Object::New(env), [path, options, cancel] { return std::make_shared<Session>(path, options, cancel); },
      [](Napi::Env e, std::shared_ptr<Session> &session) -> Napi::Value {
        auto *holder = new std::shared_ptr<Session>(std::move(session));
        auto ext = Napi::External<std::shared_ptr<Session>>::New(
            e, holder, [](Napi::Env, std::shared_ptr<Session> *p) { delete p; });
        return addonData(e).sessionClass.New({ext});
      },
      std::move(abort));
}

std::shared_ptr<Session> SessionObject::claimForShow(Napi::Env env, const Napi::CallbackInfo &info,
                                                     const std::string &what, ShowRequest &req, AbortLink &abort,
                                                     Napi::Value *rejected) {
  Napi::Error err;
  const Napi::Value given = info.Length() > 1 ? info[1] : env.Undefined();
  if (!readShowOptions(env, given, req, &err) || !abort.attach(env, given, &err)) {
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
  req.frame.cancel = abort.flag();
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

Napi::Value SessionObject::Show(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  FrameTarget target;
  Napi::Error err;
  if (!readShowTarget(env, info.Length() > 0 ? info[0] : env.Undefined(), "target", target, &err))
    return rejectWith(env, err);
  ShowRequest req;
  AbortLink abort;
  Napi::Value rejected;
  const std::string what = target.byTime ? "Decoding the frame at " + std::to_string(target.seconds) + " s"
                                         : "Decoding frame " + std::to_string(target.index);
  auto s = claimForShow(env, info, what, req, abort, &rejected);
  if (!s) return rejected;
  return queue<ShowResult>(
      env, Value(), [s, target, req] { return s->show(target, req); }, showToJs, std::move(abort), settled());
}

namespace {

// One frame of a showBatch() call: its answer, or why that frame failed (the others go on).
struct BatchEntry {
  std::optional<ShowResult> shown;
  Failure failure;
};

} // namespace

Napi::Value SessionObject::ShowBatch(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  std::vector<FrameTarget> targets;
  Napi::Error err;
  if (!readShowTargets(env, info.Length() > 0 ? info[0] : env.Undefined(), targets, &err)) return rejectWith(env, err);
  ShowRequest req;
  AbortLink abort;
  Napi::Value rejected;
  auto s = claimForShow(env, info, "Decoding a batch of " + std::to_string(targets.size()) + " frames", req, abort,
                        &rejected);
  if (!s) return rejected;
  return queue<std::vector<BatchEntry>>(
      env, Value(),
      [s, targets, req] {
        // The frames one after another on this worker thread: no hop back to JS between them. A frame that fails
        // keeps its error and the next one is shown; a cancel ends the call.
        std::vector<BatchEntry> out(targets.size());
        for (size_t i = 0; i < targets.size(); ++i) {
          try {
            out[i].shown = s->show(targets[i], req);
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
                entry.shown ? showToJs(e, *entry.shown)
                            : makeError(e, entry.failure.code, entry.failure.message, entry.failure.remedy).Value());
        }
        return a;
      },
      std::move(abort), settled());
}

std::shared_ptr<Session> SessionObject::claimForMemory(Napi::Env env, const Napi::CallbackInfo &info,
                                                       const RangeReader &readRanges, int64_t &index, AbortLink &abort,
                                                       Napi::Value *rejected) {
  Napi::Error err;
  const Napi::Value options = info.Length() > 1 ? info[1] : env.Undefined();
  if (!readRanges(info.Length() > 0 ? info[0] : env.Undefined(), &err) ||
      !readMemoryOptions(env, options, index, &err) || !abort.attach(env, options, &err)) {
    *rejected = rejectWith(env, err);
    return nullptr;
  }
  if (abort.abortedBefore()) {
    *rejected = rejectWith(env, cancelledBefore(env, "Reading the frame's memory"));
    return nullptr;
  }
  auto s = claim(env, rejected);
  if (!s) abort.detach();
  return s;
}

Napi::Value SessionObject::ReadMemory(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  MemoryRange range;
  int64_t index = 0;
  AbortLink abort;
  Napi::Value rejected;
  auto s = claimForMemory(
      env, info, [&](Napi::Value v, Napi::Error *err) { return readMemoryRange(env, v, range, err); }, index, abort,
      &rejected);
  if (!s) return rejected;
  const CancelFlag cancel = abort.flag();
  return queue<MemoryReadResult>(
      env, Value(), [s, index, range, cancel] { return s->readMemory(index, range, cancel); }, memoryReadToJs,
      std::move(abort), settled());
}

Napi::Value SessionObject::ReadMemoryBatch(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  std::vector<MemoryRange> ranges;
  int64_t index = 0;
  AbortLink abort;
  Napi::Value rejected;
  auto s = claimForMemory(
      env, info, [&](Napi::Value v, Napi::Error *err) { return readMemoryRanges(env, v, ranges, err); }, index, abort,
      &rejected);
  if (!s) return rejected;
  const CancelFlag cancel = abort.flag();
  return queue<std::vector<MemoryReadResult>>(
      env, Value(), [s, index, ranges, cancel] { return s->readMemoryBatch(index, ranges, cancel); },
      [](Napi::Env e, std::vector<MemoryReadResult> &reads) -> Napi::Value {
        Napi::Array a = Napi::Array::New(e, reads.size());
        for (size_t i = 0; i < reads.size(); ++i)
          a.Set(static_cast<uint32_t>(i), memoryReadToJs(e, reads[i]));
        return a;
      },
      std::move(abort), settled());
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
