"""A recorder frame's facts (its `recorded` block's source, wrapped and stream) are in the published schema: the
package's own check refuses malformed facts at the field the inspector's zod names, from the same list of cases the
inspector's test reads (test/support/malformed-recorded-facts.json), and what the package writes passes."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import factsbuild as fb
from capture_schema import manifest_of
from paths import REPO
from zci import Recorder, schema
from zci.errors import CaptureInvalidError

CASES = json.loads((REPO / "test" / "support" / "malformed-recorded-facts.json").read_text(encoding="utf-8"))["cases"]


def recorder_manifest(tmp_path) -> dict[str, Any]:
    recorder = Recorder(tmp_path / "run.zci", sign=False)
    recorder.add(fb.frame("a", fb.image_wrap()))
    return manifest_of(recorder.close())


def apply(recorded: dict[str, Any], case: dict[str, Any]) -> None:
    steps = case.get("set", case.get("delete"))
    parent = recorded
    for step in steps[:-1]:
        parent = parent[step]
    if "set" in case:
        parent[steps[-1]] = case["value"]
    else:
        del parent[steps[-1]]


def test_the_schema_states_each_fact_of_the_recorded_block():
    recorded = schema.capture_schema()["properties"]["frames"]["items"]["properties"]["recorded"]
    assert set(recorded["properties"]) == set(schema.RECORDED_FACTS)
    plane = recorded["properties"]["source"]["properties"]["planes"]["items"]
    assert plane["required"] == ["name", "pointer", "pitch", "width", "height", "bytesPerSample", "allocation"]
    assert recorded["properties"]["wrapped"]["type"] == ["object", "null"]
    assert recorded["properties"]["stream"]["properties"]["state"]["enum"] == ["complete", "pending", "not-named"]


def test_what_the_package_writes_passes_with_its_facts_checked(tmp_path):
    manifest = recorder_manifest(tmp_path)
    assert set(schema.RECORDED_FACTS) <= set(manifest["frames"][0]["recorded"])
    assert schema.problems(manifest) == []


@pytest.mark.parametrize("case", CASES, ids=[c["what"] for c in CASES])
def test_malformed_facts_are_refused_at_the_field_zod_names(tmp_path, case):
    manifest = recorder_manifest(tmp_path)
    apply(manifest["frames"][0]["recorded"], case)
    found = schema.problems(manifest)
    assert [p.split(": ", 1)[0] for p in found] == [case["path"]], found
    with pytest.raises(CaptureInvalidError, match=re.escape(f"would not open in the inspector: {case['path']}: ")):
        schema.check(manifest)


def test_an_unknown_field_beside_the_facts_is_kept_as_the_inspector_keeps_it(tmp_path):
    """zod reads the facts' objects as non-strict (unknown keys dropped, not refused), so the schema refuses none."""
    manifest = recorder_manifest(tmp_path)
    recorded = manifest["frames"][0]["recorded"]
    recorded["source"]["planes"][0]["note"] = "from a newer recorder"
    recorded["extra"] = {"any": ["json"]}
    assert schema.problems(manifest) == []
