// The environment probe and the warm-up on a worker thread: their first call loads NVCV and CV-CUDA (libcvcuda is
// about 190 MB), which must not stall the JS thread of a process that serves a window. A probe that throws rejects
// its promise with an InspectorError (its code and remedy); it never leaves its caller waiting.
#pragma once

#include "gpu/environment.h"

#include <napi.h>

namespace zci::binding {

/// What the worker gathers: the environment report, with or without the whole NVDEC table (environmentReport).
using GatherEnvironment = EnvironmentReport (*)(bool nvdecTable);

/// One probe: environmentAsync (warm false) answers the report; warmUp (warm true) keeps device's primary context
/// and answers { cuda, nvcv, cvcuda, reason }, loading the libraries first unless libraries is false.
struct EnvironmentJob {
  bool warm = false;
  int device = 0;
  bool libraries = true;
  bool nvdecTable = true;
};

/// Queues the job on a worker thread and returns its promise.
Napi::Promise queueEnvironment(Napi::Env env, const EnvironmentJob &job, GatherEnvironment gather);

} // namespace zci::binding
