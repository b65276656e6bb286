// compareDecoders(path, options): the decoder comparison through the binding's one argument edge (from_js.h), its
// one worker (promise_worker.h) and its one serializer (to_js.h).
#include "compare_call.h"

#include "abort_link.h"
#include "errors.h"
#include "from_js.h"
#include "promise_worker.h"
#include "to_js.h"

#include "compare/decoder_compare.h"

#include <string>
#include <utility>

namespace zci::binding {

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
  const CancelFlag cancel = abort.flag();
  return queue<CompareResult>(
      env, Napi::Object::New(env), [path, request, cancel] { return compareDecoders(path, request, cancel); },
      compareResultToJs, std::move(abort));
}

} // namespace zci::binding
