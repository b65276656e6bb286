"""capture.json checked against the capture format's published JSON Schema (capture.schema.json, generated from the
inspector's own definition and shipped in this package), and against the rules JSON Schema cannot state; so the
recorder never writes a manifest the inspector would refuse, and needs no Node to know it."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator

from .errors import CaptureInvalidError

SCHEMA_RESOURCE = "capture.schema.json"
#: Open values (a frame's recorded facts, operator parameters): levels and JSON text, as the inspector bounds them.
OPEN_VALUE_DEPTH = 8
OPEN_VALUE_BYTES = 64 * 1024
#: The report's judgements (contract/capture-recorded.ts, RECORDER_JUDGEMENTS): a recorder leaves them out, and the
#: inspector derives them from the frame's recorded facts (these, at least).
JUDGEMENTS = {"planes": ("nvcvPointer", "nvcvRowStride", "match"), "wrap": ("reason", "tensor")}
JUDGEMENTS_CONTEXT = ("oneContext", "strategy")
RECORDED_FACTS = ("source", "wrapped", "stream")


@lru_cache(maxsize=1)
def capture_schema() -> dict[str, Any]:
    """The schema this package ships."""
    return json.loads(resources.files("zci").joinpath(SCHEMA_RESOURCE).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    schema = capture_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _where(path: Any) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") or "(the manifest)"


def _field(error: Any) -> list[Any]:
    """The field an error is about, as the inspector's zod names it: a missing property is named by its own path
    (frames[0].recorded.source.planes[0].pitch), not by the object that lacks it."""
    path = list(error.absolute_path)
    if error.validator == "required" and isinstance(error.instance, dict):
        missing = [k for k in error.validator_value if k not in error.instance and repr(k) in error.message]
        path += missing[:1]
    return path


def _depth(value: Any) -> int:
    """Levels of arrays and objects, without recursion (a scalar is 0)."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth + 1)
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def lacks_judgements(report: dict[str, Any]) -> bool:
    """True when the report leaves out any judgement the inspector derives for a recorder."""
    return (
        any(key not in plane for plane in report["planes"] for key in JUDGEMENTS["planes"])
        or any(key not in report["wrap"] for key in JUDGEMENTS["wrap"])
        or any(key not in report["context"] for key in JUDGEMENTS_CONTEXT)
    )


def problems(manifest: dict[str, Any]) -> list[str]:
    """Every way the manifest breaks the format, each as "where: what" (empty: the inspector reads it)."""
    found = [f"{_where(_field(e))}: {e.message}" for e in _validator().iter_errors(manifest)]
    if found:
        return found
    seen: set[int] = set()
    for i, frame in enumerate(manifest["frames"]):
        if frame["index"] in seen:
            found.append(f"frames[{i}]: frame {frame['index']} listed twice")
        seen.add(frame["index"])
        if frame["report"]["frameIndex"] != frame["index"]:
            found.append(f"frames[{i}]: report.frameIndex differs from index")
        facts = "recordedBy" in manifest and all(key in frame.get("recorded", {}) for key in RECORDED_FACTS)
        if lacks_judgements(frame["report"]) and not facts:
            found.append(
                f"frames[{i}].recorded: the report leaves out its judgements, and the frame holds no recorder's facts "
                "to derive them from"
            )
        opened = [("recorded", frame["recorded"])] if "recorded" in frame else []
        opened += [(f"operators[{j}].params", op["params"]) for j, op in enumerate(frame.get("operators", []))]
        for name, value in opened:
            text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
            if _depth(value) > OPEN_VALUE_DEPTH:
                found.append(f"frames[{i}].{name}: nested deeper than {OPEN_VALUE_DEPTH} levels")
            if len(text.encode("utf-16-le")) // 2 > OPEN_VALUE_BYTES:
                found.append(f"frames[{i}].{name}: larger than {OPEN_VALUE_BYTES} bytes of JSON")
    return found


def check(manifest: dict[str, Any]) -> None:
    """Raises CaptureInvalidError naming the first problem (and how many more) when the inspector would refuse it."""
    found = problems(manifest)
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise CaptureInvalidError(f"the capture would not open in the inspector: {found[0]}{more}")
