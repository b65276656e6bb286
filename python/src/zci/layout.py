"""The layout a facts record implies, no judgement of it: where the wrapped object addresses each source plane (the
proof writes its canary there), and the rows around each plane (the report's hidden and coded rows). Whether the
pointers match, where the wrapped planes lie against the source's allocation, whether one tensor could hold the frame
and how many contexts are in play are judged by the inspector alone, from the facts the capture records
(electron/capture/recorded-judgements.ts)."""

from __future__ import annotations

from .facts import FrameFacts, ObjectFacts, PlaneFacts


def plane_wise(facts: FrameFacts) -> bool:
    """True when the wrapped object has a plane for every source plane (an NVCV image, a list of planes)."""
    return facts.wrapped is not None and len(facts.wrapped.planes) == len(facts.source.planes)


def implied_planes(facts: FrameFacts) -> list[tuple[int, int] | None]:
    """Per source plane: (address, row stride) where the wrapped object puts it. Plane by plane for an image or a
    list of planes; for one tensor over several planes, each plane's rows scaled by the tensor's height against the
    planes' (a [1, 1.5H, W, 1] view puts chroma at row H; a [1, 1632, 1920, 1] one at row 1088); None where the
    wrapped object has no such plane."""
    if facts.wrapped is None:
        return [None for _ in facts.source.planes]
    if plane_wise(facts):
        return [(w.pointer, w.pitch) for w in facts.wrapped.planes]
    if len(facts.wrapped.planes) != 1:
        return [None for _ in facts.source.planes]
    w = facts.wrapped.planes[0]
    out: list[tuple[int, int] | None] = []
    total = sum(s.height for s in facts.source.planes)
    row = 0
    for s in facts.source.planes:
        start = round(row * w.height / total)
        out.append((w.pointer + start * w.pitch, w.pitch) if start + s.height <= w.height else None)
        row += s.height
    return out


def rows_before_next(planes: list[PlaneFacts], i: int) -> int | None:
    """Rows of plane i's pitch from its start to the next plane, when the next plane follows in the same allocation."""
    if i + 1 >= len(planes):
        return None
    here, after = planes[i], planes[i + 1]
    if here.allocation is None or after.allocation is None or here.allocation.start != after.allocation.start:
        return None
    gap = after.pointer - here.pointer
    return gap // here.pitch if gap > 0 and here.pitch > 0 and gap % here.pitch == 0 else None


def rows_in_allocation(plane: PlaneFacts) -> int | None:
    """Whole rows of the plane's pitch from its start to its allocation's end."""
    if plane.allocation is None or plane.pitch <= 0:
        return None
    return (plane.allocation.start + plane.allocation.size - plane.pointer) // plane.pitch


def coded_rows(obj: ObjectFacts, i: int) -> int | None:
    """This plane's coded rows, where the source says its coded height: scaled by the plane's vertical subsampling
    (rounded up, as FFmpeg's AV_CEIL_RSHIFT), and never fewer than the plane's own rows."""
    if obj.coded_height is None:
        return None
    luma, rows = obj.planes[0].height, obj.planes[i].height
    if not luma or not rows:
        return None
    step = round(luma / rows) if rows < luma else 1
    return max(rows, -(-obj.coded_height // step))
