"""Every fixture NVDEC decodes, decoded by FFmpeg in this Python process (python/tests/c/frames.c, a small library
built against the FFmpeg the GPU tier carries, named by ZCI_RECORDER_FRAMES_LIB, on the device's primary context) and
held as torch views of FFmpeg's planes, wrapped as CuPy arrays over the same memory, as a Python pipeline does: the
recorder's facts, packed and read by the inspector, equal the inspector's own report of the same frames (pitches,
where each plane starts from the first, rows), and its checks pass."""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from gpu_state import driver_problem
from inspected import FIXTURES, FRAMES, inspected_video, plane_facts

from inspector import inspect_json
from pack_cli import pack
from zci import Recorder

PROBLEM = driver_problem()
if PROBLEM is not None:
    pytest.skip(f"needs a GPU: {PROBLEM}", allow_module_level=True)
LIBRARY = os.environ.get("ZCI_RECORDER_FRAMES_LIB")
if not LIBRARY or not Path(LIBRARY).is_file():
    pytest.skip(
        "ZCI_RECORDER_FRAMES_LIB names no built frames library (the GPU bundle carries it)", allow_module_level=True
    )
torch = pytest.importorskip("torch")
cupy = pytest.importorskip("cupy")

SEMI_PLANAR = {"nv12": 1, "p010le": 2, "p016le": 2}
PLANAR = {"yuv444p": 1, "yuv444p16le": 2}


class FramesFrame(ctypes.Structure):
    _fields_ = [
        ("num_planes", ctypes.c_int),
        ("pointer", ctypes.c_ulonglong * 4),
        ("pitch", ctypes.c_int * 4),
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("coded_width", ctypes.c_int),
        ("coded_height", ctypes.c_int),
        ("format", ctypes.c_char * 32),
    ]


def _library() -> ctypes.CDLL:
    lib = ctypes.CDLL(LIBRARY)
    lib.zci_frames_open.restype = ctypes.c_void_p
    lib.zci_frames_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int]
    lib.zci_frames_next.restype = ctypes.c_int
    lib.zci_frames_next.argtypes = [ctypes.c_void_p, ctypes.POINTER(FramesFrame)]
    lib.zci_frames_close.argtypes = [ctypes.c_void_p]
    return lib


class _Plane:
    """A plane of FFmpeg's frame as the CUDA array interface describes it: what torch and CuPy take."""

    def __init__(self, pointer: int, shape: tuple[int, ...], strides: tuple[int, ...], sample: int) -> None:
        self.__cuda_array_interface__ = {
            "shape": shape,
            "strides": strides,
            "typestr": "<u2" if sample == 2 else "|u1",
            "data": (pointer, False),
            "version": 3,
        }


def planes_of(frame: FramesFrame) -> list[_Plane] | None:
    """FFmpeg's planes as views: luma and interleaved chroma, or three full planes; None for another format."""
    name = frame.format.decode()
    w, h = frame.width, frame.height
    if name in SEMI_PLANAR:
        s = SEMI_PLANAR[name]
        return [
            _Plane(frame.pointer[0], (h, w), (frame.pitch[0], s), s),
            _Plane(frame.pointer[1], ((h + 1) // 2, (w + 1) // 2, 2), (frame.pitch[1], 2 * s, s), s),
        ]
    if name in PLANAR:
        s = PLANAR[name]
        return [_Plane(frame.pointer[i], (h, w), (frame.pitch[i], s), s) for i in range(3)]
    return None


def record(video: Path, capture: Path) -> tuple[int, str]:
    """Decodes the video's first frames in this process and records each: torch views as the source, CuPy arrays
    over the same memory as the wrapped object. (frames recorded, what was not recorded)."""
    lib = _library()
    error = ctypes.create_string_buffer(512)
    handle = lib.zci_frames_open(str(video).encode(), error, len(error))
    if not handle:
        return 0, error.value.decode()
    recorded, skipped = 0, ""
    try:
        with Recorder(capture, sign=False) as rec:
            frame = FramesFrame()
            for index in range(FRAMES):
                status = lib.zci_frames_next(handle, ctypes.byref(frame))
                if status != 0:
                    skipped = f"frame {index}: status {status} ({frame.format.decode()})"
                    break
                planes = planes_of(frame)
                if planes is None:
                    skipped = f"frame {index}: FFmpeg's frames are {frame.format.decode()}"
                    break
                views: list[Any] = [torch.as_tensor(p, device="cuda") for p in planes]
                wrapped = [cupy.asarray(p) for p in planes]
                rec.frame(views, wrapped=wrapped, label=f"frame {index}")
                recorded += 1
    finally:
        lib.zci_frames_close(handle)
    return recorded, skipped


@pytest.mark.parametrize("video", FIXTURES, ids=lambda p: p.name)
def test_the_python_recording_equals_the_inspector_report(video: Path, tmp_path: Path):
    capture = tmp_path / "python.zci"
    recorded, skipped = record(video, capture)
    if recorded == 0:
        pytest.skip(f"{video.name}: nothing recorded ({skipped})")
    code, out, err = inspect_json(capture)
    assert out is not None, err
    assert code == 0, json.dumps(out["summary"])
    own = {r["frameIndex"]: r for r in inspected_video(video)}
    for index, frame in enumerate(out["frames"]):
        ours = own[index]
        assert ours["decodePath"] == "nvdec", ours["decodePath"]
        assert plane_facts(frame["report"]) == plane_facts(ours), f"{video.name} frame {index}"
        assert frame["ok"], frame["checks"]
    print(f"{video.name}: {recorded} frames, planes (pitch, offset, rows) {plane_facts(out['frames'][0]['report'])}")


def test_the_decode_program_and_this_process_agree_on_a_padded_frame(tmp_path: Path):
    """The same 1080p frame recorded through the C header (decode.c) and from Python here: the same plane facts."""
    decode = os.environ.get("ZCI_RECORDER_C_DECODE")
    if not decode or not Path(decode).is_file():
        pytest.skip("ZCI_RECORDER_C_DECODE names no built decode program")
    video = next(p for p in FIXTURES if p.name == "h264-1080p-420.mp4")
    recorded, skipped = record(video, tmp_path / "python.zci")
    assert recorded == FRAMES, skipped
    facts = tmp_path / "c.facts.jsonl"
    done = subprocess.run([decode, str(video), str(facts), str(FRAMES)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    packed = tmp_path / "c.zci"
    packed_run = pack(facts, packed, "--unsigned")
    assert packed_run.returncode == 0, packed_run.stdout + packed_run.stderr
    _, python_out, err = inspect_json(tmp_path / "python.zci")
    _, c_out, err2 = inspect_json(packed)
    assert python_out is not None and c_out is not None, err + err2
    python_facts = [plane_facts(f["report"]) for f in python_out["frames"]]
    assert python_facts == [plane_facts(f["report"]) for f in c_out["frames"]]
    # 1080p NVDEC: chroma after 1088 coded rows, not the 1080 displayed.
    pitch, offset, _ = python_facts[0][1]
    assert offset == 1088 * pitch
