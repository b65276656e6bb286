// The one serializer of the seam: the core's C++ values become JS objects here, built directly with Node-API.
#pragma once

#include "compare/decoder_compare.h"
#include "gpu/environment.h"
#include "evidence/evidence.h"
#include "nvcv/nvcv_abi_check.h"
#include "session/session.h"

#include <napi.h>

#include <vector>

namespace zci::binding {

/// FrameReport (contract/report.ts); 64-bit addresses as "0x…" strings.
Napi::Value frameReportToJs(Napi::Env env, const FrameEvidence &e);

/// StreamInfo (contract/report.ts).
Napi::Value streamInfoToJs(Napi::Env env, const StreamInfo &info);

/// EnvironmentReport (contract/environment.ts).
Napi::Value environmentToJs(Napi::Env env, const EnvironmentReport &r);

/// { loaded, checks: [{ name, expected, actual, ok }] }.
Napi::Value abiCheckToJs(Napi::Env env, const AbiCheckReport &r);

/// PlaneThumbnail[]; the bytes are copied into JS-owned memory.
Napi::Value thumbnailsToJs(Napi::Env env, const std::vector<Thumbnail> &thumbs);

/// PreviewResult; the pictures are copied into JS-owned memory. Its ledger is the show() answer's.
Napi::Value previewToJs(Napi::Env env, const PreviewResult &r);

/// Ledger (contract/ledger.ts): the copies of one call, by stage.
Napi::Value ledgerToJs(Napi::Env env, const Ledger &l);

/// ShowResult: { report, thumbnails | null, previews: [{ result | null, error | null }], ledger }.
Napi::Value showToJs(Napi::Env env, const ShowResult &r);

/// DecoderCompareResult (contract/decoder-compare.ts).
Napi::Value compareResultToJs(Napi::Env env, const CompareResult &r);

/// MemoryRead (contract/memory.ts) with the bytes as a Uint8Array copied into JS-owned memory.
Napi::Value memoryReadToJs(Napi::Env env, const MemoryReadResult &r);

/// The names the addon accepts and reports: every option's values, the error and warning codes, the thumbnail
/// width bounds, the memory regions and the cap of one memory read.
Napi::Value vocabularyToJs(Napi::Env env);

} // namespace zci::binding
