// The evidence one frame's report is made of, as plain data: plane geometry, the allocation per the driver, NVCV's
// view, the canary, the decoder's surface, contexts, pool, placement and damage. The core's rooms that gather it and
// the binding that turns it into a FrameReport (contract/report.ts) all read these types.
#pragma once

#include "frame/pixel_layout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zci {

/// A plane's own allocation, when it lies apart from plane 0's.
struct PlaneAllocation {
  uint64_t start = 0;
  int64_t size = 0;
};

/// One plane: FFmpeg's pointer and pitch beside NVCV's exported ones.
struct PlaneEvidence {
  int index = 0;
  PlaneGeometry geometry;
  uint64_t ffmpegPointer = 0;
  int64_t pitch = 0;
  int64_t visibleBytesPerRow = 0;
  int64_t rightPadding = 0;
  int codedWidth = 0, codedHeight = 0;       // this plane's decoded samples and rows
  int codedColumnsNotDisplayed = 0;          // samples between the display width and the coded width
  bool separateAllocation = false;           // the plane lies in an allocation apart from plane 0's
  std::optional<PlaneAllocation> allocation; // that allocation, when separate
  std::optional<int64_t> offsetFromPlane0;   // null when the plane lies apart from plane 0 (or where is unknown)
  std::optional<int64_t> offsetInAllocation, rowsBeforeNextPlane;
  // Whole rows below the picture: decoded but cropped away, then left by the allocator; hiddenRowsAfter is their sum.
  std::optional<int64_t> codedRowsNotDisplayed, allocatorPaddingRows, hiddenRowsAfter;
  std::optional<int64_t> nvcvPointer, nvcvRowStride; // nvcvPointer as the bits of a uint64
  std::optional<bool> match;
};

/// The allocation holding plane 0, from cuPointerGetAttributes (device) or FFmpeg's buffer refs (host).
struct AllocationEvidence {
  std::string source = "host";
  std::string memory = "unknown";
  std::optional<int64_t> device;
  std::optional<uint64_t> context, rangeStart;
  std::optional<int64_t> rangeSize;
  std::optional<std::string> bufferId;
  bool planesInOneAllocation = false;
  std::optional<std::string> error;
};

/// Whether the frame is also one NVCV tensor, and why not.
struct TensorEvidence {
  bool attempted = false, valid = false;
  std::string reason;
  std::vector<int64_t> shape;
  std::optional<std::string> layout;
  std::optional<int64_t> assumedChromaRow, actualChromaRow;
};

/// What NVCV made of the frame.
struct WrapEvidence {
  bool available = false;
  std::string reason;
  std::optional<std::string> formatName, bufferType;
  std::optional<uint64_t> formatCode;
  std::optional<int64_t> numPlanes;
  bool handleLive = false;
  bool descriptorOnly = false;
  std::optional<std::string> hostRefusal;
  std::optional<uint64_t> expectedFormatCode; // the format FFmpeg's frame implies, derived apart from the wrap
  std::optional<bool> formatMatch;            // NVCV's exported format is expectedFormatCode
  std::optional<std::string> planted;         // a deliberate fault the tests asked for (ZCI_PLANT_WRAP), named
  TensorEvidence tensor;
};

/// The canary written through NVCV's pointer and read through FFmpeg's.
struct ProofEvidence {
  bool ran = false, passed = false, restored = false;
  std::string method = "none", canary, readBack, reason;
  std::string witness; // where the proof took NVCV's addresses from ("nvcvImageExportData"), empty when it did not run
  std::string witnessNote; // on the device, why the canary kernel ran instead of CV-CUDA's Flip; empty otherwise
};

/// One plane against the decoder's surface: where NVDEC put it and where FFmpeg's pointer says it is, in bytes from
/// the mapped surface's first byte.
struct DecoderPlaneEvidence {
  int index = 0;
  std::optional<int64_t> decoderOffset, ffmpegOffset, deltaBytes, deltaRows;
  // Where FFmpeg copied the plane from, in the surface, when the frame is FFmpeg's copy (ffmpegOffset is then null:
  // its pointer is in another allocation), and deltaBytes is this offset minus the decoder's.
  std::optional<int64_t> copiedFromOffset;
  // For FFmpeg's copy: the rows it copied of the plane (its frame height at the copy, shifted for chroma), and the
  // rows the plane has at the stream's height (AV_CEIL_RSHIFT); fewer copied leaves the plane's last rows unwritten.
  std::optional<int64_t> copiedRows, rowsNeeded;
  std::string verdict = "not-measured"; // "decoder-plane", "ffmpeg-copy", "shifted", or "not-measured"
};

/// The surface NVDEC mapped for the frame (the decoder's own witness), or why there is none.
struct DecoderSurfaceEvidence {
  bool witnessed = false;
  bool ffmpegCopy = false; // the frame is FFmpeg's copy of the mapped surface, made and unmapped before FFmpeg returned
  std::string reason, rule;
  std::optional<uint64_t> pointer;
  std::optional<int64_t> pitch, picIdx, targetWidth, targetHeight;
  std::vector<DecoderPlaneEvidence> planes;
};

/// FFmpeg's context, the runtime's, and the allocation's owner.
struct ContextEvidence {
  std::optional<uint64_t> ffmpegContext, runtimeContext, allocationContext, ffmpegStream, inspectorStream;
  std::optional<bool> oneContext;
  std::string strategy;
};

/// The surface pool and what the inspector holds.
struct PoolEvidence {
  std::optional<int64_t> poolSize;
  int extraReserved = 0, framesHeld = 0, distinctAddresses = 0;
  bool addressSeenBefore = false;
};

/// The report's placement section (contract/report.ts).
struct PlacementEvidence {
  std::optional<int64_t> decoderDevice;             // null: FFmpeg decoded in software
  std::vector<std::optional<int64_t>> planeDevices; // each plane pointer's device; null: host memory
  std::optional<int64_t> nvcvDevice;                // the device of the context NVCV's image was wrapped in
  std::optional<int64_t> operatorDevice;            // where operator previews run; null: no CUDA device
  std::optional<bool> peerSupported, peerEnabled;   // across devices only
  // "one-device", "host-memory", "cross-device-copy" or "cross-device-peer"
  std::string verdict = "host-memory";
  std::string reason;
};

/// The damage section of a frame report.
struct FrameDamage {
  bool concealed = false;            // FFmpeg flagged the frame, or its decoder logged an error decoding it
  std::vector<std::string> flags;    // names of the decode_error_flags bits set
  std::vector<std::string> messages; // the decoder's warnings and errors about this frame's packet
};

/// Everything a FrameReport (contract/report.ts) says; the binding turns it into that object.
struct FrameEvidence {
  int64_t frameIndex = 0, pts = 0;
  double timeSeconds = 0;
  bool keyFrame = false;
  std::string pictureType, decodePath;
  FrameLayout layout;
  std::string colorRange, colorMatrix;
  int width = 0, height = 0, codedWidth = 0, codedHeight = 0;
  std::vector<PlaneEvidence> planes;
  AllocationEvidence allocation;
  WrapEvidence wrap;
  ProofEvidence proof;
  DecoderSurfaceEvidence decoderSurface;
  ContextEvidence context;
  PoolEvidence pool;
  PlacementEvidence placement;
  double decodeUs = 0, wrapUs = 0, exportUs = 0, evidenceUs = 0;
  /// Of evidenceUs: the decoder's witness, i.e. the pool library's mapping record found and the decoder surface
  /// section worked out from it (the record itself is made inside cuvidMapVideoFrame, in decodeUs).
  double witnessUs = 0;
  FrameDamage damage;
};

} // namespace zci
