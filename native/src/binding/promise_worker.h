// The one worker of the binding: a call's body runs on a worker thread, its result becomes JS on the JS thread, and
// a zci::Error (or anything else thrown) rejects the promise as an InspectorError. Session calls and the decoder
// comparison both go through it.
#pragma once

#include "abort_link.h"
#include "errors.h"

#include "common/error.h"

#include <napi.h>

#include <exception>
#include <functional>
#include <string>
#include <utility>

namespace zci::binding {

/// What a worker failed with, copied out of the exception on the worker thread.
struct Failure {
  bool failed = false;
  ErrorCode code = ErrorCode::Internal;
  std::string message, remedy;
};

/// Runs body, keeping what it throws in f.
template <typename F> void capture(Failure &f, F &&body) {
  try {
    body();
  } catch (const zci::Error &e) {
    f = {true, e.code(), e.what(), e.remedy()};
  } catch (const std::exception &e) {
    f = {true, ErrorCode::Internal, e.what(), "Report this with the file that caused it."};
  }
}

/// A promise already rejected with e.
inline Napi::Value rejectWith(Napi::Env env, const Napi::Error &e) {
  auto d = Napi::Promise::Deferred::New(env);
  d.Reject(e.Value());
  return d.Promise();
}

/// Runs body on a worker thread, then toJs on the JS thread; rejects with InspectorError. settled (may be empty)
/// runs on the JS thread before the promise settles; receiver stays alive while the call runs.
template <typename Result> class PromiseWorker : public Napi::AsyncWorker {
public:
  PromiseWorker(Napi::Env env, Napi::Object receiver, std::function<Result()> body,
                std::function<Napi::Value(Napi::Env, Result &)> toJs, AbortLink abort, std::function<void()> settled)
      : Napi::AsyncWorker(env), deferred_(Napi::Promise::Deferred::New(env)), keep_(Napi::Persistent(receiver)),
        body_(std::move(body)), toJs_(std::move(toJs)), abort_(std::move(abort)), settled_(std::move(settled)) {}
  void Execute() override {
    capture(failure_, [&] { result_ = body_(); });
  }
  void OnOK() override {
    Napi::Env env = Env();
    abort_.detach();
    if (settled_) settled_();
    if (failure_.failed) {
      deferred_.Reject(makeError(env, failure_.code, failure_.message, failure_.remedy).Value());
    } else {
      deferred_.Resolve(toJs_(env, result_));
    }
  }
  Napi::Promise promise() { return deferred_.Promise(); }

private:
  Napi::Promise::Deferred deferred_;
  Napi::ObjectReference keep_;
  std::function<Result()> body_;
  std::function<Napi::Value(Napi::Env, Result &)> toJs_;
  AbortLink abort_; // the caller's AbortSignal, listened to until the call settles
  std::function<void()> settled_;
  Result result_{};
  Failure failure_;
};

/// Queues a PromiseWorker and returns its promise.
template <typename Result>
Napi::Value queue(Napi::Env env, Napi::Object receiver, std::function<Result()> body,
                  std::function<Napi::Value(Napi::Env, Result &)> toJs, AbortLink abort = {},
                  std::function<void()> settled = {}) {
  auto *w =
      new PromiseWorker<Result>(env, receiver, std::move(body), std::move(toJs), std::move(abort), std::move(settled));
  Napi::Promise p = w->promise();
  w->Queue();
  return p;
}

} // namespace zci::binding
