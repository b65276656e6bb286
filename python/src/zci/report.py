"""A facts record as the inspector's frame report (contract/report.ts), so every panel reads it: the facts only. The
report's judgements (contract/capture-recorded.ts, RECORDER_JUDGEMENTS: where the wrapped object puts each plane and
whether it matches, the wrap's placement words and tensor verdict, one context and the words that say which) are left
out; the inspector derives them from the frame's recorded facts when it reads the capture."""

from __future__ import annotations

from typing import Any

from . import layout
from .facts import FrameFacts, ObjectFacts, hex_or_none

#: What a facts record cannot say, for every frame: named in the capture's notTaken list.
ALWAYS_NOT_TAKEN = (
    ("decoder surface", "the recorder sees the frame's memory, not the decoder: NVDEC's own surface is not witnessed"),
    ("key frame and picture type", "the recorder is not told the picture type; frames read as non-key, type '?'"),
    ("NVCV format", "the recorder reads the wrapped object's planes, not an NVCV format code"),
    ("surface pool", "the decoder's surface pool size is not visible from the frame"),
    ("decode timing", "the recorder records at hand-over, after the decode"),
)


def _hex(value: int | None) -> str | None:
    return hex_or_none(value)


def _bit_depth(obj: ObjectFacts) -> int:
    fmt = obj.pixel_format or ""
    if "10" in fmt:
        return 10
    if "16" in fmt:
        return 16
    return 8 * obj.planes[0].bytes_per_sample // max(1, len(obj.planes[0].name))


def plane_reports(facts: FrameFacts) -> list[dict[str, Any]]:
    source = facts.source
    planes = source.planes
    out = []
    for i, p in enumerate(planes):
        alloc = p.allocation
        same = alloc is not None and planes[0].allocation is not None and alloc.start == planes[0].allocation.start
        before_next = layout.rows_before_next(planes, i)
        in_alloc = layout.rows_in_allocation(p)
        hidden = (
            before_next - p.height
            if before_next is not None
            else (in_alloc - p.height if in_alloc is not None and i == len(planes) - 1 else None)
        )
        coded = layout.coded_rows(source, i)
        if coded is not None and hidden is not None and hidden >= 0:
            # The coded rows the memory holds: a frames context taller than the rows before the next plane (VP9's
            # odd heights rounded up) cannot put more coded rows there than there are.
            coded = min(coded, p.height + hidden)
        report: dict[str, Any] = {
            "index": i,
            "name": p.name,
            "width": p.width,
            "height": p.height,
            "bytesPerPixel": p.bytes_per_sample,
            "visibleBytesPerRow": p.row_bytes,
            "pitch": p.pitch,
            "rightPadding": p.pitch - p.row_bytes,
            "ffmpegPointer": _hex(p.pointer),
            "offsetFromPlane0": p.pointer - planes[0].pointer if same else None,
            "offsetInAllocation": p.pointer - alloc.start if alloc is not None else None,
            "rowsBeforeNextPlane": before_next,
            "hiddenRowsAfter": hidden,
            "codedWidth": p.width,
            "codedHeight": coded if coded is not None else p.height,
            "codedRowsNotDisplayed": coded - p.height if coded is not None else None,
            "allocatorPaddingRows": hidden - (coded - p.height) if coded is not None and hidden is not None else None,
            "codedColumnsNotDisplayed": 0,
            "separateAllocation": not same,
            "allocation": {"start": _hex(alloc.start), "size": alloc.size} if alloc is not None and not same else None,
        }
        out.append(report)
    return out


def allocation_report(facts: FrameFacts) -> dict[str, Any]:
    planes = facts.source.planes
    a = planes[0].allocation
    if a is None:
        return {
            "source": "cuda-driver",
            "memory": "unknown",
            "device": None,
            "context": None,
            "rangeStart": None,
            "rangeSize": None,
            "bufferId": None,
            "planesInOneAllocation": False,
            "error": "the recorder took no allocation for plane 0",
        }
    one = all(p.allocation is not None and p.allocation.start == a.start for p in planes)
    return {
        "source": "cuda-driver",
        "memory": a.memory if a.memory in ("device", "managed") else "unknown",
        "device": a.device,
        "context": _hex(a.context),
        "rangeStart": _hex(a.start),
        "rangeSize": a.size,
        "bufferId": str(a.buffer_id),
        "planesInOneAllocation": one,
        "error": None,
    }


def wrap_report(facts: FrameFacts) -> dict[str, Any]:
    if facts.wrapped is None:
        return {
            "available": False,
            "formatName": None,
            "formatCode": None,
            "bufferType": None,
            "numPlanes": None,
            "handleLive": False,
            "descriptorOnly": False,
            "hostRefusal": None,
        }
    return {
        "available": True,
        "formatName": None,
        "formatCode": None,
        "bufferType": "STRIDED_CUDA",
        "numPlanes": len(facts.wrapped.planes),
        "handleLive": True,
        "descriptorOnly": False,
        "hostRefusal": None,
    }


def aliasing_report(facts: FrameFacts) -> dict[str, Any]:
    proof = facts.proof
    return {
        "ran": proof.ran,
        "passed": proof.passed,
        "method": "none",
        "canary": proof.canary,
        "readBack": ",".join(proof.read_back),
        "restored": proof.restored,
        "reason": proof.reason + ("" if not proof.ran else " (driver copies on the recorder's stream)"),
        "witness": "the wrapped object's own plane addresses, written with cuMemcpyHtoDAsync" if proof.ran else None,
    }


def context_report(facts: FrameFacts) -> dict[str, Any]:
    src = facts.source.planes[0].allocation
    wrapped = facts.wrapped.planes[0].allocation if facts.wrapped is not None else None
    return {
        "ffmpegContext": _hex(src.context) if src else None,
        "runtimeContext": _hex(facts.current_context),
        "allocationContext": _hex(wrapped.context) if wrapped else None,
        "ffmpegStream": _hex(facts.stream.handle),
        "inspectorStream": None,
    }


def frame_report(facts: FrameFacts, index: int, seen: set[int], distinct: int) -> dict[str, Any]:
    """The report of the frame recorded `index`-th; `seen` holds plane-0 addresses of earlier frames."""
    src = facts.source
    y = src.planes[0]
    device = y.allocation is not None and y.allocation.memory in ("device", "managed")
    time_s = src.time_seconds or 0.0
    return {
        "frameIndex": index,
        "pts": time_s,
        "timeSeconds": time_s,
        "keyFrame": False,
        "pictureType": "?",
        "decodePath": "nvdec" if device else "software-upload",
        "format": {
            "swFormat": src.pixel_format or "unknown",
            "hwFormat": "cuda" if device else None,
            "bitDepth": _bit_depth(src),
            "chromaSubsampling": _subsampling(src),
            "colorRange": "unknown",
            "colorMatrix": "unknown",
            "width": y.width,
            "height": y.height,
            "codedWidth": src.coded_width or y.width,
            "codedHeight": src.coded_height or y.height,
        },
        "planes": plane_reports(facts),
        "allocation": allocation_report(facts),
        "wrap": wrap_report(facts),
        "aliasing": aliasing_report(facts),
        "context": context_report(facts),
        "pool": {
            "poolSize": None,
            "extraReserved": 0,
            "framesHeld": 0,
            "addressSeenBefore": y.pointer in seen,
            "distinctAddresses": distinct,
        },
        "timings": {"decodeUs": 0, "wrapUs": 0, "exportUs": 0, "evidenceUs": facts.elapsed_us},
    }


def _subsampling(obj: ObjectFacts) -> str:
    if len(obj.planes) < 2:
        return "none"
    y, c = obj.planes[0], obj.planes[1]
    if c.height * 2 >= y.height and c.height < y.height:
        return "4:2:0"
    return "4:2:2" if c.width < y.width else "4:4:4"
