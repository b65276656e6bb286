"""Planes as the recorder sees them: a pointer, a pitch and a size, checked before any driver call."""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import LayoutError, ViewPastAllocationError

#: The most planes one frame description may have (the capture format's limit).
MAX_PLANES = 8


@dataclass(frozen=True)
class Plane:
    """One plane: `height` rows of `width` samples of `bytes_per_sample` bytes, rows `pitch` bytes apart."""

    pointer: int
    pitch: int
    width: int
    height: int
    bytes_per_sample: int = 1
    name: str = "Y"

    @property
    def row_bytes(self) -> int:
        """Bytes of one row's samples (without the padding up to the pitch)."""
        return self.width * self.bytes_per_sample

    @property
    def extent(self) -> int:
        """Bytes from the first byte of the plane to one past its last sample."""
        return self.pitch * (self.height - 1) + self.row_bytes

    @property
    def end(self) -> int:
        """One past the plane's last sample."""
        return self.pointer + self.extent


@dataclass(frozen=True)
class PlaneSet:
    """A frame or a wrapped object as planes, with what its producer says about it."""

    planes: tuple[Plane, ...]
    #: How it was detected: 'cuda-array-interface', 'dlpack', 'raw', 'pynvvideocodec', 'torchcodec', 'cvcuda', 'planes'.
    kind: str
    #: The object in words ("torch.Tensor (1620, 1920, 1) uint8").
    described: str
    #: An FFmpeg pixel format name when the producer says it (or it follows from the planes).
    pixel_format: str | None = None
    #: Rows and samples the decoder produced, where the producer says them (the display size is plane 0's).
    coded_width: int | None = None
    coded_height: int | None = None
    #: The stream the producer says the data is ready on (__cuda_array_interface__ version 3), or None.
    stream: int | None = None
    #: The allocation the caller states for raw pointers: (start, size); None to ask the driver only.
    stated_allocation: tuple[int, int] | None = None
    #: Presentation time in seconds, where the producer says it.
    time_seconds: float | None = None
    #: The DLPack device type where the object came through DLPack (2: CUDA, 13: managed), else None.
    dlpack_device: int | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)


def check_plane(plane: Plane, what: str) -> None:
    """Raises LayoutError naming the first impossible part of a plane's description."""
    if plane.pointer == 0:
        raise LayoutError(f"{what}: the plane pointer is null")
    if plane.pointer < 0:
        raise LayoutError(f"{what}: the plane pointer {plane.pointer} is negative")
    if plane.pitch < 0:
        raise LayoutError(f"{what}: negative pitch {plane.pitch}; the recorder reads rows top to bottom only")
    if plane.width <= 0 or plane.height <= 0:
        raise LayoutError(f"{what}: the plane is {plane.width}x{plane.height}; both must be at least 1")
    if plane.bytes_per_sample <= 0:
        raise LayoutError(f"{what}: {plane.bytes_per_sample} bytes per sample; must be at least 1")
    if plane.pitch < plane.row_bytes and plane.height > 1:
        raise LayoutError(
            f"{what}: pitch {plane.pitch} is smaller than a row's {plane.row_bytes} bytes, so rows would overlap"
        )


def check_plane_set(planes: PlaneSet, what: str) -> None:
    """Checks every plane, the plane count and a stated allocation range, before any driver call."""
    if not planes.planes:
        raise LayoutError(f"{what}: no planes")
    if len(planes.planes) > MAX_PLANES:
        raise LayoutError(f"{what}: {len(planes.planes)} planes; at most {MAX_PLANES}")
    for i, plane in enumerate(planes.planes):
        check_plane(plane, f"{what} plane {i} ({plane.name})")
    if planes.stated_allocation is not None:
        start, size = planes.stated_allocation
        if size <= 0:
            raise LayoutError(f"{what}: the stated allocation has {size} bytes")
        for i, plane in enumerate(planes.planes):
            check_within(plane, start, size, f"{what} plane {i} ({plane.name})", "the stated allocation")


def check_within(plane: Plane, start: int, size: int, what: str, allocation: str) -> None:
    """Raises ViewPastAllocationError when the plane does not lie wholly in [start, start + size)."""
    if plane.pointer < start:
        raise ViewPastAllocationError(
            f"{what} starts at {plane.pointer:#x}, {start - plane.pointer} bytes before {allocation} "
            f"({start:#x}, {size} bytes)"
        )
    past = plane.end - (start + size)
    if past > 0:
        rows = plane.height - (start + size - plane.pointer - plane.row_bytes) // plane.pitch - 1 if plane.pitch else 0
        raise ViewPastAllocationError(
            f"{what}: a view of {plane.height} rows of pitch {plane.pitch} ends {past} bytes past the end of "
            f"{allocation} ({start:#x}, {size} bytes): its last {max(rows, 1)} row(s) lie outside it"
        )
