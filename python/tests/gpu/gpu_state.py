"""Whether this machine can run the GPU tests: a CUDA driver with at least one device."""

from __future__ import annotations

from zci import NoDriverError, RecorderError
from zci.driver import Driver


def driver_problem() -> str | None:
    """Why the GPU tests cannot run here, or None."""
    try:
        if not Driver().devices():
            return "the CUDA driver reports no device"
    except (NoDriverError, RecorderError) as error:
        return str(error)
    return None
