#include "abort_link.h"

#include "errors.h"

#include <atomic>
#include <memory>

namespace zci::binding {

bool AbortLink::attach(Napi::Env env, Napi::Value options, Napi::Error *err) {
  if (!options.IsObject()) return true; // the options reader refuses what is neither an object nor absent
  const Napi::Value v = options.As<Napi::Object>().Get("signal");
  if (v.IsUndefined()) return true;
  const Napi::Value ctor = env.Global().Get("AbortSignal");
  if (!v.IsObject() || !ctor.IsFunction() || !v.As<Napi::Object>().InstanceOf(ctor.As<Napi::Function>())) {
    *err = invalidArgument(env, "options.signal", "an AbortSignal");
    return false;
  }
  Napi::Object signal = v.As<Napi::Object>();
  if (signal.Get("aborted").ToBoolean().Value()) {
    abortedBefore_ = true;
    return true;
  }
  flag_ = std::make_shared<std::atomic<bool>>(false);
  const CancelFlag flag = flag_;
  Napi::Function listener = Napi::Function::New(
      env, [flag](const Napi::CallbackInfo &) { flag->store(true); }, "onAbort");
  signal.Get("addEventListener").As<Napi::Function>().Call(signal, {Napi::String::New(env, "abort"), listener});
  signal_ = Napi::Persistent(signal);
  listener_ = Napi::Persistent(listener);
  return true;
}

void AbortLink::detach() {
  if (signal_.IsEmpty()) return;
  Napi::Env env = signal_.Env();
  Napi::HandleScope scope(env);
  Napi::Object signal = signal_.Value();
  const Napi::Value remove = signal.Get("removeEventListener");
  if (remove.IsFunction()) {
    remove.As<Napi::Function>().Call(signal, {Napi::String::New(env, "abort"), listener_.Value()});
  }
  signal_.Reset();
  listener_.Reset();
}

Napi::Error cancelledBefore(Napi::Env env, const std::string &what) {
  return makeError(env, ErrorCode::Cancelled, what + " was cancelled before it began",
                   "Nothing to fix: the caller aborted the call. Call again to retry.");
}

} // namespace zci::binding
