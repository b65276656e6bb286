"""include/zci_recorder.h: strict C99 and C++ compiles against cuda.h alone, and a clean refusal without a driver."""

from __future__ import annotations

import ctypes.util
import shutil
import subprocess
from pathlib import Path

import pytest

from paths import HERE, REPO

CUDA_INCLUDE = Path("/usr/local/cuda/include")
STRICT = ["-Wall", "-Wextra", "-Werror", "-pedantic", "-isystem", str(CUDA_INCLUDE), "-I", str(REPO / "include")]
HARNESS = HERE / "c" / "harness.c"


def compiler(name: str) -> str:
    found = shutil.which(name)
    if found is None or not (CUDA_INCLUDE / "cuda.h").exists():
        pytest.skip(f"{name} or {CUDA_INCLUDE}/cuda.h is missing")
    return found


@pytest.mark.parametrize(("name", "flags"), [("gcc", ["-std=c99"]), ("g++", ["-std=c++11", "-x", "c++"])])
def test_the_header_compiles_strictly(name, flags):
    done = subprocess.run(
        [compiler(name), *flags, *STRICT, "-fsyntax-only", str(HARNESS)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def test_the_avframe_block_compiles_with_ffmpeg_headers(tmp_path):
    include = Path("/usr/include/x86_64-linux-gnu")
    if not (include / "libavutil" / "hwcontext.h").exists():
        pytest.skip("FFmpeg's development headers are not installed")
    source = tmp_path / "avframe.c"
    source.write_text(
        "#include <libavutil/frame.h>\n#include <libavutil/hwcontext.h>\n#define ZCI_RECORDER_IMPLEMENTATION\n"
        '#include "zci_recorder.h"\nint main(void) { zci_frame_desc d; AVFrame f; f.format = 0; '
        "f.hw_frames_ctx = 0; return zci_from_avframe(&f, &d) == -1 ? 0 : 1; }\n"
    )
    done = subprocess.run(
        [compiler("gcc"), "-std=c99", *STRICT, "-isystem", str(include), "-fsyntax-only", str(source)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


AVFRAME_READER = r"""
#include <libavutil/frame.h>
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
#include <stdio.h>
#define ZCI_RECORDER_IMPLEMENTATION
#include "zci_recorder.h"
/* A CUDA frame of each format as FFmpeg describes it (a frames context allocated, never initialised: no device is
   needed), read by zci_from_avframe: one line a format, its planes as the reader gives them. */
int main(void) {
  static const enum AVPixelFormat formats[] = {AV_PIX_FMT_NV12, AV_PIX_FMT_P010LE, AV_PIX_FMT_P016LE,
                                               AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUV444P16LE, AV_PIX_FMT_YUV420P};
  AVBufferRef *device = av_hwdevice_ctx_alloc(AV_HWDEVICE_TYPE_CUDA);
  size_t k;
  int i;
  if (!device) return 2;
  for (k = 0; k < sizeof formats / sizeof formats[0]; ++k) {
    AVBufferRef *frames = av_hwframe_ctx_alloc(device);
    AVHWFramesContext *ctx = (AVHWFramesContext *)(void *)frames->data;
    AVFrame *f = av_frame_alloc();
    zci_frame_desc d;
    ctx->format = AV_PIX_FMT_CUDA, ctx->sw_format = formats[k], ctx->width = 642, ctx->height = 368;
    f->format = AV_PIX_FMT_CUDA, f->width = 641, f->height = 361, f->hw_frames_ctx = av_buffer_ref(frames);
    for (i = 0; i < 3; ++i)
      f->data[i] = (uint8_t *)(size_t)(0x7f0000000000ULL + 0x100000ULL * (size_t)i), f->linesize[i] = 1536;
    if (zci_from_avframe(f, &d) != 0) {
      printf("%s refused\n", av_get_pix_fmt_name(formats[k]));
    } else {
      printf("%s %s %dx%d", av_get_pix_fmt_name(formats[k]), d.pixel_format, d.coded_width, d.coded_height);
      for (i = 0; i < d.num_planes; ++i)
        printf(" %s:%llx:%lld:%dx%d:%d", d.planes[i].name, (unsigned long long)d.planes[i].pointer,
               d.planes[i].pitch, d.planes[i].width, d.planes[i].height, d.planes[i].bytes_per_sample);
      printf("\n");
    }
    av_frame_free(&f);
    av_buffer_unref(&frames);
  }
  av_buffer_unref(&device);
  return 0;
}
"""


def test_the_avframe_reader_reads_each_cuda_format_and_refuses_the_rest(tmp_path):
    """zci_from_avframe names the planes by the frames context's sw_format: a 4:4:4 frame is three full planes, not
    NV12's two (an H200 run recorded one as NV12); a format it does not read is refused, never guessed."""
    include = Path("/usr/include/x86_64-linux-gnu")
    if not (include / "libavutil" / "hwcontext.h").exists():
        pytest.skip("FFmpeg's development headers are not installed")
    source, binary = tmp_path / "reader.c", tmp_path / "reader"
    source.write_text(AVFRAME_READER)
    args = [compiler("gcc"), "-std=c99", *STRICT, "-isystem", str(include), str(source), "-o", str(binary)]
    built = subprocess.run([*args, "-lavutil", "-ldl"], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    done = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    y, u, v = "7f0000000000", "7f0000100000", "7f0000200000"
    assert done.stdout.splitlines() == [
        f"nv12 nv12 642x368 Y:{y}:1536:641x361:1 UV:{u}:1536:321x181:2",
        f"p010le p010le 642x368 Y:{y}:1536:641x361:2 UV:{u}:1536:321x181:4",
        f"p016le p016le 642x368 Y:{y}:1536:641x361:2 UV:{u}:1536:321x181:4",
        f"yuv444p yuv444p 642x368 Y:{y}:1536:641x361:1 U:{u}:1536:641x361:1 V:{v}:1536:641x361:1",
        f"yuv444p16le yuv444p16le 642x368 Y:{y}:1536:641x361:2 U:{u}:1536:641x361:2 V:{v}:1536:641x361:2",
        "yuv420p refused",
    ]


def test_the_harness_refuses_cleanly_without_a_driver(tmp_path):
    binary = tmp_path / "harness"
    built = subprocess.run(
        [compiler("gcc"), "-std=c99", *STRICT, str(HARNESS), "-o", str(binary), "-ldl"], capture_output=True, text=True
    )
    assert built.returncode == 0, built.stderr
    done = subprocess.run([str(binary), str(tmp_path / "facts.jsonl")], capture_output=True, text=True, timeout=60)
    if ctypes.util.find_library("cuda") is not None:
        assert done.returncode == 0 and done.stdout.strip() == "opened", done.stdout + done.stderr
        return
    assert done.returncode == 3, done.stdout + done.stderr
    assert done.stdout.startswith("refused: no CUDA driver: libcuda.so.1 could not be loaded")
    assert not (tmp_path / "facts.jsonl").exists()


def test_the_decode_program_builds_against_ffmpeg(tmp_path):
    """The C program the GPU tier runs (python/tests/c/decode.c): FFmpeg's NVDEC frames recorded through the header."""
    include = Path("/usr/include/x86_64-linux-gnu")
    if not (include / "libavformat" / "avformat.h").exists():
        pytest.skip("FFmpeg's development headers are not installed")
    binary = tmp_path / "decode"
    source = HERE / "c" / "decode.c"
    libraries = ["-lavformat", "-lavcodec", "-lavutil", "-ldl"]
    args = [compiler("gcc"), "-std=c99", *STRICT, "-isystem", str(include), str(source), "-o", str(binary), *libraries]
    built = subprocess.run(args, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    usage = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60)
    assert usage.returncode == 2 and usage.stdout.startswith("usage: decode FILE"), usage.stdout
    if ctypes.util.find_library("cuda") is None:
        # Without a driver, FFmpeg's CUDA device cannot be made: a clean error naming it, before any recording.
        done = subprocess.run(
            [str(binary), str(REPO / "test" / "fixtures" / "h264-odd-642x362.mp4"), str(tmp_path / "f.jsonl"), "1"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 1 and done.stdout.startswith("error cuda:"), done.stdout + done.stderr
        assert not (tmp_path / "f.jsonl").exists()


def test_the_frames_library_builds_against_ffmpeg(tmp_path):
    """The library the GPU tier's Python decode test loads (python/tests/c/frames.c): FFmpeg's NVDEC frames handed to
    Python. Without a GPU it opens a file and refuses cleanly where no CUDA device can be made."""
    include = Path("/usr/include/x86_64-linux-gnu")
    if not (include / "libavformat" / "avformat.h").exists():
        pytest.skip("FFmpeg's development headers are not installed")
    library = tmp_path / "libzci_frames.so"
    source = HERE / "c" / "frames.c"
    args = [compiler("gcc"), "-std=c99", *STRICT, "-isystem", str(include), "-shared", "-fPIC", str(source)]
    built = subprocess.run(
        [*args, "-o", str(library), "-lavformat", "-lavcodec", "-lavutil"], capture_output=True, text=True
    )
    assert built.returncode == 0, built.stderr
    lib = ctypes.CDLL(str(library))
    lib.zci_frames_open.restype = ctypes.c_void_p
    lib.zci_frames_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int]
    error = ctypes.create_string_buffer(256)
    missing = lib.zci_frames_open(str(tmp_path / "missing.mp4").encode(), error, len(error))
    assert missing is None and error.value.decode().startswith("open: ")
    if ctypes.util.find_library("cuda") is None:
        video = REPO / "test" / "fixtures" / "h264-1080p-420.mp4"
        handle = lib.zci_frames_open(str(video).encode(), error, len(error))
        assert handle is None and error.value.decode().startswith("cuda: "), error.value
