"""What the recorder reads from a frame, planned before any read and bounded by fixed caps."""

from __future__ import annotations

from dataclasses import dataclass

from .planes import Plane

#: Bytes read at one boundary.
BOUNDARY_BYTES = 32
#: The widest thumbnail grid, in samples.
THUMBNAIL_MAX_COLUMNS = 128
#: Bytes one plane's thumbnail grid may copy to the host.
THUMBNAIL_PLANE_CAP = 32 * 1024
#: Bytes everything one recorded frame may copy to the host (thumbnails, boundaries, the proof's read-backs).
FRAME_READ_CAP = 16 * THUMBNAIL_PLANE_CAP


@dataclass(frozen=True)
class BoundaryRead:
    """`count` bytes at `offset` from the plane's first byte, and what lies there."""

    what: str
    offset: int
    count: int


@dataclass(frozen=True)
class ThumbnailPlan:
    """A grid of `rows` rows (every `row_step`-th) by the sample columns in `columns` (byte offsets in a row)."""

    columns: tuple[int, ...]
    rows: int
    row_step: int
    sample_bytes: int

    @property
    def bytes(self) -> int:
        return len(self.columns) * self.rows * self.sample_bytes


def boundary_reads(plane: Plane, available: int | None) -> list[BoundaryRead]:
    """The bytes read at a plane's boundaries: the start of its last visible row, the right padding after it, the
    first row below the picture and the last row before the next plane (or the allocation's end). `available` is
    how many bytes from the plane's first byte lie in its allocation (None: unknown, only the visible rows)."""
    limit = plane.extent if available is None else available
    reads: list[BoundaryRead] = []

    def add(what: str, offset: int, count: int) -> None:
        count = min(count, BOUNDARY_BYTES, limit - offset)
        if offset >= 0 and count > 0:
            reads.append(BoundaryRead(what, offset, count))

    last = (plane.height - 1) * plane.pitch
    add("last visible row", last, plane.row_bytes)
    add("right padding of the last visible row", last + plane.row_bytes, plane.pitch - plane.row_bytes)
    add("first row below the picture", plane.height * plane.pitch, plane.row_bytes)
    if available is not None and plane.pitch > 0:
        rows = available // plane.pitch
        if rows - 1 > plane.height:
            add(
                "last whole row before the next plane or the allocation's end",
                (rows - 1) * plane.pitch,
                plane.row_bytes,
            )
    return reads


def thumbnail_plan(
    plane: Plane, max_columns: int = THUMBNAIL_MAX_COLUMNS, cap: int = THUMBNAIL_PLANE_CAP
) -> ThumbnailPlan:
    """A subsampled grid with the plane's aspect, at most `max_columns` wide and `cap` bytes in all."""
    columns = min(plane.width, max_columns)
    while True:
        rows_wanted = max(1, round(columns * plane.height / plane.width))
        step = max(1, plane.height // rows_wanted)
        rows = min(rows_wanted, (plane.height - 1) // step + 1)
        if columns * rows * plane.bytes_per_sample <= cap or columns == 1:
            break
        columns = max(1, columns * 3 // 4)
    rows = max(1, min(rows, cap // max(1, columns * plane.bytes_per_sample)))
    offsets = tuple((i * plane.width // columns) * plane.bytes_per_sample for i in range(columns))
    return ThumbnailPlan(offsets, rows, step, plane.bytes_per_sample)


def channel_bytes(grid: bytes, plan: ThumbnailPlan, channels: int) -> list[bytes]:
    """One grey image a channel from a grid of samples: each channel's most significant byte (little-endian)."""
    width = plan.sample_bytes // channels if channels else plan.sample_bytes
    out = []
    for c in range(channels):
        at = c * width + width - 1
        out.append(bytes(grid[i + at] for i in range(0, len(grid), plan.sample_bytes)))
    return out
