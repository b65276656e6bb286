"""A real PyNvVideoCodec frame: NVDEC's decode of the sample in this process, recorded the way a user holds it.

Runs where PyNvVideoCodec is installed (its wheel carries its own FFmpeg and CUDA runtime) and a GPU is present;
skips otherwise, saying which is missing.
"""

from __future__ import annotations

import pytest
from gpu_state import driver_problem

from inspector import inspect_json
from paths import REPO
from zci import Recorder

PROBLEM = driver_problem()
if PROBLEM is not None:
    pytest.skip(f"needs a GPU: {PROBLEM}", allow_module_level=True)
nvc = pytest.importorskip("PyNvVideoCodec")

SAMPLE = REPO / "assets" / "sample.mp4"


def _cai_pointers(frame) -> list[int]:
    """The device pointers of the frame's planes as its own CUDA-array-interface views give them."""
    return [int(view.__cuda_array_interface__["data"][0]) for view in frame.cuda()]


def test_a_pynvvideocodec_frame_is_detected_and_recorded_at_its_own_pointers(tmp_path):
    decoder = nvc.SimpleDecoder(str(SAMPLE), gpu_id=0, use_device_memory=True)
    frame = decoder[0]
    pointers = _cai_pointers(frame)
    with Recorder(tmp_path / "pynvvideocodec.zci", key_dir=tmp_path / "key") as rec:
        facts = rec.frame(frame, wrapped=frame, label="PyNvVideoCodec frame 0")
    source = facts.source
    shapes = [view.__cuda_array_interface__["shape"] for view in frame.cuda()]
    assert source.kind == "pynvvideocodec", f"{source.described}; views {shapes}"
    assert source.pixel_format == "nv12", source.described
    assert [p.name for p in source.planes] == ["Y", "UV"]
    # The recorder read the planes where PyNvVideoCodec says they are: its views and its own plane-0 accessor.
    assert [p.pointer for p in source.planes] == pointers
    assert source.planes[0].pointer == int(frame.GetPtrToPlane(0))
    assert (source.planes[0].width, source.planes[0].height) == (1920, 1080)
    assert source.planes[0].pitch >= 1920
    # Both planes in device memory the driver knows, on device 0, in one allocation.
    for plane in source.planes:
        assert plane.allocation is not None, plane.name
        assert plane.allocation.memory == "device"
        assert plane.allocation.device == 0
    assert source.planes[0].allocation.start == source.planes[1].allocation.start
    assert [p.pointer for p in facts.wrapped.planes] == pointers
    code, out, err = inspect_json(tmp_path / "pynvvideocodec.zci")
    assert code == 0, err
    planes = out["frames"][0]["report"]["planes"]
    assert [int(p["ffmpegPointer"], 16) for p in planes] == pointers
    # What PyNvVideoCodec's frame is, for the record: where its chroma starts from its luma, in rows of its pitch.
    chroma_rows = (source.planes[1].pointer - source.planes[0].pointer) / source.planes[0].pitch
    print(
        f"PyNvVideoCodec {nvc.__version__}: views {shapes}, pitch {source.planes[0].pitch}, "
        f"chroma {chroma_rows} rows after luma"
    )
