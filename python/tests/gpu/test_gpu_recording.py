"""Live recording on a GPU: torch views, CuPy arrays, CV-CUDA tensors; the wrong versions caught; the proof."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest
from frames import PITCH, naive_view, torch_frame
from gpu_state import driver_problem

from inspector import inspect_json
from zci import FreedAllocationError, HostMemoryError, Recorder, ViewPastAllocationError
from zci.driver import Driver

PROBLEM = driver_problem()
if PROBLEM is not None:
    pytest.skip(f"needs a GPU: {PROBLEM}", allow_module_level=True)
torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("torch has no CUDA device", allow_module_level=True)


def test_the_right_wrap_matches_and_the_proof_passes_leaving_the_bytes(tmp_path):
    buffer, y, uv = torch_frame()
    before = buffer.clone()
    with Recorder(tmp_path / "right.zci", proof=True, key_dir=tmp_path / "key") as rec:
        facts = rec.frame([y, uv], wrapped=[y.view(y.shape), uv.view(uv.shape)], label="after decode")
    assert [p.pointer for p in facts.wrapped.planes] == [p.pointer for p in facts.source.planes]
    assert facts.source.planes[1].pointer - facts.source.planes[0].pointer == 1088 * PITCH
    assert facts.source.planes[0].allocation.size >= 1632 * PITCH
    assert facts.proof.ran and facts.proof.passed and facts.proof.restored
    assert torch.equal(buffer, before)
    assert 0 < facts.bytes_read <= 512 * 1024
    code, out, err = inspect_json(tmp_path / "right.zci")
    assert code == 0, err
    assert out["frames"][0]["report"]["aliasing"]["passed"] is True


def test_the_one_and_a_half_h_view_is_caught_and_its_proof_fails(tmp_path):
    buffer, y, uv = torch_frame()
    before = buffer.clone()
    with Recorder(tmp_path / "naive.zci", proof=True, key_dir=tmp_path / "key") as rec:
        facts = rec.frame([y, uv], wrapped=naive_view(buffer), label="1.5xH view")
    assert facts.proof.ran and not facts.proof.passed and facts.proof.restored
    assert torch.equal(buffer, before)
    code, out, err = inspect_json(tmp_path / "naive.zci")
    assert code == 1, err
    plane = out["frames"][0]["report"]["planes"][1]
    assert int(plane["ffmpegPointer"], 16) - int(plane["nvcvPointer"], 16) == 8 * PITCH


def test_a_cupy_array_is_recorded_and_the_proof_runs_through_it(tmp_path):
    cupy = pytest.importorskip("cupy")
    buffer, y, uv = torch_frame()
    before = buffer.clone()
    with Recorder(tmp_path / "cupy.zci", proof=True, key_dir=tmp_path / "key") as rec:
        right = rec.frame([y, uv], wrapped=[cupy.asarray(y), cupy.asarray(uv)], label="CuPy wrap")
        naive = rec.frame([cupy.asarray(y), cupy.asarray(uv)], wrapped=cupy.asarray(naive_view(buffer)), label="1.5xH")
    assert naive.source.planes[0].pointer == y.data_ptr()
    assert naive.wrapped.planes[0].pitch == PITCH
    # The canary written through the CuPy arrays is read back through the torch views; the 1.5xH array's chroma is
    # 8 rows above the frame's, so its canary is not.
    assert right.proof.ran and right.proof.passed and right.proof.restored
    assert naive.proof.ran and not naive.proof.passed and naive.proof.restored
    assert torch.equal(buffer, before)


def test_a_cvcuda_tensor_is_recorded_and_the_proof_runs_through_it(tmp_path):
    cvcuda = pytest.importorskip("cvcuda")
    buffer, y, uv = torch_frame()
    before = buffer.clone()
    planes = [cvcuda.as_tensor(y.unsqueeze(0).unsqueeze(-1), "NHWC"), cvcuda.as_tensor(uv.unsqueeze(0), "NHWC")]
    tensor = cvcuda.as_tensor(naive_view(buffer).unsqueeze(0).unsqueeze(-1), "NHWC")
    with Recorder(tmp_path / "cvcuda.zci", proof=True, key_dir=tmp_path / "key") as rec:
        right = rec.frame([y, uv], wrapped=planes, label="CV-CUDA tensors a plane")
        naive = rec.frame([y, uv], wrapped=tensor, label="cvcuda tensor")
    assert naive.wrapped.kind == "cvcuda"
    assert naive.wrapped.planes[0].height == 1620
    assert [p.pointer for p in right.wrapped.planes] == [p.pointer for p in right.source.planes]
    assert right.proof.ran and right.proof.passed and right.proof.restored
    assert naive.proof.ran and not naive.proof.passed and naive.proof.restored
    assert torch.equal(buffer, before)


def test_a_frame_used_on_another_stream_without_waiting_reads_pending(tmp_path):
    _buffer, y, uv = torch_frame()
    decode = torch.cuda.Stream()
    with torch.cuda.stream(decode):
        torch.cuda._sleep(2_000_000_000)
    with Recorder(tmp_path / "stream.zci", key_dir=tmp_path / "key") as rec:
        pending = rec.frame([y, uv], label="no wait", stream=decode)
        decode.synchronize()
        done = rec.frame([y, uv], label="after wait", stream=decode)
    assert (pending.stream.state, done.stream.state) == ("pending", "complete")
    assert pending.stream.method == "cuStreamQuery"


def test_bad_pointers_are_named(tmp_path):
    driver = Driver()
    pointer = ctypes.c_uint64()
    torch.zeros(1, device="cuda")
    assert driver.lib.cuMemAlloc_v2(ctypes.byref(pointer), ctypes.c_size_t(1 << 20)) == 0
    view = {"planes": [{"pointer": pointer.value, "pitch": 1024, "width": 1024, "height": 1025}]}
    freed = {"planes": [{"pointer": pointer.value, "pitch": 1024, "width": 1024, "height": 16}]}
    host = np.zeros((16, 16), np.uint8)
    with Recorder(tmp_path / "bad.zci", key_dir=tmp_path / "key") as rec:
        with pytest.raises(ViewPastAllocationError, match="past the end of its allocation"):
            rec.frame(view)
        assert driver.lib.cuMemFree_v2(ctypes.c_uint64(pointer.value)) == 0
        with pytest.raises(FreedAllocationError, match="no live CUDA allocation"):
            rec.frame(freed)
        with pytest.raises(HostMemoryError, match="host pointer"):
            rec.frame({"planes": [{"pointer": host.ctypes.data, "pitch": 16, "width": 16, "height": 16}]})
    assert not (tmp_path / "bad.zci").exists()
