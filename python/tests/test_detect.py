"""Detection of what users hand over, into planes, before any driver call."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

from zci import HostMemoryError, LayoutError, UnsupportedObjectError, ViewPastAllocationError, describe
from zci import dlpack as dl


class CudaArray:
    """An object exposing __cuda_array_interface__ (as torch and CuPy do), at a stated device address."""

    def __init__(self, pointer, shape, strides=None, typestr="|u1", stream=None):
        self.__cuda_array_interface__ = {
            "shape": shape,
            "typestr": typestr,
            "data": (pointer, False),
            "strides": strides,
            "version": 3,
            "stream": stream,
        }


def test_an_nhwc_tensor_is_one_plane_with_its_row_stride():
    found = describe(CudaArray(0x7000000, (1, 1620, 1920, 1), (1620 * 2048, 2048, 1, 1)), "wrapped")
    (plane,) = found.planes
    assert (plane.pointer, plane.pitch, plane.width, plane.height, plane.bytes_per_sample) == (
        0x7000000,
        2048,
        1920,
        1620,
        1,
    )
    assert found.kind == "cuda-array-interface"


def test_two_planes_in_a_list_are_nv12_y_and_uv():
    y = CudaArray(0x7000000, (1080, 1920), (2048, 1))
    uv = CudaArray(0x7000000 + 2048 * 1088, (540, 960, 2), (2048, 2, 1))
    found = describe([y, uv], "source")
    assert [p.name for p in found.planes] == ["Y", "UV"]
    assert found.pixel_format == "nv12"
    assert found.planes[1].bytes_per_sample == 2


class _Format:
    name = "NV12"


class FrameOfPyNvVideoCodec:
    """The interface a PyNvVideoCodec frame offers (the GPU tier decodes real ones): its class lives in the extension
    module _PyNvVideoCodec, .cuda() gives one CUDA-array-interface view a plane, and it also exports DLPack as one
    tensor over every plane, which detection must not prefer over the views."""

    format = _Format()
    timestamp = 0

    def __init__(self, views):
        self._views = views

    def cuda(self):
        return self._views

    def __dlpack__(self, stream=None):
        raise AssertionError("the frame's views are read, not its one-tensor DLPack export")

    def __dlpack_device__(self):
        return (2, 0)


FrameOfPyNvVideoCodec.__module__ = "_PyNvVideoCodec"


@pytest.mark.parametrize("uv_shape, uv_strides", [((540, 960, 2), (1920, 2, 1)), ((540, 1920), (1920, 1))])
def test_a_pynvvideocodec_frame_is_read_through_its_plane_views(uv_shape, uv_strides):
    y = CudaArray(0x7000000, (1080, 1920), (1920, 1))
    uv = CudaArray(0x7000000 + 1920 * 1080, uv_shape, uv_strides)
    found = describe(FrameOfPyNvVideoCodec([y, uv]), "source")
    assert found.kind == "pynvvideocodec"
    assert found.pixel_format == "nv12"
    assert [(p.name, p.width, p.height, p.bytes_per_sample) for p in found.planes] == [
        ("Y", 1920, 1080, 1),
        ("UV", 960, 540, 2),
    ]


def test_a_chw_tensor_is_one_plane_a_channel():
    found = describe(CudaArray(0x9000000, (3, 720, 1280)), "source")
    assert [p.name for p in found.planes] == ["R", "G", "B"]
    assert found.planes[1].pointer - found.planes[0].pointer == 720 * 1280
    assert found.planes[0].pitch == 1280


def test_the_stream_of_a_version_3_interface_is_kept():
    assert describe(CudaArray(0x7000000, (16, 16), stream=0x1234), "source").stream == 0x1234


def test_a_raw_description_with_coded_rows_and_a_stated_allocation():
    spec = {
        "planes": [
            {"pointer": 0x1000, "pitch": 2048, "width": 1920, "height": 1080},
            {"pointer": 0x1000 + 2048 * 1088, "pitch": 2048, "width": 960, "height": 540, "bytes_per_sample": 2},
        ],
        "coded_height": 1088,
        "allocation": (0x1000, 2048 * 1632),
    }
    found = describe(spec, "source")
    assert found.pixel_format == "nv12" and found.coded_height == 1088 and found.kind == "raw"


def test_a_view_past_the_stated_allocation_is_refused_naming_it():
    spec = {
        "planes": [{"pointer": 0x1000, "pitch": 2048, "width": 1920, "height": 1620}],
        "allocation": (0x1000, 2048 * 1088),
    }
    with pytest.raises(ViewPastAllocationError, match="past the end of the stated allocation"):
        describe(spec, "wrapped")


def test_a_negative_pitch_is_refused():
    with pytest.raises(LayoutError, match="negative pitch"):
        describe({"planes": [{"pointer": 0x1000, "pitch": -2048, "width": 16, "height": 16}]}, "source")


def test_a_negative_stride_in_an_array_is_refused():
    with pytest.raises(LayoutError, match="negative stride"):
        describe(CudaArray(0x1000, (16, 16), (-16, 1)), "source")


def test_a_pitch_smaller_than_a_row_is_refused():
    with pytest.raises(LayoutError, match="rows would overlap"):
        describe({"planes": [{"pointer": 0x1000, "pitch": 100, "width": 1920, "height": 2}]}, "source")


def test_a_numpy_array_is_host_memory():
    with pytest.raises(HostMemoryError, match="host memory"):
        describe(np.zeros((4, 4), np.uint8), "source")


def test_a_numpy_dlpack_capsule_is_host_memory():
    with pytest.raises(HostMemoryError, match="host memory"):
        describe(np.zeros((4, 4), np.uint8).__dlpack__(), "source")


def test_bytes_are_host_memory():
    with pytest.raises(HostMemoryError, match="host memory"):
        describe(b"\0" * 16, "source")


def test_a_cuda_dlpack_capsule_is_read_without_being_consumed():
    shape = (ctypes.c_int64 * 2)(1088, 1920)
    strides = (ctypes.c_int64 * 2)(2048, 1)
    managed = dl.DLManagedTensor()
    managed.dl_tensor.data = 0x7F0000000
    managed.dl_tensor.device = dl.DLDevice(dl.DL_CUDA, 0)
    managed.dl_tensor.ndim = 2
    managed.dl_tensor.dtype = dl.DLDataType(1, 8, 1)
    managed.dl_tensor.shape = ctypes.cast(shape, ctypes.POINTER(ctypes.c_int64))
    managed.dl_tensor.strides = ctypes.cast(strides, ctypes.POINTER(ctypes.c_int64))
    new = ctypes.pythonapi.PyCapsule_New
    new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    capsule = new(ctypes.addressof(managed), b"dltensor", None)
    found = describe(capsule, "wrapped")
    assert (found.planes[0].pointer, found.planes[0].pitch, found.planes[0].height) == (0x7F0000000, 2048, 1088)
    assert dl.is_capsule(capsule)


def test_an_unknown_object_names_what_is_accepted():
    with pytest.raises(UnsupportedObjectError, match="__cuda_array_interface__"):
        describe(object(), "wrapped")
