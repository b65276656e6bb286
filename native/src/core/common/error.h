// The one error type of the native core: an enumerated code with a stable name, a message and a remedy.
#pragma once

#include "common/named.h"

#include <stdexcept>
#include <string>

namespace zci {

/// Every code a user can see. The capture codes, Closed and Busy are raised by the binding and the TypeScript side
/// only; the codes after Internal came later (limits on hostile media, cancelling, special files, reading a frame's
/// memory) and keep the order.
enum class ErrorCode {
  FileNotFound,
  FileUnreadable,
  EmptyFile,
  TruncatedFile,
  NotAVideo,
  NoVideoStream,
  UnsupportedCodec,
  DecodeFailed,
  FrameOutOfRange,
  NvcvNotFound,
  NvcvError,
  CvcudaNotFound,
  OperatorUnsupported,
  NoCudaDevice,
  CudaError,
  NvdecUnavailable,
  CaptureInvalid,
  CaptureTooNew,
  CaptureFrameMissing,
  InvalidArgument,
  Closed,
  Busy,
  Internal,
  MediaTooLarge,
  DeadlineExceeded,
  Cancelled,
  NotARegularFile,
  PathOutsideRoot, // the backend's file-system reach; the core never throws it
  PathNotUtf8,     // a file name the RPC's UTF-8 strings cannot carry; the core never throws it
  MemoryRangeOutsideAllocation,
  MemoryReadTooLarge,
  MemoryAllocationUnknown,
  Superseded, // a frame request a newer one of the same client replaced; the core never throws it
  DecoderCompareUnavailable,
  PeerAccessUnsupported, // operators asked on another device with peer access, which the two devices lack
  NotLinearMemory,       // a hardware frame whose planes are handles (CUDA arrays, another API's), not addresses
};

/// The stable names of ErrorCode, in the order of contract/errors.ts ERROR_CODES.
inline constexpr Named<ErrorCode> kErrorCodeNames[] = {
    {ErrorCode::FileNotFound, "FILE_NOT_FOUND"},
    {ErrorCode::FileUnreadable, "FILE_UNREADABLE"},
    {ErrorCode::EmptyFile, "EMPTY_FILE"},
    {ErrorCode::TruncatedFile, "TRUNCATED_FILE"},
    {ErrorCode::NotAVideo, "NOT_A_VIDEO"},
    {ErrorCode::NoVideoStream, "NO_VIDEO_STREAM"},
    {ErrorCode::UnsupportedCodec, "UNSUPPORTED_CODEC"},
    {ErrorCode::DecodeFailed, "DECODE_FAILED"},
    {ErrorCode::FrameOutOfRange, "FRAME_OUT_OF_RANGE"},
    {ErrorCode::NvcvNotFound, "NVCV_NOT_FOUND"},
    {ErrorCode::NvcvError, "NVCV_ERROR"},
    {ErrorCode::CvcudaNotFound, "CVCUDA_NOT_FOUND"},
    {ErrorCode::OperatorUnsupported, "OPERATOR_UNSUPPORTED"},
    {ErrorCode::NoCudaDevice, "NO_CUDA_DEVICE"},
    {ErrorCode::CudaError, "CUDA_ERROR"},
    {ErrorCode::NvdecUnavailable, "NVDEC_UNAVAILABLE"},
    {ErrorCode::CaptureInvalid, "CAPTURE_INVALID"},
    {ErrorCode::CaptureTooNew, "CAPTURE_TOO_NEW"},
    {ErrorCode::CaptureFrameMissing, "CAPTURE_FRAME_MISSING"},
    {ErrorCode::InvalidArgument, "INVALID_ARGUMENT"},
    {ErrorCode::Closed, "CLOSED"},
    {ErrorCode::Busy, "BUSY"},
    {ErrorCode::Internal, "INTERNAL"},
    {ErrorCode::MediaTooLarge, "MEDIA_TOO_LARGE"},
    {ErrorCode::DeadlineExceeded, "DEADLINE_EXCEEDED"},
    {ErrorCode::Cancelled, "CANCELLED"},
    {ErrorCode::NotARegularFile, "NOT_A_REGULAR_FILE"},
    {ErrorCode::PathOutsideRoot, "PATH_OUTSIDE_ROOT"},
    {ErrorCode::PathNotUtf8, "PATH_NOT_UTF8"},
    {ErrorCode::MemoryRangeOutsideAllocation, "MEMORY_RANGE_OUTSIDE_ALLOCATION"},
    {ErrorCode::MemoryReadTooLarge, "MEMORY_READ_TOO_LARGE"},
    {ErrorCode::MemoryAllocationUnknown, "MEMORY_ALLOCATION_UNKNOWN"},
    {ErrorCode::Superseded, "SUPERSEDED"},
    {ErrorCode::DecoderCompareUnavailable, "DECODER_COMPARE_UNAVAILABLE"},
    {ErrorCode::PeerAccessUnsupported, "PEER_ACCESS_UNSUPPORTED"},
    {ErrorCode::NotLinearMemory, "NOT_LINEAR_MEMORY"},
};

/// The stable name of a code, e.g. "FILE_NOT_FOUND".
constexpr const char *errorCodeName(ErrorCode code) {
  return nameOf(kErrorCodeNames, code);
}

/// Thrown by every core function that fails; the binding turns it into a JS InspectorError.
class Error : public std::runtime_error {
public:
  /// A failure with its code, what happened and what the user can do about it.
  Error(ErrorCode code, const std::string &message, std::string remedy)
      : std::runtime_error(message), code_(code), remedy_(std::move(remedy)) {}

  /// The code, e.g. ErrorCode::FileNotFound.
  ErrorCode code() const { return code_; }
  /// What the user can do about it.
  const std::string &remedy() const { return remedy_; }

private:
  ErrorCode code_;
  std::string remedy_;
};

} // namespace zci
