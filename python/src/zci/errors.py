"""The recorder's exceptions: each names what was wrong with the input, never a crash."""

from __future__ import annotations


class RecorderError(Exception):
    """Base of every error the recorder raises on purpose."""


class NoDriverError(RecorderError):
    """The CUDA driver (libcuda.so.1) could not be loaded or has no usable device."""


class DriverCallError(RecorderError):
    """A CUDA driver call failed; the message names the call and the driver's error."""

    def __init__(self, call: str, code: int, name: str) -> None:
        super().__init__(f"{call} failed: {name} ({code})")
        self.call = call
        self.code = code
        self.driver_name = name


class HostMemoryError(RecorderError):
    """The object lies in host memory; the recorder inspects frames in device memory."""


class FreedAllocationError(RecorderError):
    """The pointer lies in no live CUDA allocation (never allocated, or freed)."""


class ViewPastAllocationError(RecorderError):
    """A plane's rows run past the end of the allocation (or the stated range) it starts in."""


class LayoutError(RecorderError):
    """A plane's description is impossible: a negative or too small pitch, zero size, a null pointer."""


class UnsupportedObjectError(RecorderError):
    """The object is none of the kinds the recorder detects."""
