"""What the recorder reads is planned and bounded before any read."""

from __future__ import annotations

import pytest

from zci.plan import BOUNDARY_BYTES, THUMBNAIL_PLANE_CAP, boundary_reads, channel_bytes, thumbnail_plan
from zci.planes import Plane


@pytest.mark.parametrize(
    ("width", "height", "bps"),
    [(1920, 1080, 1), (960, 540, 2), (8192, 4352, 4), (1, 1, 1), (4096, 2, 8), (3, 100000, 2)],
)
def test_a_thumbnail_grid_never_exceeds_its_cap(width, height, bps):
    plan = thumbnail_plan(Plane(0x1000, width * bps, width, height, bps))
    assert 0 < plan.bytes <= THUMBNAIL_PLANE_CAP
    assert max(plan.columns) < width * bps
    assert (plan.rows - 1) * plan.row_step < height


def test_boundaries_are_bounded_and_stay_inside_the_allocation():
    plane = Plane(0x1000, 2048, 1920, 1080, 1)
    reads = boundary_reads(plane, 2048 * 1088)
    assert [r.what for r in reads][:3] == [
        "last visible row",
        "right padding of the last visible row",
        "first row below the picture",
    ]
    assert all(0 < r.count <= BOUNDARY_BYTES and r.offset + r.count <= 2048 * 1088 for r in reads)
    assert reads[-1].offset == 1087 * 2048


def test_without_an_allocation_only_the_visible_rows_are_read():
    plane = Plane(0x1000, 2048, 1920, 1080, 1)
    assert all(r.offset + r.count <= plane.extent for r in boundary_reads(plane, None))


def test_interleaved_chroma_splits_into_u_and_v_by_their_high_bytes():
    plan = thumbnail_plan(Plane(0x1000, 8, 2, 1, 4))
    u, v = channel_bytes(bytes([1, 2, 3, 4, 5, 6, 7, 8]), plan, 2)
    assert (u, v) == (bytes([2, 6]), bytes([4, 8]))
