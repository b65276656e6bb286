"""What the frame report states of a facts record beyond the facts themselves: where the wrapped object puts each
plane, where the wrapped planes lie in the source's allocation, hidden rows, whether one tensor could hold the frame,
one context. The inspector's checks (pointers, strides, …) it computes itself, from the report's values."""

from __future__ import annotations

from dataclasses import dataclass

from .facts import FrameFacts, ObjectFacts, PlaneFacts


@dataclass(frozen=True)
class Placement:
    """Where a wrapped plane lies against the source's allocation."""

    plane: int
    inside: bool | None
    offset_in_source_allocation: int | None
    offset_from_source_plane0: int
    why: str


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


def pointer_matches(facts: FrameFacts) -> list[bool | None]:
    """Per source plane: the wrapped object's plane starts where the source's does (None: nothing to compare)."""
    return [None if i is None else i[0] == s.pointer for s, i in zip(facts.source.planes, implied_planes(facts))]


def placements(facts: FrameFacts) -> list[Placement]:
    """Whether each wrapped plane lies inside the source's allocation, and at which offset."""
    if facts.wrapped is None:
        return []
    source0 = facts.source.planes[0]
    alloc = source0.allocation
    out = []
    for i, w in enumerate(facts.wrapped.planes):
        if alloc is None:
            out.append(Placement(i, None, None, w.pointer - source0.pointer, "the source's allocation is unknown"))
            continue
        inside = alloc.start <= w.pointer and w.end <= alloc.start + alloc.size
        why = (
            "inside the source's allocation"
            if inside
            else (f"outside the source's allocation ({alloc.start:#x}, {alloc.size} bytes): not a view of the frame")
        )
        out.append(Placement(i, inside, w.pointer - alloc.start if inside else None, w.pointer - source0.pointer, why))
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


def tensor_verdict(facts: FrameFacts) -> dict[str, object]:
    """Whether the frame can be one tensor (the report's wrap.tensor), from the wrapped object or the source."""
    source = facts.source.planes
    if len(source) < 2:
        return {
            "attempted": False,
            "valid": True,
            "reason": "the frame has one plane: it is one tensor as it is",
            "shape": None,
            "layout": None,
            "assumedChromaRow": None,
            "actualChromaRow": None,
        }
    y, uv = source[0], source[1]
    gap = uv.pointer - y.pointer
    actual = gap // y.pitch if y.pitch > 0 and gap > 0 and gap % y.pitch == 0 else None
    wrapped = facts.wrapped.planes[0] if facts.wrapped is not None and len(facts.wrapped.planes) == 1 else None
    rows = wrapped.height if wrapped is not None else y.height + uv.height
    assumed = round(y.height * rows / (y.height + uv.height))
    shape = [1, rows, y.width, 1]
    base = {"attempted": True, "shape": shape, "layout": "NHWC", "assumedChromaRow": assumed, "actualChromaRow": actual}
    if any(p.pitch != y.pitch for p in source[1:2]):
        return {**base, "valid": False, "reason": f"the planes have different pitches ({y.pitch}, {uv.pitch})"}
    if actual is None:
        return {
            **base,
            "valid": False,
            "reason": f"plane 1 does not start a whole number of rows after plane 0 ({gap} bytes at pitch {y.pitch})",
        }
    if wrapped is not None and wrapped.pointer != y.pointer:
        return {**base, "valid": False, "reason": "the tensor does not start at plane 0's first byte"}
    if wrapped is not None and wrapped.pitch != y.pitch:
        return {**base, "valid": False, "reason": f"the tensor's row stride {wrapped.pitch} is not the pitch {y.pitch}"}
    coded_rows = round(actual * (y.height + uv.height) / y.height)
    if assumed != actual:
        return {
            **base,
            "valid": False,
            "reason": (
                f"chroma starts at row {actual}, not at row {assumed}: a [1,{rows},{y.width},1] tensor would read "
                f"{actual - assumed} padding rows as chroma; a [1,{coded_rows},{y.width},1] tensor over the "
                f"coded rows is valid if its output is cropped to {y.height} rows"
            ),
        }
    return {
        **base,
        "valid": True,
        "reason": f"chroma starts at row {actual}: one [1,{rows},{y.width},1] tensor holds both planes"
        + ("" if assumed == y.height else f"; crop its output to the {y.height} displayed rows"),
    }


def contexts(facts: FrameFacts) -> list[int]:
    """Every distinct context in play: the allocations' and the thread's current one (0 left out)."""
    found = [p.allocation.context for p in facts.source.planes if p.allocation is not None]
    if facts.wrapped is not None:
        found += [p.allocation.context for p in facts.wrapped.planes if p.allocation is not None]
    if facts.current_context:
        found.append(facts.current_context)
    return sorted({c for c in found if c})


def one_context(facts: FrameFacts) -> bool | None:
    found = contexts(facts)
    return None if not found else len(found) == 1
