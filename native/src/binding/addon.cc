// Module entry: environment(), warmUp(), nvdecEngines(), prestart(), vocabulary(), setLibraryPath(), setErrorClass(),
// compareDecoders() and the Session class.
#include "addon_data.h"
#include "compare_call.h"
#include "environment_worker.h"
#include "errors.h"
#include "from_js.h"
#include "nvdec_engines_call.h"
#include "promise_worker.h"
#include "session_object.h"
#include "to_js.h"

#include "gpu/environment.h"
#include "gpu/decoder_pool.h"
#include "nvcv/nvcv_abi_check.h"
#include "nvcv/nvcv_loader.h"
#include "nvcv/wrap.h"

#include <napi.h>

#include <cstdio>
#include <dlfcn.h>
#include <optional>
#include <unistd.h>

namespace zci::binding {

constexpr const char *kAddonVersion = "0.1.0";

// environment(options) and environmentAsync(options): { nvdecCaps?: boolean } says whether to ask the driver for the
// whole NVDEC capability table (true unless false is given); anything else is refused.
std::optional<bool> nvdecTableOption(const Napi::CallbackInfo &info) {
  if (info.Length() == 0 || info[0].IsUndefined()) return true;
  if (!info[0].IsObject()) return std::nullopt;
  const Napi::Value v = info[0].As<Napi::Object>().Get("nvdecCaps");
  if (v.IsUndefined()) return true;
  if (!v.IsBoolean()) return std::nullopt;
  return v.As<Napi::Boolean>().Value();
}

Napi::Value Environment(const Napi::CallbackInfo &info) {
  const std::optional<bool> table = nvdecTableOption(info);
  if (!table) {
    invalidArgument(info.Env(), "options", "{ nvdecCaps?: boolean }").ThrowAsJavaScriptException();
    return info.Env().Undefined();
  }
  return environmentToJs(info.Env(), environmentReport(kAddonVersion, *table));
}

// The addon's own probe, as the environment worker gathers it.
EnvironmentReport gatherEnvironment(bool nvdecTable) {
  return environmentReport(kAddonVersion, nvdecTable);
}

Napi::Value EnvironmentAsync(const Napi::CallbackInfo &info) {
  const std::optional<bool> table = nvdecTableOption(info);
  if (!table) {
    auto deferred = Napi::Promise::Deferred::New(info.Env());
    deferred.Reject(invalidArgument(info.Env(), "options", "{ nvdecCaps?: boolean }").Value());
    return deferred.Promise();
  }
  return queueEnvironment(info.Env(), {false, 0, true, *table}, gatherEnvironment);
}

Napi::Value WarmUp(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  int device = 0;
  Napi::Error err;
  if (!readDeviceArgument(env, info.Length() > 0 ? info[0] : env.Undefined(), device, &err))
    return rejectWith(env, err);
  bool libraries = true;
  if (info.Length() > 1 && !info[1].IsUndefined()) {
    const Napi::Value v = info[1].IsObject() ? info[1].As<Napi::Object>().Get("libraries") : info[1];
    if (!v.IsUndefined() && !v.IsBoolean()) {
      auto deferred = Napi::Promise::Deferred::New(env);
      deferred.Reject(invalidArgument(env, "options", "{ libraries?: boolean }").Value());
      return deferred.Promise();
    }
    if (v.IsBoolean()) libraries = v.As<Napi::Boolean>().Value();
  }
  return queueEnvironment(env, {true, device, libraries, false}, gatherEnvironment);
}

// Ends the process at once (_exit): no destructors, no atexit teardown of FFmpeg, CUDA or NVCV. The driver reclaims
// an ending process's contexts, decoders and memory; a command line whose output is written calls it to skip the
// orderly teardown. C stdio is flushed first; Node's own writes to files and pipes are synchronous on Linux.
Napi::Value ExitProcess(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const double code = info.Length() > 0 && info[0].IsNumber() ? info[0].As<Napi::Number>().DoubleValue() : -1;
  if (!(code >= 0 && code <= 255 && code == static_cast<int>(code))) {
    invalidArgument(env, "code", "an integer 0..255").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  std::fflush(nullptr);
  _exit(static_cast<int>(code));
}

// What the prestart library (native/src/prestart/prestart.h), when bin/zerocopy-inspector preloaded it, did in this
// process: its device and its marks, CLOCK_MONOTONIC milliseconds; null without the library.
Napi::Value Prestart(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  using StateFn = int (*)(int *, long long *, long long *);
  const auto state = reinterpret_cast<StateFn>(dlsym(RTLD_DEFAULT, "zci_prestart_state"));
  if (!state) return env.Null();
  int device = -1;
  long long driverNs = 0, contextNs = 0;
  const bool started = state(&device, &driverNs, &contextNs) != 0;
  const auto ms = [&](long long ns) { return ns > 0 ? Napi::Number::New(env, ns / 1e6) : env.Null(); };
  Napi::Object result = Napi::Object::New(env);
  result.Set("device", started ? Napi::Number::New(env, device) : env.Null());
  result.Set("driverMs", ms(driverNs));
  result.Set("contextMs", ms(contextNs));
  return result;
}

Napi::Value Vocabulary(const Napi::CallbackInfo &info) {
  return vocabularyToJs(info.Env());
}

Napi::Value NvcvAbiCheck(const Napi::CallbackInfo &info) {
  return abiCheckToJs(info.Env(), nvcvAbiCheck());
}

Napi::Value NvcvLiveHandles(const Napi::CallbackInfo &info) {
  return Napi::Number::New(info.Env(), liveNvcvHandles());
}

Napi::Value SetLibraryPath(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !(info[0].IsString() || info[0].IsNull())) {
    invalidArgument(env, "path", "a string or null").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  zci::setLibraryPath(info[0].IsNull() ? "" : info[0].As<Napi::String>().Utf8Value());
  return env.Undefined();
}

Napi::Value SetErrorClass(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsFunction()) {
    Napi::TypeError::New(env, "setErrorClass expects a constructor").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  setErrorClass(info[0].As<Napi::Function>());
  return env.Undefined();
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  env.SetInstanceData(new AddonData()); // this environment's classes; deleted with it
  exports.Set("environment", Napi::Function::New<Environment>(env, "environment"));
  exports.Set("environmentAsync", Napi::Function::New<EnvironmentAsync>(env, "environmentAsync"));
  exports.Set("warmUp", Napi::Function::New<WarmUp>(env, "warmUp"));
  exports.Set("nvdecEngines", Napi::Function::New<NvdecEngines>(env, "nvdecEngines"));
  exports.Set("exitProcess", Napi::Function::New<ExitProcess>(env, "exitProcess"));
  exports.Set("prestart", Napi::Function::New<Prestart>(env, "prestart"));
  exports.Set("vocabulary", Napi::Function::New<Vocabulary>(env, "vocabulary"));
  exports.Set("setLibraryPath", Napi::Function::New<SetLibraryPath>(env, "setLibraryPath"));
  exports.Set("nvcvAbiCheck", Napi::Function::New<NvcvAbiCheck>(env, "nvcvAbiCheck"));
  exports.Set("nvcvLiveHandles", Napi::Function::New<NvcvLiveHandles>(env, "nvcvLiveHandles"));
  exports.Set("compareDecoders", Napi::Function::New<CompareDecoders>(env, "compareDecoders"));
  exports.Set("setErrorClass", Napi::Function::New<SetErrorClass>(env, "setErrorClass"));
  SessionObject::Init(env, exports);
  // An orderly exit destroys the decoders the NVDEC pool parked (exitProcess skips this, as it skips all teardown).
  env.AddCleanupHook([] { decoder_pool::releaseAll(); });
  return exports;
}

} // namespace zci::binding

static Napi::Object InitModule(Napi::Env env, Napi::Object exports) {
  return zci::binding::Init(env, exports);
}

NODE_API_MODULE(zerocopy_inspector, InitModule)
