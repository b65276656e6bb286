"""The recorder's exceptions: each names what was wrong with the input, never a crash."""

from __future__ import annotations


class RecorderError(Exception):
    """Base of every error the recorder raises on purpose; `code` is stable, for scripts to tell them apart."""

    code = "RECORDER_ERROR"


class CaptureInvalidError(RecorderError):
    """The capture would break the format (its schema, its rules or its budgets): the inspector would refuse it, so
    it is not written."""

    code = "CAPTURE_INVALID"


class FactsError(RecorderError):
    """A facts file given to `pack` is not what the C header writes; `code` says how (FACTS_NOT_UTF8, …)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class OutputError(RecorderError):
    """The capture cannot be written where asked; `code` says why (OUTPUT_EXISTS, OUTPUT_IS_LINK, …)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class NoDriverError(RecorderError):
    """The CUDA driver (libcuda.so.1) could not be loaded or has no usable device."""

    code = "NO_DRIVER"


class DriverCallError(RecorderError):
    """A CUDA driver call failed; the message names the call and the driver's error (`code` is the driver's)."""

    def __init__(self, call: str, code: int, name: str) -> None:
        super().__init__(f"{call} failed: {name} ({code})")
        self.call = call
        self.code = code
        self.driver_name = name


class HostMemoryError(RecorderError):
    """The object lies in host memory; the recorder inspects frames in device memory."""

    code = "HOST_MEMORY"


class FreedAllocationError(RecorderError):
    """The pointer lies in no live CUDA allocation (never allocated, or freed)."""

    code = "FREED_ALLOCATION"


class ViewPastAllocationError(RecorderError):
    """A plane's rows run past the end of the allocation (or the stated range) it starts in."""

    code = "VIEW_PAST_ALLOCATION"


class LayoutError(RecorderError):
    """A plane's description is impossible: a negative or too small pitch, zero size, a null pointer."""

    code = "LAYOUT_INVALID"


class UnsupportedObjectError(RecorderError):
    """The object is none of the kinds the recorder detects."""

    code = "UNSUPPORTED_OBJECT"
