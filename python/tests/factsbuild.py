"""Facts records made without a GPU, for the writer's tests only: the layout of an NVDEC NV12 1920x1080 frame
(pitch 2048, chroma after 1088 coded rows), as the driver would report it. Live recording needs a GPU."""

from __future__ import annotations

from zci.facts import AllocationFacts, FrameFacts, ObjectFacts, PlaneFacts, StreamFacts, ThumbnailFacts

BASE = 0x205600000
PITCH = 2048
ALLOCATION = AllocationFacts(start=BASE, size=3342336, memory="device", device=0, context=0x7F60AC08C4E0, buffer_id=987)
UV = BASE + PITCH * 1088


def source() -> ObjectFacts:
    return ObjectFacts(
        kind="pynvvideocodec",
        described="decoded NV12 frame",
        planes=[
            PlaneFacts("Y", BASE, PITCH, 1920, 1080, 1, ALLOCATION),
            PlaneFacts("UV", UV, PITCH, 960, 540, 2, ALLOCATION),
        ],
        pixel_format="nv12",
        coded_width=1920,
        coded_height=1088,
        time_seconds=0.0,
    )


def image_wrap() -> ObjectFacts:
    """An NVCV image wrapped plane by plane: the right wrap."""
    return ObjectFacts(
        "cvcuda",
        "nvcv.Image NV12",
        [
            PlaneFacts(p.name, p.pointer, p.pitch, p.width, p.height, p.bytes_per_sample, ALLOCATION)
            for p in source().planes
        ],
    )


def naive_tensor(rows: int = 1620) -> ObjectFacts:
    """A [1, rows, 1920, 1] tensor over plane 0: the 1.5xH view when rows is 1620."""
    return ObjectFacts(
        "cuda-array-interface",
        f"torch.Tensor (1, {rows}, 1920, 1) |u1",
        [PlaneFacts("Y", BASE, PITCH, 1920, rows, 1, ALLOCATION)],
    )


def grid(columns: int, rows: int, sample_bytes: int) -> str:
    return bytes((r * 7 + c * 3) % 256 for r in range(rows) for c in range(columns * sample_bytes)).hex()


def frame(label: str, wrapped: ObjectFacts | None, stream_state: str = "complete") -> FrameFacts:
    facts = FrameFacts(label, source(), wrapped, 0x7F60AC08C4E0, StreamFacts(0x5A5A00, "cuStreamQuery", stream_state))
    facts.thumbnails = [
        ThumbnailFacts(0, 128, 72, 15, 1, grid(128, 72, 1)),
        ThumbnailFacts(1, 128, 72, 7, 2, grid(128, 72, 2)),
    ]
    return facts
