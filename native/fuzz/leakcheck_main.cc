// A leak check over the core's software path, run under LeakSanitizer by scripts/fuzz/leakcheck.sh: every fixture
// opened through Session, every frame stepped through with the proof on, thumbnails and a reference preview, and the
// error paths (missing, noise, truncated, damaged, special, over budget, over the read cap, past a deadline,
// cancelled). Exits non-zero when an outcome is not the expected one; LeakSanitizer reports leaks at exit.
//   zci_leakcheck FIXTURES_DIR MEDIA_DIR   (MEDIA_DIR holds huge.mp4, hole.h264, raw.h264, raw.hevc, odd.mp4 and
//                                           collapsed.mkv made by the script; the driver writes its own files there)
#include "common/error.h"
#include "session/session.h"

#include <sys/stat.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace {

int failures = 0;

void report(bool ok, const std::string &what, const std::string &detail) {
  std::printf("%s %s: %s\n", ok ? "ok  " : "FAIL", what.c_str(), detail.c_str());
  if (!ok) failures++;
}

zci::DecoderOptions software() {
  zci::DecoderOptions o;
  o.mode = zci::DecodeMode::Software;
  return o;
}

// Opens a good file and walks it: every frame with the proof, then thumbnails and a reference preview.
void walk(const std::string &path) {
  try {
    zci::Session session(path, software());
    const int64_t count = session.info().frameCount;
    int concealed = 0, proved = 0;
    for (int64_t i = 0; i < count; ++i) {
      const zci::FrameEvidence e = session.show(zci::FrameTarget::at(i), zci::ShowRequest{}).report;
      if (!e.proof.passed && e.wrap.available)
        throw std::runtime_error("the proof failed at frame " + std::to_string(i));
      concealed += e.damage.concealed ? 1 : 0;
      proved += e.proof.passed ? 1 : 0;
    }
    zci::ShowRequest back; // a seek back, with thumbnails and a preview
    back.thumbnailWidth = 128;
    zci::PreviewRequest preview;
    preview.op = zci::PreviewOp::Reference;
    preview.maxWidth = 96;
    back.previews.push_back(preview);
    const zci::ShowResult shown = session.show(zci::FrameTarget::at(count / 2), back);
    const size_t thumbs = shown.thumbnails ? shown.thumbnails->size() : 0;
    if (!shown.previews.at(0).result) throw *shown.previews.at(0).error;
    const zci::PreviewResult &r = *shown.previews.at(0).result;
    report(true, path,
           std::to_string(count) + " frames (" + std::to_string(proved) + " proved through NVCV, " +
               std::to_string(concealed) + " concealed), " + std::to_string(thumbs) + " thumbnails, reference " +
               std::to_string(r.reference.width) + "x" + std::to_string(r.reference.height));
  } catch (const std::exception &e) {
    report(false, path, e.what());
  }
}

// Opens a file that must be refused with code (options and cancel as given).
void refuse(const std::string &path, zci::ErrorCode code, zci::DecoderOptions options = software(),
            zci::CancelFlag cancel = nullptr) {
  try {
    zci::Session session(path, options, std::move(cancel));
    report(false, path, std::string("opened; expected ") + zci::errorCodeName(code));
  } catch (const zci::Error &e) {
    report(e.code() == code, path, std::string(zci::errorCodeName(e.code())) + ": " + e.what());
  }
}

void writeFile(const std::string &path, const std::string &bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: zci_leakcheck FIXTURES_DIR MEDIA_DIR\n");
    return 2;
  }
  const std::string fixtures = argv[1], media = argv[2];
  for (const char *name : {"h264-1080p-420.mp4", "hevc-main10-1280x720.mp4", "h264-odd-642x362.mp4",
                           "h264-damaged-642x362.mp4", "h264-444-640x360.mp4", "hevc-444-640x360.mp4"}) {
    walk(fixtures + "/" + name);
  }
  for (const char *name : {"raw.h264", "raw.hevc", "odd.mp4", "collapsed.mkv"})
    walk(media + "/" + name);

  // Files that are not videos, or not whole.
  refuse(media + "/missing.mp4", zci::ErrorCode::FileNotFound);
  std::string noise(65536, '\0');
  uint32_t x = 0x9e3779b9;
  for (char &c : noise) {
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    c = static_cast<char>(x & 0xff);
  }
  writeFile(media + "/noise.mp4", noise);
  refuse(media + "/noise.mp4", zci::ErrorCode::NotAVideo);
  const std::string whole = readFile(fixtures + "/h264-1080p-420.mp4");
  writeFile(media + "/stub.mp4", whole.substr(0, 100));
  refuse(media + "/stub.mp4", zci::ErrorCode::TruncatedFile);
  writeFile(media + "/cut.mp4", whole.substr(0, whole.size() / 2));
  walk(media + "/cut.mp4");
  writeFile(media + "/empty.mp4", "");
  refuse(media + "/empty.mp4", zci::ErrorCode::EmptyFile);
  refuse(fixtures + "/audio-only.m4a", zci::ErrorCode::NoVideoStream);
  mkfifo((media + "/pipe.mp4").c_str(), 0600);
  refuse(media + "/pipe.mp4", zci::ErrorCode::NotARegularFile);
  refuse(media, zci::ErrorCode::FileUnreadable);

  // The limits: pixel budget, read-ahead cap, deadlines, cancelling.
  refuse(media + "/huge.mp4", zci::ErrorCode::MediaTooLarge);
  refuse(media + "/hole.h264", zci::ErrorCode::MediaTooLarge);
  zci::DecoderOptions bigCap = software();
  bigCap.maxPacketBytes = zci::kMaxPacketBytesMax;
  zci::DecoderOptions shortDeadline = bigCap;
  shortDeadline.openDeadlineMs = 100;
  refuse(media + "/hole.h264", zci::ErrorCode::DeadlineExceeded, shortDeadline);
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  std::thread aborter([cancel] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    cancel->store(true);
  });
  refuse(media + "/hole.h264", zci::ErrorCode::Cancelled, bigCap, cancel);
  aborter.join();

  // Frame requests that are cancelled, past their deadline, or out of range.
  try {
    zci::DecoderOptions quick = software();
    quick.frameDeadlineMs = 1;
    zci::Session session(fixtures + "/h264-1080p-420.mp4", quick);
    zci::FrameRequest cancelled;
    cancelled.cancel = std::make_shared<std::atomic<bool>>(true);
    for (const auto &[request, index, code] :
         {std::tuple{cancelled, int64_t{40}, zci::ErrorCode::Cancelled},
          std::tuple{zci::FrameRequest{}, int64_t{47}, zci::ErrorCode::DeadlineExceeded},
          std::tuple{zci::FrameRequest{}, int64_t{1000}, zci::ErrorCode::FrameOutOfRange}}) {
      try {
        session.show(zci::FrameTarget::at(index), zci::ShowRequest{request});
        report(false, "frame " + std::to_string(index), "decoded; expected " + std::string(zci::errorCodeName(code)));
      } catch (const zci::Error &e) {
        report(e.code() == code, "frame " + std::to_string(index), std::string(zci::errorCodeName(e.code())));
      }
    }
  } catch (const std::exception &e) {
    report(false, "frame requests", e.what());
  }
  std::printf("%s\n", failures ? "leakcheck: unexpected outcomes" : "leakcheck: every outcome as expected");
  return failures ? 1 : 0;
}
