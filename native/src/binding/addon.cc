// Module entry: environment(), vocabulary(), setLibraryPath(), setErrorClass() and the Session class.
#include "errors.h"
#include "session_object.h"
#include "to_js.h"

#include "environment.h"
#include "nvcv_abi_check.h"
#include "nvcv_loader.h"
#include "wrap.h"

#include <napi.h>

namespace zci::binding {

constexpr const char *kAddonVersion = "0.1.0";

Napi::Value Environment(const Napi::CallbackInfo &info) {
  return environmentToJs(info.Env(), environmentReport(kAddonVersion));
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
  exports.Set("environment", Napi::Function::New<Environment>(env, "environment"));
  exports.Set("vocabulary", Napi::Function::New<Vocabulary>(env, "vocabulary"));
  exports.Set("setLibraryPath", Napi::Function::New<SetLibraryPath>(env, "setLibraryPath"));
  exports.Set("nvcvAbiCheck", Napi::Function::New<NvcvAbiCheck>(env, "nvcvAbiCheck"));
  exports.Set("nvcvLiveHandles", Napi::Function::New<NvcvLiveHandles>(env, "nvcvLiveHandles"));
  exports.Set("setErrorClass", Napi::Function::New<SetErrorClass>(env, "setErrorClass"));
  SessionObject::Init(env, exports);
  return exports;
}

} // namespace zci::binding

static Napi::Object InitModule(Napi::Env env, Napi::Object exports) {
  return zci::binding::Init(env, exports);
}

NODE_API_MODULE(zerocopy_inspector, InitModule)
