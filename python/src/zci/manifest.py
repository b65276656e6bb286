"""capture.json for recorded frames: the reports, thumbnails, labels, the recorder's own facts, provenance."""

from __future__ import annotations

import hashlib
import os
import platform
import socket
import sys
from dataclasses import asdict
from datetime import datetime, timezone
from typing import Any

from .facts import FrameFacts, ThumbnailFacts, hex_or_none
from .plan import ThumbnailPlan, channel_bytes
from .png import grey_png
from .report import ALWAYS_NOT_TAKEN, frame_report

RECORDER_NAME = "zci-recorder"
RECORDER_VERSION = "0.1.0"
#: The capture format version the recorder writes: 2, whose frame reports leave their judgements to the inspector.
FORMAT_VERSION = 2
_ARCH = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64"}


def machine() -> dict[str, str]:
    return {
        "hostname": socket.gethostname(),
        "platform": sys.platform,
        "arch": _ARCH.get(platform.machine().lower(), platform.machine().lower()),
    }


def script_source() -> tuple[dict[str, Any], list[dict[str, str]]]:
    """The recording process's main script as the capture's source (name, size, hash), or why not."""
    path = sys.argv[0] if sys.argv and sys.argv[0] else ""
    try:
        with open(path, "rb") as handle:
            data = handle.read(64 * 1024 * 1024)
        return {"fileName": os.path.basename(path), "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}, []
    except OSError:
        name = os.path.basename(path) or "python"
        return (
            {"fileName": name, "size": 0, "sha256": hashlib.sha256(b"").hexdigest()},
            [{"fact": "source file", "reason": f"the process's main script ({name}) could not be read to hash"}],
        )


def thumbnail_pngs(t: ThumbnailFacts, name: str, frame: int) -> list[tuple[dict[str, Any], bytes]]:
    """One grey PNG a channel of a plane's grid (NV12's UV gives U and V)."""
    plan = ThumbnailPlan(tuple(range(t.columns)), t.rows, t.row_step, t.sample_bytes)
    channels = len(name) if t.sample_bytes % len(name) == 0 else 1
    out = []
    for c, pixels in enumerate(channel_bytes(bytes.fromhex(t.data), plan, channels)):
        label = name[c] if channels > 1 else name
        png = f"frames/{frame:06d}/plane-{t.plane}{'' if channels == 1 or c == 0 else '-' + label}.png"
        out.append(
            (
                {"plane": t.plane, "name": label, "width": t.columns, "height": t.rows, "png": png},
                grey_png(t.columns, t.rows, pixels),
            )
        )
    return out


def recorded_block(facts: FrameFacts) -> dict[str, Any]:
    """The recorder's facts beyond the report: stream state, both objects' planes and allocations, boundaries. Facts
    only: the inspector judges pointers, strides and placements from them and from the report's values."""

    def obj(o: Any) -> Any:
        if o is None:
            return None
        return {
            "kind": o.kind,
            "described": o.described[:200],
            "pixelFormat": o.pixel_format,
            "planes": [
                {
                    "name": p.name,
                    "pointer": hex_or_none(p.pointer),
                    "pitch": p.pitch,
                    "width": p.width,
                    "height": p.height,
                    "bytesPerSample": p.bytes_per_sample,
                    "allocation": None
                    if p.allocation is None
                    else {
                        "start": hex_or_none(p.allocation.start),
                        "size": p.allocation.size,
                        "memory": p.allocation.memory,
                        "device": p.allocation.device,
                        "context": hex_or_none(p.allocation.context),
                        "bufferId": str(p.allocation.buffer_id),
                    },
                }
                for p in o.planes
            ],
        }

    return {
        "source": obj(facts.source),
        "wrapped": obj(facts.wrapped),
        "stream": {
            "handle": hex_or_none(facts.stream.handle),
            "method": facts.stream.method,
            "state": facts.stream.state,
        },
        "boundaries": [asdict(b) for b in facts.boundaries[:64]],
        "proof": {"asked": facts.proof.asked, "method": "driver-copy" if facts.proof.ran else None},
        "bytesRead": facts.bytes_read,
        "notTaken": [asdict(n) for n in facts.not_taken],
    }


def build(
    frames: list[FrameFacts],
    *,
    versions: dict[str, str | None],
    environment: dict[str, Any] | None,
    language: str = "python",
    process: dict[str, Any] | None = None,
    not_taken: list[dict[str, str]] | None = None,
) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The manifest and the PNG files it names."""
    if not frames:
        raise ValueError("nothing was recorded: a capture holds at least one frame")
    source, source_missing = script_source()
    files: dict[str, bytes] = {}
    entries = []
    seen: set[int] = set()
    for index, facts in enumerate(frames):
        distinct = len(seen | {facts.source.planes[0].pointer})
        report = frame_report(facts, index, seen, distinct)
        seen.add(facts.source.planes[0].pointer)
        thumbs = []
        for t in facts.thumbnails:
            for entry, data in thumbnail_pngs(t, facts.source.planes[t.plane].name, index):
                thumbs.append(entry)
                files[entry["png"]] = data
        entries.append(
            {
                "index": index,
                "report": report,
                "thumbnails": thumbs,
                "label": facts.label[:200],
                "recorded": recorded_block(facts),
            }
        )
    first = frames[0].source.planes[0]
    head = entries[0]["report"]
    fmt = head["format"]
    widths = [t["width"] for e in entries for t in e["thumbnails"]] or [16]
    missing = [{"fact": f, "reason": r} for f, r in ALWAYS_NOT_TAKEN] + source_missing + (not_taken or [])
    if environment is None:
        missing.append({"fact": "environment", "reason": "the CUDA driver's devices could not be listed"})
    manifest = {
        "format": "zerocopy-inspector-capture",
        "formatVersion": FORMAT_VERSION,
        "createdAt": datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "app": {"name": RECORDER_NAME, "version": RECORDER_VERSION},
        "machine": machine(),
        "source": source,
        "options": {
            "decode": None,
            "device": first.allocation.device if first.allocation else None,
            "proof": any(f.proof.asked for f in frames),
            "thumbnailWidth": max(16, min(1024, max(widths))),
        },
        "selection": "all",
        "stream": {
            "path": source["fileName"],
            "container": "recorded in your process",
            "codec": "unknown",
            "profile": "",
            "bitDepth": fmt["bitDepth"],
            "pixelFormat": fmt["swFormat"],
            "width": fmt["width"],
            "height": fmt["height"],
            "codedWidth": fmt["codedWidth"],
            "codedHeight": fmt["codedHeight"],
            "frameRate": 0,
            "durationSeconds": 0,
            "frameCount": len(frames),
            "frameCountExact": True,
            "keyFrames": [],
            "decodePath": head["decodePath"],
            "decodePathReason": "recorded in your process: the frames' memory, as your code handed it over",
            "device": first.allocation.device if first.allocation else 0,
            "warnings": [],
        },
        "environment": environment,
        "recordedBy": {
            "origin": "your-process",
            "recorder": {"name": RECORDER_NAME, "version": RECORDER_VERSION, "language": language},
            "process": process or {"name": os.path.basename(sys.argv[0] or "python")[:256], "pid": os.getpid()},
            "versions": {k: (None if v is None else str(v)[:128]) for k, v in versions.items()},
            "notTaken": missing[:64],
        },
        "frames": entries,
    }
    return manifest, files
