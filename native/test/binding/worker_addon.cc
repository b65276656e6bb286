// A test addon over the binding's environment worker (native/src/binding/environment_worker.cc), built beside the
// C++ tests: it queues the addon's own worker with a probe that throws, so test/native/environment-worker.test.mjs
// holds that a probe which fails rejects environmentAsync's and warmUp's promise instead of leaving it pending. It is
// no part of the addon (zerocopy_inspector.node never contains it).
#include "addon_data.h"
#include "environment_worker.h"
#include "errors.h"

#include "common/error.h"

#include <napi.h>

#include <stdexcept>
#include <string>

namespace zci::binding {
namespace {

EnvironmentReport throwsInspectorError(bool) {
  throw Error(ErrorCode::CudaError, "The probe failed: the driver refused it (a fault the test plants)",
              "Check nvidia-smi.");
}

EnvironmentReport throwsStdException(bool) {
  throw std::runtime_error("The probe failed with a plain exception (a fault the test plants)");
}

EnvironmentReport answers(bool nvdecTable) {
  return environmentReport("test", nvdecTable);
}

// probe(fault, options): fault is 'inspector-error', 'std-exception' or 'none'; options { warm?, libraries? }.
Napi::Value Probe(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const std::string fault = info.Length() > 0 && info[0].IsString() ? info[0].As<Napi::String>().Utf8Value() : "";
  const GatherEnvironment gather = fault == "inspector-error" ? throwsInspectorError
                                   : fault == "std-exception" ? throwsStdException
                                   : fault == "none"          ? answers
                                                              : nullptr;
  if (!gather) {
    invalidArgument(env, "fault", "'inspector-error', 'std-exception' or 'none'").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  EnvironmentJob job;
  if (info.Length() > 1 && info[1].IsObject()) {
    const Napi::Object o = info[1].As<Napi::Object>();
    job.warm = o.Get("warm").ToBoolean().Value();
    job.libraries = o.Get("libraries").IsUndefined() || o.Get("libraries").ToBoolean().Value();
  }
  job.nvdecTable = false;
  return queueEnvironment(env, job, gather);
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  env.SetInstanceData(new AddonData());
  exports.Set("probe", Napi::Function::New<Probe>(env, "probe"));
  return exports;
}

} // namespace
} // namespace zci::binding

static Napi::Object InitModule(Napi::Env env, Napi::Object exports) {
  return zci::binding::Init(env, exports);
}

NODE_API_MODULE(zci_binding_tests, InitModule)
