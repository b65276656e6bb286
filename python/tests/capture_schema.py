"""Every capture a test writes, checked against the format's published schema as the contract holds it
(contract/capture.schema.json, not the package's copy) and the rules JSON Schema cannot state; no Node."""

from __future__ import annotations

import json
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from paths import REPO

CONTRACT_SCHEMA = REPO / "contract" / "capture.schema.json"


@lru_cache(maxsize=1)
def validator() -> Draft202012Validator:
    schema = json.loads(CONTRACT_SCHEMA.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def manifest_of(capture: Path) -> dict[str, Any]:
    with zipfile.ZipFile(capture) as archive:
        return json.loads(archive.read("capture.json"))


def problems(capture: Path) -> list[str]:
    """How the capture breaks the format: its manifest against the schema, each frame once and indexed as its report,
    every PNG it names in the zip."""
    manifest = manifest_of(capture)
    found = [f"{list(e.absolute_path)}: {e.message}" for e in validator().iter_errors(manifest)]
    if found:
        return found
    with zipfile.ZipFile(capture) as archive:
        names = set(archive.namelist())
    indices = [f["index"] for f in manifest["frames"]]
    if len(set(indices)) != len(indices):
        found.append("a frame is listed twice")
    found += [
        f"frame {f['index']}: report.frameIndex differs"
        for f in manifest["frames"]
        if f["report"]["frameIndex"] != f["index"]
    ]
    found += [
        f"{t['png']} is not in the zip" for f in manifest["frames"] for t in f["thumbnails"] if t["png"] not in names
    ]
    return found
