"""Zero-Copy Inspector's recorder: evidence of zero-copy wraps taken in your own process, written as a .zci.

The public names load on first use (PEP 562), so a program that imports only a part of the package, such as the Ray
scan's driver and its actors (zci.scan), never loads the recorder, its schema check or its signing."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .detect import describe
    from .errors import (
        DriverCallError,
        FreedAllocationError,
        HostMemoryError,
        LayoutError,
        NoDriverError,
        RecorderError,
        UnsupportedObjectError,
        ViewPastAllocationError,
    )
    from .manifest import RECORDER_VERSION as __version__
    from .planes import Plane, PlaneSet
    from .recorder import Recorder

__all__ = [
    "DriverCallError",
    "FreedAllocationError",
    "HostMemoryError",
    "LayoutError",
    "NoDriverError",
    "Plane",
    "PlaneSet",
    "Recorder",
    "RecorderError",
    "UnsupportedObjectError",
    "ViewPastAllocationError",
    "__version__",
    "describe",
]

# Each public name: the module that defines it, and its name there.
_HOMES = {
    "DriverCallError": (".errors", "DriverCallError"),
    "FreedAllocationError": (".errors", "FreedAllocationError"),
    "HostMemoryError": (".errors", "HostMemoryError"),
    "LayoutError": (".errors", "LayoutError"),
    "NoDriverError": (".errors", "NoDriverError"),
    "Plane": (".planes", "Plane"),
    "PlaneSet": (".planes", "PlaneSet"),
    "Recorder": (".recorder", "Recorder"),
    "RecorderError": (".errors", "RecorderError"),
    "UnsupportedObjectError": (".errors", "UnsupportedObjectError"),
    "ViewPastAllocationError": (".errors", "ViewPastAllocationError"),
    "__version__": (".manifest", "RECORDER_VERSION"),
    "describe": (".detect", "describe"),
}


def __getattr__(name: str) -> Any:
    """A public name, loaded from its module on first use and kept here after."""
    try:
        module, attribute = _HOMES[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(import_module(module, __name__), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
