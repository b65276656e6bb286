"""The format's published schema in the package: the same file the contract holds, used on every capture written,
so a capture the inspector would refuse is never written."""

from __future__ import annotations

import copy
import dataclasses
import json
import zipfile
from importlib import resources

import pytest

import factsbuild as fb
from capture_schema import CONTRACT_SCHEMA, manifest_of, problems
from zci import Recorder, schema
from zci.errors import CaptureInvalidError, RecorderError


def write(tmp_path, frames, name="run.zci"):
    recorder = Recorder(tmp_path / name, sign=False)
    for facts in frames:
        recorder.add(facts)
    return recorder.close()


def test_the_installed_package_ships_the_contracts_schema_byte_for_byte():
    shipped = resources.files("zci").joinpath(schema.SCHEMA_RESOURCE).read_bytes()
    assert shipped == CONTRACT_SCHEMA.read_bytes(), "the package's copy drifted: run npm run schema:capture"
    source = CONTRACT_SCHEMA.parent.parent / "python" / "src" / "zci" / schema.SCHEMA_RESOURCE
    assert source.read_bytes() == CONTRACT_SCHEMA.read_bytes()
    assert schema.capture_schema()["properties"]["format"]["const"] == "zerocopy-inspector-capture"


def test_a_written_capture_passes_the_packages_own_check(tmp_path):
    manifest = manifest_of(write(tmp_path, [fb.frame("a", fb.image_wrap()), fb.frame("b", fb.naive_tensor())]))
    assert schema.problems(manifest) == []


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda m: m.pop("frames"), "'frames' is a required property"),
        (lambda m: m.update(formatVersion=3), "formatVersion: 3 is greater than"),
        (lambda m: m["frames"][0]["report"]["planes"][0].update(pitch="2048"), "pitch: '2048' is not of type"),
        (lambda m: m["frames"][0]["thumbnails"][0].update(png="../x.png"), "png: '../x.png' does not match"),
        (lambda m: m["frames"].append(copy.deepcopy(m["frames"][0])), "frames[1]: frame 0 listed twice"),
        (lambda m: m["frames"][0].update(index=5), "frames[0]: report.frameIndex differs from index"),
        (lambda m: m["frames"][0].update(recorded={"a": [[[[[[[[1]]]]]]]]}), "deeper than 8 levels"),
        (lambda m: m["frames"][0].update(recorded={"a": "x" * 70_000}), "larger than 65536 bytes"),
        # The report leaves its judgements to the inspector, which derives them from a recorder's facts only.
        (lambda m: m["frames"][0].pop("recorded"), "frames[0].recorded: the report leaves out its judgements"),
        (lambda m: m["frames"][0]["recorded"].pop("wrapped"), "holds no recorder's facts to derive them from"),
        (lambda m: m.pop("recordedBy"), "holds no recorder's facts to derive them from"),
    ],
)
def test_the_check_names_what_the_inspector_would_refuse(tmp_path, change, words):
    manifest = manifest_of(write(tmp_path, [fb.frame("a", fb.image_wrap())]))
    change(manifest)
    found = schema.problems(manifest)
    assert any(words in problem for problem in found), found
    with pytest.raises(CaptureInvalidError, match="would not open in the inspector"):
        schema.check(manifest)


def test_a_capture_the_inspector_would_refuse_is_never_written(tmp_path):
    facts = fb.frame("a", fb.image_wrap())
    facts.source.planes[0] = dataclasses.replace(facts.source.planes[0], name="Q")
    with pytest.raises(CaptureInvalidError) as raised:
        write(tmp_path, [facts])
    assert raised.value.code == "CAPTURE_INVALID" and isinstance(raised.value, RecorderError)
    assert "name: 'Q' does not match" in str(raised.value)
    assert list(tmp_path.iterdir()) == []


def test_the_recorded_block_holds_facts_and_no_verdicts(tmp_path):
    manifest = manifest_of(write(tmp_path, [fb.frame("a", fb.naive_tensor())]))
    recorded = manifest["frames"][0]["recorded"]
    assert set(recorded) == {"source", "wrapped", "stream", "boundaries", "proof", "bytesRead", "notTaken"}
    assert "verdicts" not in json.dumps(recorded) and "placements" not in recorded


def test_the_tests_own_check_finds_a_broken_capture(tmp_path):
    # The check every test's captures pass through (conftest.py) reads the contract's schema and the zip itself.
    path = write(tmp_path, [fb.frame("a", fb.image_wrap())])
    assert problems(path) == []
    broken = tmp_path / "broken.hostile.zci"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(broken, "w") as target:
        for info in source.infolist():
            if info.filename == "frames/000000/plane-0.png":
                continue
            target.writestr(info, source.read(info.filename))
    assert any("plane-0.png is not in the zip" in p for p in problems(broken)), problems(broken)
    manifest = json.loads(zipfile.ZipFile(broken).read("capture.json"))
    manifest["frames"][0]["report"]["pool"] = None
    with zipfile.ZipFile(tmp_path / "pool.hostile.zci", "w") as target:
        target.writestr("capture.json", json.dumps(manifest))
    assert any("pool" in p for p in problems(tmp_path / "pool.hostile.zci"))
