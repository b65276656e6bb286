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
