"""Every fixture NVDEC decodes, decoded by FFmpeg through a small C program that records through the C header
(python/tests/c/decode.c, built against the FFmpeg the GPU tier carries and named by ZCI_RECORDER_C_DECODE): the
recorder's facts, packed and read by the inspector, equal the inspector's own report of the same frame (pitches,
where each plane starts from the first, rows) and its checks pass."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from gpu_state import driver_problem
from inspected import FIXTURES, FRAMES, inspected_video, plane_facts

from inspector import inspect_json
from pack_cli import pack

PROBLEM = driver_problem()
if PROBLEM is not None:
    pytest.skip(f"needs a GPU: {PROBLEM}", allow_module_level=True)
DECODE = os.environ.get("ZCI_RECORDER_C_DECODE")
if not DECODE or not Path(DECODE).is_file():
    pytest.skip(
        "ZCI_RECORDER_C_DECODE names no built decode program (the GPU bundle carries it)", allow_module_level=True
    )


@pytest.mark.parametrize("video", FIXTURES, ids=lambda p: p.name)
def test_the_c_recording_equals_the_inspector_report(video: Path, tmp_path: Path):
    facts = tmp_path / "facts.jsonl"
    done = subprocess.run([DECODE, str(video), str(facts), str(FRAMES)], capture_output=True, text=True, timeout=120)
    lines = done.stdout.split()
    recorded = [line for line in done.stdout.splitlines() if line.startswith("recorded ")]
    if not recorded:
        # NVDEC does not take this stream, or FFmpeg gives frames the header's AVFrame reader does not read (CUDA
        # frames of NV12, P010, P016, YUV444P and YUV444P16 only, as zci_from_avframe says): the program says which,
        # and nothing is compared.
        print(f"{video.name}: {done.stdout.strip()} {done.stderr.strip()[-300:]}")
        assert done.returncode in (0, 1), done.stdout + done.stderr
        assert lines, done.stderr
        pytest.skip(f"{video.name}: the C program recorded no frame ({done.stdout.strip().splitlines()[0]})")
    assert done.returncode == 0, done.stdout + done.stderr
    capture = tmp_path / "c.zci"
    packed = pack(facts, capture, "--unsigned")
    assert packed.returncode == 0, packed.stdout + packed.stderr
    code, out, err = inspect_json(capture)
    assert out is not None, err
    assert code == 0, json.dumps(out["summary"])
    own = inspected_video(video)
    by_index = {r["frameIndex"]: r for r in own}
    for line, frame in zip(recorded, out["frames"], strict=True):
        index = int(line.split()[1])
        theirs, ours = frame["report"], by_index[index]
        assert ours["decodePath"] == "nvdec", ours["decodePath"]
        assert plane_facts(theirs) == plane_facts(ours), f"{video.name} frame {index}"
        assert frame["ok"], frame["checks"]
    print(
        f"{video.name}: {len(recorded)} frames, planes (pitch, offset, rows) {plane_facts(out['frames'][0]['report'])}"
    )
