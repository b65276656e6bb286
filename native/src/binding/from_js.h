// JS call options become the core's requests here: each name becomes its enum value once, or INVALID_ARGUMENT.
#pragma once

#include "compare/decoder_compare.h"
#include "session/session.h"

#include <napi.h>

namespace zci::binding {

/// A call's device argument (warmUp, nvdecEngines): absent or undefined is device 0, else an integer 0..63; false with
/// *err set otherwise.
bool readDeviceArgument(Napi::Env env, const Napi::Value &v, int &device, Napi::Error *err);

/// OpenOptions -> DecoderOptions; false with *err set when malformed. Undefined and null mean the defaults.
bool readOpenOptions(Napi::Env env, Napi::Value v, DecoderOptions &out, Napi::Error *err);

/// FrameOptions -> FrameRequest; false with *err set when malformed.
bool readFrameOptions(Napi::Env env, Napi::Value v, FrameRequest &out, Napi::Error *err);

/// PreviewOptions -> PreviewRequest; false with *err set when malformed.
bool readPreviewOptions(Napi::Env env, Napi::Value v, PreviewRequest &out, Napi::Error *err);

/// A memory range ({plane, row, rows, byteStart?, byteCount?} or {offset, length}) -> MemoryRange; false with *err
/// naming the member when malformed or out of contract/memory.ts's bounds.
bool readMemoryRange(Napi::Env env, Napi::Value v, MemoryRange &out, Napi::Error *err,
                     const std::string &what = "range");

/// readMemoryBatch's ranges: 1..kMemoryReadsPerCall memory ranges, each named ranges[i] in messages.
bool readMemoryRanges(Napi::Env env, Napi::Value v, std::vector<MemoryRange> &out, Napi::Error *err);

/// ReadMemoryOptions' index (a held frame; required); false with *err set when absent or malformed.
bool readMemoryOptions(Napi::Env env, Napi::Value v, int64_t &index, Napi::Error *err);

/// A ShowTarget ({index} or {seconds}, exactly one) -> FrameTarget; what names it in messages.
bool readShowTarget(Napi::Env env, Napi::Value v, const char *what, FrameTarget &out, Napi::Error *err);

/// showBatch's targets: 1..kFramesPerCallMax ShowTargets.
bool readShowTargets(Napi::Env env, Napi::Value v, std::vector<FrameTarget> &out, Napi::Error *err);

/// ShowOptions (proof, thumbnailWidth, previews, fallbackToReference) -> ShowRequest; its signal is AbortLink's.
bool readShowOptions(Napi::Env env, Napi::Value v, ShowRequest &out, Napi::Error *err);

/// compareDecoders' options -> CompareRequest; false with *err set when malformed.
bool readCompareOptions(Napi::Env env, const Napi::Value &given, CompareRequest &r, Napi::Error *err);

/// A thumbnail width, an integer in kThumbnailWidthMin..kThumbnailWidthMax; false with *err set otherwise.
bool readThumbnailWidth(Napi::Env env, Napi::Value v, const char *what, int &out, Napi::Error *err);

} // namespace zci::binding
