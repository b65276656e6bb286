"""A facts file read for `pack`, checked line by line before anything is built from it: each line UTF-8 and JSON,
each record of the shape and within the bounds the C header (include/zci_recorder.h) writes, each thumbnail and
boundary consistent with its planes. Every refusal is a FactsError with a stable code, naming the line and field."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, BinaryIO

from jsonschema import Draft202012Validator

from .errors import FactsError

#: The largest facts file, record (one line) and number of frames `pack` reads.
FILE_CAP = 1024 * 1024 * 1024
LINE_CAP = 4 * 1024 * 1024
FRAME_CAP = 100_000

U64 = 2**64 - 1
SAFE = 2**53 - 1
POINTER = {
    "anyOf": [{"type": "string", "pattern": "^0x[0-9a-fA-F]{1,16}$"}, {"type": "integer", "minimum": 0, "maximum": U64}]
}
OPTIONAL_POINTER = {"anyOf": [POINTER, {"type": "null"}]}


def _int(low: int, high: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": low, "maximum": high}


def _text(most: int, least: int = 0) -> dict[str, Any]:
    return {"type": "string", "minLength": least, "maxLength": most}


def _closed(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}


_ALLOCATION = _closed(
    {
        "start": POINTER,
        "size": _int(1, SAFE),
        "memory": {"enum": ["device", "managed", "host", "unknown"]},
        "device": _int(0, 1023),
        "context": POINTER,
        "buffer_id": _int(0, U64),
    },
    ["start", "size", "memory", "device", "context", "buffer_id"],
)
_PLANE = _closed(
    {
        "name": {"type": "string", "pattern": "^[YUVRGBA]{1,4}$"},
        "pointer": POINTER,
        "pitch": _int(1, 2**31 - 1),
        "width": _int(1, 65_535),
        "height": _int(1, 65_535),
        "bytes_per_sample": _int(1, 16),
        "allocation": {"anyOf": [_ALLOCATION, {"type": "null"}]},
    },
    ["name", "pointer", "pitch", "width", "height", "bytes_per_sample"],
)
_OBJECT = {
    "type": "object",
    "properties": {
        "kind": _text(64, 1),
        "described": _text(1000),
        "planes": {"type": "array", "items": _PLANE, "minItems": 1, "maxItems": 8},
        "pixel_format": {"anyOf": [{"type": "string", "pattern": "^[a-z][a-z0-9_]{0,31}$"}, {"type": "null"}]},
        "coded_width": {"anyOf": [_int(0, 65_535), {"type": "null"}]},
        "coded_height": {"anyOf": [_int(0, 65_535), {"type": "null"}]},
        "time_seconds": {"anyOf": [{"type": "number", "minimum": -1e12, "maximum": 1e12}, {"type": "null"}]},
    },
    "required": ["kind", "described", "planes"],
}
_HEX = {"type": "string", "pattern": "^(?:[0-9a-fA-F]{2})*$"}

#: A frame's facts record, as facts.to_json and the C header write it.
FRAME_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "facts": {"const": "zci-recorder-facts"},
        "version": {"const": 1},
        "label": _text(1000),
        "source": _OBJECT,
        "wrapped": {"anyOf": [_OBJECT, {"type": "null"}]},
        "current_context": OPTIONAL_POINTER,
        "stream": _closed(
            {
                "handle": OPTIONAL_POINTER,
                "method": {"enum": ["cuStreamQuery", "cuEventQuery", None]},
                "state": {"enum": ["complete", "pending", "not-named"]},
            },
            ["handle", "method", "state"],
        ),
        "boundaries": {
            "type": "array",
            "maxItems": 64,
            "items": _closed(
                {
                    "object": {"enum": ["source", "wrapped"]},
                    "plane": _int(0, 7),
                    "what": _text(200),
                    "offset": _int(0, SAFE),
                    "data": {**_HEX, "maxLength": 64},
                },
                ["object", "plane", "what", "offset", "data"],
            ),
        },
        "thumbnails": {
            "type": "array",
            "maxItems": 8,
            "items": _closed(
                {
                    "plane": _int(0, 7),
                    "columns": _int(1, 128),
                    "rows": _int(1, 4096),
                    "row_step": _int(1, 65_535),
                    "sample_bytes": _int(1, 16),
                    "data": {**_HEX, "maxLength": 2 * 32 * 1024},
                },
                ["plane", "columns", "rows", "row_step", "sample_bytes", "data"],
            ),
        },
        "proof": _closed(
            {
                "asked": {"type": "boolean"},
                "ran": {"type": "boolean"},
                "passed": {"type": "boolean"},
                "restored": {"type": "boolean"},
                "canary": _text(64),
                "read_back": {"type": "array", "items": _text(64), "maxItems": 16},
                "reason": _text(500),
            },
            ["asked"],
        ),
        "not_taken": {
            "type": "array",
            "maxItems": 32,
            "items": _closed({"fact": _text(64, 1), "reason": _text(500)}, ["fact", "reason"]),
        },
        "elapsed_us": {"type": "number", "minimum": 0, "maximum": 1e15},
        "bytes_read": _int(0, SAFE),
    },
    "required": ["facts", "version", "label", "source", "stream"],
}

#: The C process's record, first in the file.
PROCESS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "facts": {"const": "zci-recorder-process"},
        "name": _text(256),
        "pid": _int(0, 2**31 - 1),
        "versions": {
            "type": "object",
            "maxProperties": 32,
            "propertyNames": {"maxLength": 32},
            "additionalProperties": {"anyOf": [_text(128), {"type": "null"}]},
        },
    },
    "required": ["facts", "name", "pid", "versions"],
}

_FRAME = Draft202012Validator(FRAME_SCHEMA)
_PROCESS = Draft202012Validator(PROCESS_SCHEMA)


def one_line(text: str, most: int = 300) -> str:
    """Text fit for a one-line message: control characters shown as escapes, cut at `most` characters."""
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return shown if len(shown) <= most else shown[: most - 1] + "…"


def _where(path: Any) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


_WORDS = {
    "maxItems": "holds more than {} items",
    "minItems": "holds fewer than {} items",
    "maxLength": "is longer than {} characters",
    "minLength": "is shorter than {} characters",
    "maxProperties": "holds more than {} fields",
    "pattern": "does not match {}",
}


def _say(error: Any) -> str:
    """A schema error in words that do not repeat a large value."""
    if error.validator == "minItems" and error.validator_value == 1:
        return "is empty"
    words = _WORDS.get(error.validator)
    return words.format(error.validator_value) if words else one_line(error.message, 200)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _whole(value: Any) -> Any:
    """The record with every whole float (1.0, 1e3) an int, as JSON Schema counts it and as the builder needs it."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _whole(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_whole(v) for v in value]
    return value


def _address(value: str | int) -> int:
    return int(value, 16) if isinstance(value, str) else value


def _consistent(record: dict[str, Any]) -> str | None:
    """Why a record's thumbnails or boundaries do not fit its planes, or None."""
    for key in ("source", "wrapped"):
        obj = record.get(key)
        for i, p in enumerate(obj["planes"] if obj else []):
            if p["pitch"] < p["width"] * p["bytes_per_sample"]:
                return f"{key}.planes[{i}]: pitch {p['pitch']} is less than a row of {p['width']} samples"
            a = p.get("allocation")
            if a is not None:
                start, pointer = _address(a["start"]), _address(p["pointer"])
                end = pointer + p["pitch"] * (p["height"] - 1) + p["width"] * p["bytes_per_sample"]
                if pointer < start or end > start + a["size"]:
                    return f"{key}.planes[{i}]: its rows run outside its allocation ({a['start']}, {a['size']} bytes)"
    planes = record["source"]["planes"]
    for i, t in enumerate(record.get("thumbnails", [])):
        if t["plane"] >= len(planes):
            return f"thumbnails[{i}]: plane {t['plane']} is not a plane of the source ({len(planes)})"
        if len(t["data"]) != 2 * t["columns"] * t["rows"] * t["sample_bytes"]:
            return f"thumbnails[{i}]: data is not {t['columns']}x{t['rows']} samples of {t['sample_bytes']} bytes"
    for i, b in enumerate(record.get("boundaries", [])):
        obj = record.get(b["object"])
        if obj is None or b["plane"] >= len(obj["planes"]):
            return f"boundaries[{i}]: {b['object']} has no plane {b['plane']}"
    return None


def records(handle: BinaryIO, name: str) -> Iterator[tuple[int, dict[str, Any], bool]]:
    """(line number, record, is the process record) for each non-blank line; raises FactsError at the first bad one."""
    total = 0
    for number in range(1, FILE_CAP):
        raw = handle.readline(LINE_CAP + 1)
        if not raw:
            return
        total += len(raw)
        if len(raw) > LINE_CAP or total > FILE_CAP:
            cap = "a record's" if len(raw) > LINE_CAP else "the file's"
            raise FactsError("FACTS_TOO_LARGE", f"{name}:{number}: over {cap} size the recorder reads")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise FactsError(
                "FACTS_NOT_UTF8", f"{name}:{number}: byte {error.start + 1} of the line is not UTF-8"
            ) from None
        if not text.strip():
            continue
        try:
            record = json.loads(text, parse_constant=_refuse_constant)
        except (ValueError, RecursionError) as error:
            why = str(error).split(";")[0] if "digits" not in str(error) else "a number of more than 4300 digits"
            cut = "" if text.endswith("\n") else " (the line is cut short: was the file truncated?)"
            raise FactsError("FACTS_NOT_JSON", f"{name}:{number}: not JSON: {one_line(why, 160)}{cut}") from None
        if not isinstance(record, dict):
            raise FactsError(
                "FACTS_INVALID", f"{name}:{number}: a record is a JSON object, not {type(record).__name__}"
            )
        try:
            record = _whole(record)
        except RecursionError:
            raise FactsError("FACTS_INVALID", f"{name}:{number}: the record is nested too deeply") from None
        process = record.get("facts") == "zci-recorder-process"
        validator = _PROCESS if process else _FRAME
        error = next(iter(sorted(validator.iter_errors(record), key=lambda e: list(e.absolute_path))), None)
        if error is not None:
            field = _where(error.absolute_path) or "the record"
            raise FactsError("FACTS_INVALID", f"{name}:{number}: {field}: {_say(error)}")
        problem = None if process else _consistent(record)
        if problem is not None:
            raise FactsError("FACTS_INVALID", f"{name}:{number}: {problem}")
        yield number, record, process
