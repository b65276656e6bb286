"""The facts record: what the recorder took from the live process for one frame, as JSON. The C header writes
the same record; the capture writer (report.py, capture.py) reads only this."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

FACTS_FORMAT = "zci-recorder-facts"
FACTS_VERSION = 1


def hex_or_none(value: int | None) -> str | None:
    return None if value is None else f"{value:#x}"


def int_or_none(value: str | int | None) -> int | None:
    if value is None:
        return None
    return int(value, 16) if isinstance(value, str) else int(value)


@dataclass
class AllocationFacts:
    """cuMemGetAddressRange and the pointer's attributes."""

    start: int
    size: int
    memory: str
    device: int
    context: int
    buffer_id: int


@dataclass
class PlaneFacts:
    name: str
    pointer: int
    pitch: int
    width: int
    height: int
    bytes_per_sample: int
    allocation: AllocationFacts | None = None

    @property
    def row_bytes(self) -> int:
        return self.width * self.bytes_per_sample

    @property
    def end(self) -> int:
        return self.pointer + self.pitch * (self.height - 1) + self.row_bytes


@dataclass
class ObjectFacts:
    """The source frame or the wrapped object."""

    kind: str
    described: str
    planes: list[PlaneFacts]
    pixel_format: str | None = None
    coded_width: int | None = None
    coded_height: int | None = None
    time_seconds: float | None = None


@dataclass
class StreamFacts:
    """The stream the user named and whether the decode's work on it was complete at hand-over."""

    handle: int | None
    method: str | None
    state: str


@dataclass
class BoundaryFacts:
    object: str
    plane: int
    what: str
    offset: int
    data: str


@dataclass
class ThumbnailFacts:
    """A subsampled grid of a source plane: `rows` x `columns` samples of `sample_bytes`, hex."""

    plane: int
    columns: int
    rows: int
    row_step: int
    sample_bytes: int
    data: str


@dataclass
class ProofFacts:
    asked: bool
    ran: bool = False
    passed: bool = False
    restored: bool = False
    canary: str = ""
    read_back: list[str] = field(default_factory=list)
    reason: str = "not asked for (Recorder(proof=True) runs it)"


@dataclass
class NotTaken:
    fact: str
    reason: str


@dataclass
class FrameFacts:
    label: str
    source: ObjectFacts
    wrapped: ObjectFacts | None
    current_context: int | None
    stream: StreamFacts
    boundaries: list[BoundaryFacts] = field(default_factory=list)
    thumbnails: list[ThumbnailFacts] = field(default_factory=list)
    proof: ProofFacts = field(default_factory=lambda: ProofFacts(asked=False))
    not_taken: list[NotTaken] = field(default_factory=list)
    elapsed_us: float = 0.0
    bytes_read: int = 0


_POINTERS = {"pointer", "start", "context", "current_context", "handle"}


def to_json(facts: FrameFacts) -> dict[str, Any]:
    """The record as JSON, addresses as hex strings."""
    return {"facts": FACTS_FORMAT, "version": FACTS_VERSION, **_hexed(asdict(facts))}


def _hexed(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: (hex_or_none(v) if k in _POINTERS and isinstance(v, int) else _hexed(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_hexed(v) for v in value]
    return value


def from_json(data: dict[str, Any]) -> FrameFacts:
    """Reads a record (from this package or the C header); raises ValueError naming what is wrong."""
    if data.get("facts") != FACTS_FORMAT or data.get("version") != FACTS_VERSION:
        raise ValueError(f"not a {FACTS_FORMAT} record of version {FACTS_VERSION}")
    try:
        return FrameFacts(
            label=str(data["label"]),
            source=_object(data["source"]),
            wrapped=None if data.get("wrapped") is None else _object(data["wrapped"]),
            current_context=int_or_none(data.get("current_context")),
            stream=StreamFacts(
                int_or_none(data["stream"]["handle"]), data["stream"]["method"], data["stream"]["state"]
            ),
            boundaries=[BoundaryFacts(**b) for b in data.get("boundaries", [])],
            thumbnails=[ThumbnailFacts(**t) for t in data.get("thumbnails", [])],
            proof=ProofFacts(**data.get("proof", {"asked": False})),
            not_taken=[NotTaken(**n) for n in data.get("not_taken", [])],
            elapsed_us=float(data.get("elapsed_us", 0.0)),
            bytes_read=int(data.get("bytes_read", 0)),
        )
    except (KeyError, TypeError) as error:
        raise ValueError(f"a facts record is missing or mistypes {error}") from None


def _object(data: dict[str, Any]) -> ObjectFacts:
    planes = []
    for p in data["planes"]:
        a = p.get("allocation")
        allocation = (
            None
            if a is None
            else AllocationFacts(
                int_or_none(a["start"]) or 0,
                int(a["size"]),
                a["memory"],
                int(a["device"]),
                int_or_none(a["context"]) or 0,
                int(a["buffer_id"]),
            )
        )
        planes.append(
            PlaneFacts(
                p["name"],
                int_or_none(p["pointer"]) or 0,
                int(p["pitch"]),
                int(p["width"]),
                int(p["height"]),
                int(p["bytes_per_sample"]),
                allocation,
            )
        )
    return ObjectFacts(
        data["kind"],
        data["described"],
        planes,
        data.get("pixel_format"),
        # The C header writes 0 where its producer says nothing of the coded size.
        data.get("coded_width") or None,
        data.get("coded_height") or None,
        data.get("time_seconds"),
    )
