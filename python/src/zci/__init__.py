"""Zero-Copy Inspector's recorder: evidence of zero-copy wraps taken in your own process, written as a .zci."""

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
