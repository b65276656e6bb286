"""The results lines of a scan: checked against scanLineSchema (contract/scan.ts) and read back from a file.

contract/ publishes no JSON Schema, so the check here is written out: every key scanLineSchema requires, with its
type, the literal version, the status words and the key's hex digest. The enumerations the inspector keeps in
TypeScript (the check names, the error codes) are checked as strings only; keys the schema does not name pass, as
they do through zod's object().
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable

SCAN_LINE_VERSION = 1
STATUSES = ("clean", "findings", "error")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


class ScanLineError(ValueError):
    """A results line that does not match scanLineSchema."""


def _integer(value: Any) -> bool:
    # JSON booleans arrive as Python bools, which are ints; zod's int() refuses them.
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any) -> bool:
    return (_integer(value) or isinstance(value, float)) and value == value and abs(value) != float("inf")


def _count(value: Any) -> bool:
    return _integer(value) and value >= 0


def _string(value: Any) -> bool:
    return isinstance(value, str)


def _fields(where: str, value: Any, fields: dict[str, Callable[[Any], bool]]) -> None:
    if not isinstance(value, dict):
        raise ScanLineError(f"{where} is not an object")
    for name, valid in fields.items():
        if name not in value:
            raise ScanLineError(f"{where}.{name} is missing")
        if not valid(value[name]):
            raise ScanLineError(f"{where}.{name} has the wrong type or value: {value[name]!r}")


_KEY = {
    "path": _string,
    "size": _count,
    "mtimeMs": _number,
    "headSha256": lambda v: _string(v) and bool(_HEX64.match(v)),
}
_ERROR = {"code": _string, "message": _string, "remedy": _string}
_STREAM = {
    **{name: _string for name in ("codec", "profile", "pixelFormat", "decodePath", "decodePathReason")},
    **{name: _integer for name in ("width", "height", "codedWidth", "codedHeight", "bitDepth")},
    "containerFrames": _count,
    "containerFramesExact": lambda v: isinstance(v, bool),
}
_FINDING = {
    "check": _string,
    "cause": _string,
    "frames": _count,
    "firstFrame": lambda v: v is None or _count(v),
    "detail": _string,
}
_LINE = {
    "version": lambda v: _integer(v) and v == SCAN_LINE_VERSION,
    "key": lambda v: True,
    "status": lambda v: v in STATUSES,
    "error": lambda v: True,
    "stream": lambda v: True,
    "frames": _count,
    "unchecked": _count,
    "proofFrames": _count,
    "findings": lambda v: isinstance(v, list),
    "capture": lambda v: v is None or _string(v),
    "elapsedMs": lambda v: _number(v) and v >= 0,
}


def validate_line(line: Any) -> dict[str, Any]:
    """Returns the line when it matches scanLineSchema; raises ScanLineError naming the first field that does not."""
    _fields("line", line, _LINE)
    _fields("line.key", line["key"], _KEY)
    if line["error"] is not None:
        _fields("line.error", line["error"], _ERROR)
    if line["stream"] is not None:
        _fields("line.stream", line["stream"], _STREAM)
    for index, finding in enumerate(line["findings"]):
        _fields(f"line.findings[{index}]", finding, _FINDING)
    return line


def parse_line(raw: str) -> dict[str, Any]:
    """One line of text as a checked results line; raises ScanLineError."""
    try:
        return validate_line(json.loads(raw))
    except json.JSONDecodeError as error:
        raise ScanLineError(f"not JSON: {error}") from error


def read_results(path: str) -> list[tuple[dict[str, Any], str]]:
    """The valid lines of a results file with their text; a missing file holds none. A line cut short by a stop, or
    one that does not match the schema, is left out, as the inspector's resume leaves it out."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        return []
    kept = []
    for raw in text.split("\n"):
        if not raw.strip():
            continue
        try:
            kept.append((parse_line(raw), raw))
        except ScanLineError:
            continue
    return kept
