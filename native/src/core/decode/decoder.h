// Demuxes and decodes one video stream through one of three paths, with frame-accurate navigation.
#pragma once

#include "gpu/cuda_device.h"
#include "decode/planted_frame.h"
#include "decode/damage.h"
#include "common/error.h"
#include "frame/ffmpeg_ptr.h"
#include "decode/guard.h"
#include "decode/log_capture.h"
#include "decode/nal_count.h"
#include "common/options.h"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

extern "C" {
struct SwsContext;
}

namespace zci {

/// How frames reach the inspector: FFmpeg's NVDEC hwaccel, its software decoder (frames on the host, or uploaded to
/// CUDA), or FFmpeg's *_cuvid decoders (NVDEC driven by FFmpeg's own parser, frames copied out of NVDEC's surfaces).
enum class DecodePath { Nvdec, Software, SoftwareUpload, Cuvid };

/// The names of DecodePath.
inline constexpr Named<DecodePath> kDecodePathNames[] = {{DecodePath::Nvdec, "nvdec"},
                                                         {DecodePath::Software, "software"},
                                                         {DecodePath::SoftwareUpload, "software-upload"},
                                                         {DecodePath::Cuvid, "cuvid"}};

/// "nvdec" | "software" | "software-upload" | "cuvid".
constexpr const char *decodePathName(DecodePath p) {
  return nameOf(kDecodePathNames, p);
}

/// What Session.open was asked for.
struct DecoderOptions {
  DecodeMode mode = DecodeMode::Auto;
  int device = 0;
  int holdFrames = 2;
  InitOrder initOrder = InitOrder::DecoderFirst;
  ContextMode context = ContextMode::Shared;
  int64_t maxPixels = kMaxPixelsDefault;           // coded width × height allowed before FFmpeg allocates frames
  int64_t maxPacketBytes = kMaxPacketBytesDefault; // largest packet, and most bytes read without a packet ending
  int openDeadlineMs = kOpenDeadlineMsDefault;     // probing, indexing and the first frame
  int frameDeadlineMs = kFrameDeadlineMsDefault;   // each frame request
  bool ledger = false;                             // the copy ledger (copy_ledger.h), off unless asked: tracing costs
  // AV_HWACCEL_FLAG_UNSAFE_OUTPUT (FFmpeg 6.0 and later): NVDEC frames are the mapped surfaces, not FFmpeg's copies,
  // and each frame held keeps one of NVDEC's output surfaces. No effect where FFmpeg has no such flag (it never
  // copies).
  bool unsafeOutput = false;
  // NVDEC frame threads: pictures FFmpeg's decoder works on at once (1 to 8; 0: the default, 1). Above 1, a frame's
  // decode_error_flags are left out of its damage (damage.h), and each thread adds a decode surface.
  int nvdecThreads = 0;
  OperatorPlacement operators; // where operator previews run (gpu/device_placement.h)
};

/// What a warning is about; warnings are not errors (the file opened), so they have their own codes.
enum class WarningCode { TruncatedFile, DuplicateTimestamps, OddTimescale };

/// The names of WarningCode.
inline constexpr Named<WarningCode> kWarningCodeNames[] = {{WarningCode::TruncatedFile, "TRUNCATED_FILE"},
                                                           {WarningCode::DuplicateTimestamps, "DUPLICATE_TIMESTAMPS"},
                                                           {WarningCode::OddTimescale, "ODD_TIMESCALE"}};

/// A problem that does not stop the file from opening.
struct Warning {
  WarningCode code = WarningCode::TruncatedFile;
  std::string message;
};

/// Facts about the file and its video stream (StreamInfo in contract/report.ts).
struct StreamInfo {
  std::string path, container, codec, profile, pixelFormat;
  int bitDepth = 0, width = 0, height = 0, codedWidth = 0, codedHeight = 0;
  double frameRate = 0, durationSeconds = 0;
  // From the stream: the rotation a player applies (degrees counter-clockwise, as FFmpeg's display matrix gives it;
  // 0 without one), whether it also flips, and the sample range the stream declares ("tv", "pc" or "unknown").
  double rotationDegrees = 0;
  bool displayFlipped = false;
  std::string colorRange;
  int64_t frameCount = 0;
  bool frameCountExact = false;
  std::vector<int64_t> keyFrames; // display indices
  DecodePath decodePath = DecodePath::Software;
  std::string pathReason;
  // NVDEC only: what FFmpeg hands out. "mapped-surface": NVDEC's mapped surface (FFmpeg before 6.0); "copy": FFmpeg's
  // copy of it (6.0 and later); "unsafe-output": the surface, because AV_HWACCEL_FLAG_UNSAFE_OUTPUT was set.
  std::string nvdecOutput;
  // Pictures the decoder works on at once: its frame threads, or 1 without them.
  int frameThreads = 1;
  int device = -1;
  std::vector<Warning> warnings;
};

/// Where opening spent its time, in milliseconds: probing, indexing packets, CUDA set-up, first frame.
struct OpenTimings {
  double probeMs = 0, indexMs = 0, cudaMs = 0, firstFrameMs = 0;
  /// Of probeMs: the NAL-unit prescan's demux-only read (decoder_prescan.cc); 0 when the file has no H.264 or HEVC.
  double prescanMs = 0;
  /// For NVDEC: "reused" when the decoder pool handed FFmpeg a parked decoder, else "created"; "" otherwise.
  std::string nvdecDecoder;
};

/// Keeps with an NVDEC frame the pool library's number for the picture mapped while FFmpeg made it, the height
/// FFmpeg's nvdec read that picture with (nvdecRetrieveHeight at the time) and the stream's display height then.
void keepMappingSequence(AVFrame *frame, int retrieveHeight, int displayHeight);
/// That number (0 when none was kept: not NVDEC, or no pool library).
uint64_t mappingSequenceOf(const AVFrame *frame);
/// Those heights (0 when none were kept).
struct RetrieveHeights {
  int retrieve = 0, display = 0;
};
RetrieveHeights retrieveHeightsOf(const AVFrame *frame);
/// The frame height FFmpeg's nvdec computes plane offsets with for this decoder now.
int nvdecRetrieveHeight(const AVCodecContext *codec);

/// MEDIA_TOO_LARGE for a packet past kMaxNalUnitsPerPacket (pos: its byte position, or -1).
Error tooManyNalUnits(const std::string &path, int64_t pos);

/// One open video. Not thread-safe: the caller serialises calls.
class Decoder {
public:
  /// Opens, indexes and decodes the first frame to settle the decode path, within the open deadline and until
  /// cancel is set; throws zci::Error.
  Decoder(const std::string &path, const DecoderOptions &options, CancelFlag cancel = nullptr);
  ~Decoder();
  Decoder(const Decoder &) = delete;
  Decoder &operator=(const Decoder &) = delete;

  /// Stream facts, fixed once open.
  const StreamInfo &info() const { return info_; }
  /// Where opening spent its time.
  const OpenTimings &openTimings() const { return timings_; }
  /// The frame at a display index: a new reference the caller owns. Throws FRAME_OUT_OF_RANGE, DECODE_FAILED,
  /// DEADLINE_EXCEEDED (the frame deadline), CANCELLED (once cancel is set).
  FramePtr frameAt(int64_t index, CancelFlag cancel = nullptr);
  /// What went wrong decoding the frame frameAt returned last.
  const FrameDamage &damage() const { return damage_; }
  /// The display index of the first frame whose time is >= seconds (clamped to the last frame).
  int64_t indexAtTime(double seconds) const;
  /// Display index of a frame's timestamp, or -1.
  int64_t indexOfPts(int64_t pts) const;
  /// Seconds of a display index.
  double timeOf(int64_t index) const;
  /// Timestamp of a display index.
  int64_t ptsOf(int64_t index) const { return pts_.at(static_cast<size_t>(index)); }
  /// The CUDA device, or nullptr on the software path.
  CudaDevice *cuda() const { return cuda_.get(); }
  /// Size of the CUDA frame pool, or -1 when not known.
  int poolSize() const { return poolSize_; }
  /// Frames reserved in the pool for the inspector.
  int extraReserved() const { return plantedUnreservedPool() ? 0 : options_.holdFrames; }

private:
  void openInput();
  void openFormat(bool ignoreEditList);
  void prescanNalUnits(const AVFormatContext *opened); // decoder_prescan.cc
  void checkPixels(int width, int height, const char *what) const;
  bool oddTimescale(std::string &why) const;
  void indexPackets();
  void indexRawPacket(int64_t decodeIndex);
  void checkRawSeek();                 // the first packet after a raw seek is the IDR packet sought
  void numberRawFrame(AVFrame *frame); // gives a raw stream's frame the timestamp of its display index
  FramePtr decodeTo(int64_t index);    // frameAt's work: on from the last frame, or from the key frame before
  void openCodec(DecodePath path);
  void settlePath(const std::function<double()> &lap);
  FramePtr decodeNext(); // next frame in display order from the current position, or nullptr at end
  FramePtr receive();
  FramePtr upload(const AVFrame *sw);
  void seekTo(int64_t index);
  int64_t readPacket(); // av_read_frame under the guard: its result, after checking the guard and the size cap

  std::string path_;
  DecoderOptions options_;
  StreamInfo info_;
  OpenTimings timings_;
  FormatPtr fmt_;
  CodecPtr codec_;
  PacketPtr packet_;
  std::unique_ptr<CudaDevice> cuda_;
  std::unique_ptr<LogCapture> log_;
  BufferPtr uploadFrames_;
  SwsContext *sws_ = nullptr;
  FramePtr converted_;
  int streamIndex_ = -1;
  std::vector<int64_t> pts_;    // display order
  std::vector<int64_t> keyPts_; // sorted
  // Each key packet's decode timestamp, by its presentation timestamp: a demuxer whose timestamps may jump (MPEG
  // program and transport streams) seeks by decode timestamps, which run ahead of a B-frame stream's.
  std::map<int64_t, int64_t> keyDts_;
  bool sentEof_ = false;
  bool drained_ = false;
  int64_t lastIndex_ = -1; // display index of the last frame handed out
  int poolSize_ = -1;
  bool wantHw_ = false; // the packet slots point at it (pickFormat)
  // What the codec's opaque points at, one per packet in flight, reused round the ring (far more slots than FFmpeg
  // has frame threads): the tag of the packet each context decodes, for its messages (LogCapture).
  std::array<PacketSlot, 64> slots_;
  bool gotHw_ = false;
  CallGuard guard_;
  int64_t packetSerial_ = 0; // tags each packet sent (ffcompat::tagPacket), so a frame's messages find it
  FrameDamage damage_;
  FrameMessages outMessages_; // the decoder's messages about the frame receive() returned last
  // The frame the open decoded first, kept so that the first request for it (or a frame just after it) needs no
  // seek: a seek flushes the decoder, which costs NVDEC's H.264 decoder tens of milliseconds or more.
  FramePtr pending_;
  FrameMessages pendingMessages_;
  int64_t pendingIndex_ = -1;
  // Raw Annex-B streams carry no timestamps: display index n gets n * frameTicks_, seeks go by byte position to an
  // IDR packet (whose display index is its decode index), and frames are numbered as they come out after it.
  bool raw_ = false;
  NalFraming nalFraming_; // how the stream frames its NAL units, for the per-packet cap (nal_count.h)
  int64_t frameTicks_ = 1;
  std::vector<int64_t> keyPos_; // byte position of each key packet, parallel to keyPts_
  int64_t nextRawIndex_ = -1;   // display index of the next frame out
  int64_t rawKeySerial_ = -1;   // tag of the IDR packet sent first after a seek, checked against the first frame
  int64_t rawSeekPos_ = -1;     // the byte a raw seek went to, checked against the first packet read (then -1)
};

/// Whether FFmpeg's logged errors say its NVDEC loader failed: a library or entry point it asked for was not found
/// (decoder_path.cc).
bool nvdecLoaderFailed(const std::string &errors);

/// FFmpeg's logged errors of a decoder as one sentence (decoder.cc).
std::string joinErrors(const std::vector<std::string> &errors);

} // namespace zci
