// The one serializer of the seam: the core's C++ values become JS objects here, built directly with Node-API.
#pragma once

#include "environment.h"
#include "evidence.h"
#include "nvcv_abi_check.h"
#include "session.h"

#include <napi.h>

#include <vector>

namespace zci::binding {

/// FrameReport (electron/common/report.ts); 64-bit addresses as "0x…" strings.
Napi::Value frameReportToJs(Napi::Env env, const FrameEvidence &e);

/// StreamInfo (electron/common/report.ts).
Napi::Value streamInfoToJs(Napi::Env env, const StreamInfo &info);

/// EnvironmentReport (electron/common/environment.ts).
Napi::Value environmentToJs(Napi::Env env, const EnvironmentReport &r);

/// { loaded, checks: [{ name, expected, actual, ok }] }.
Napi::Value abiCheckToJs(Napi::Env env, const AbiCheckReport &r);

/// PlaneThumbnail[]; the bytes are copied into JS-owned memory.
Napi::Value thumbnailsToJs(Napi::Env env, const std::vector<Thumbnail> &thumbs);

/// PreviewResult; the pictures are copied into JS-owned memory.
/// A preview; a standalone one (Session.preview) carries its ledger, one inside show's answer does not (show's own
/// does).
Napi::Value previewToJs(Napi::Env env, const PreviewResult &r, bool withLedger);
/// Session.preview's answer: the preview with its ledger.
Napi::Value standalonePreviewToJs(Napi::Env env, const PreviewResult &r);

/// { report, thumbnails | null, preview | null, previewError: { code, message, remedy } | null }.
Napi::Value showToJs(Napi::Env env, const ShowResult &r);

/// MemoryRead (electron/common/memory.ts) with the bytes as a Uint8Array copied into JS-owned memory.
Napi::Value memoryReadToJs(Napi::Env env, const MemoryReadResult &r);

/// The names the addon accepts and reports: every option's values, the error and warning codes, the thumbnail
/// width bounds, the memory regions and the cap of one memory read.
Napi::Value vocabularyToJs(Napi::Env env);

} // namespace zci::binding
