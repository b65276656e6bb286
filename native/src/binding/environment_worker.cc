#include "environment_worker.h"

#include "promise_worker.h"
#include "to_js.h"

#include "gpu/cuda_device.h"
#include "gpu/cuda_driver.h"

#include <string>

namespace zci::binding {
namespace {

class EnvironmentWorker : public Napi::AsyncWorker {
public:
  EnvironmentWorker(Napi::Env env, const EnvironmentJob &job, GatherEnvironment gather)
      : Napi::AsyncWorker(env), deferred_(Napi::Promise::Deferred::New(env)), job_(job), gather_(gather) {}
  void Execute() override {
    capture(failure_, [&] { gather(); });
    // The failure goes to OnError, on the JS thread, which rejects the promise.
    if (failure_.failed) SetError(failure_.message);
  }
  void OnOK() override {
    Napi::Env env = Env();
    if (!job_.warm) {
      deferred_.Resolve(environmentToJs(env, report_));
      return;
    }
    Napi::Object o = Napi::Object::New(env);
    o.Set("cuda", cudaWarm_);
    o.Set("nvcv", report_.nvcv.loaded);
    o.Set("cvcuda", report_.cvcuda.loaded);
    o.Set("reason", reason_);
    deferred_.Resolve(o);
  }
  // A probe that threw rejects the promise: a failed probe must not leave its caller waiting for ever.
  void OnError(const Napi::Error &) override {
    deferred_.Reject(makeError(Env(), failure_.code, failure_.message, failure_.remedy).Value());
  }
  Napi::Promise promise() { return deferred_.Promise(); }

private:
  void gather() {
    // Without the libraries, only the context: a command line starts it before anything else, and loads NVCV and
    // CV-CUDA on another thread meanwhile.
    std::string why;
    if (job_.libraries) report_ = gather_(job_.nvdecTable);
    if (!job_.warm) return;
    const int devices = job_.libraries ? report_.cuda.deviceCount : cuda::deviceCount(&why);
    const std::string device = std::to_string(job_.device);
    if (devices > job_.device) {
      cudaWarm_ = keepPrimaryContextWarm(job_.device, &why);
      reason_ = cudaWarm_ ? "the primary context of device " + device + " is kept for every open" : why;
    } else {
      reason_ = "no CUDA device " + device + ": nothing to keep warm" + (why.empty() ? "" : " (" + why + ")");
    }
  }

  Napi::Promise::Deferred deferred_;
  EnvironmentJob job_;
  GatherEnvironment gather_;
  EnvironmentReport report_;
  bool cudaWarm_ = false;
  std::string reason_;
  Failure failure_;
};

} // namespace

Napi::Promise queueEnvironment(Napi::Env env, const EnvironmentJob &job, GatherEnvironment gather) {
  auto *w = new EnvironmentWorker(env, job, gather);
  Napi::Promise p = w->promise();
  w->Queue();
  return p;
}

} // namespace zci::binding
