"""Without the CUDA driver: a clear exception, never a crash; bad input is refused before the driver."""

from __future__ import annotations

import ctypes.util

import numpy as np
import pytest

from zci import HostMemoryError, NoDriverError, Recorder
from zci.driver import Driver
from zci.hostmap import describe_unknown_pointer

HAS_DRIVER = ctypes.util.find_library("cuda") is not None


def test_a_missing_driver_library_is_a_clear_error():
    with pytest.raises(NoDriverError, match=r"no CUDA driver: libcuda-absent\.so\.1 could not be loaded"):
        Driver("libcuda-absent.so.1")


@pytest.mark.skipif(HAS_DRIVER, reason="this machine has a CUDA driver")
def test_recording_a_device_frame_without_the_driver_names_it(tmp_path):
    class Frame:
        @property
        def __cuda_array_interface__(self):
            return {"shape": (16, 16), "typestr": "|u1", "data": (0x7000000, False), "version": 3}

    with pytest.raises(NoDriverError, match=r"libcuda\.so\.1"), Recorder(tmp_path / "run.zci") as rec:
        rec.frame(Frame(), label="no driver")
    assert not (tmp_path / "run.zci").exists()


def test_host_memory_is_refused_before_the_driver(tmp_path):
    with pytest.raises(HostMemoryError, match="host memory"), Recorder(tmp_path / "run.zci") as rec:
        rec.frame(np.zeros((8, 8), np.uint8))


def test_a_host_address_is_told_from_an_unknown_one():
    array = np.zeros(4096, np.uint8)
    assert describe_unknown_pointer(array.ctypes.data) == "host"
    assert describe_unknown_pointer(0x10) == "unknown"
    maps = "7f0000000000-7f0000100000 ---p 00000000 00:05 12 /dev/nvidia-uvm\n"
    assert describe_unknown_pointer(0x7F0000000010, maps) == "unknown"
