"""What include/zci_recorder.h writes is facts only, in the same facts format the Python recorder writes, and packs
into a capture the published schema accepts, its recorded facts checked field by field. The header runs here against
a stand-in libcuda.so.1 (tests/c/fake_cuda.c: host memory playing one device allocation), so its whole recording
path runs where no GPU is; the GPU tier (tests/gpu/test_c_decode.py) records real NVDEC frames the same way."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from capture_schema import manifest_of
from pack_cli import pack
from paths import HERE
from test_header import STRICT, compiler
from zci import facts, schema

#: The judgements a recorder leaves to the inspector, in the facts file's spelling and the report's.
JUDGEMENT_WORDS = ("nvcv_pointer", "nvcvPointer", "nvcv_row_stride", "nvcvRowStride", "match", "oneContext", "strategy")


@pytest.fixture
def recorded(tmp_path):
    """The header's facts file for one NV12 frame handed over as a 1.5xH tensor, and the capture packed from it."""
    driver, program = tmp_path / "libcuda.so.1", tmp_path / "record_nv12"
    built = subprocess.run(
        [compiler("gcc"), "-std=c99", *STRICT, "-shared", "-fPIC", str(HERE / "c" / "fake_cuda.c"), "-o", str(driver)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    built = subprocess.run(
        [compiler("gcc"), "-std=c99", *STRICT, str(HERE / "c" / "record_nv12.c"), "-o", str(program), "-ldl"],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    facts_file, capture = tmp_path / "facts.jsonl", tmp_path / "c.zci"
    env = {**os.environ, "LD_LIBRARY_PATH": str(tmp_path)}
    done = subprocess.run([str(program), str(facts_file)], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0 and done.stdout.strip() == "recorded", done.stdout + done.stderr
    packed = pack(facts_file, capture, "--unsigned")
    assert packed.returncode == 0, packed.stdout + packed.stderr
    lines = [json.loads(line) for line in facts_file.read_text(encoding="utf-8").splitlines()]
    return lines, manifest_of(capture)


def test_the_header_writes_facts_only_in_the_python_recorders_facts_format(recorded):
    lines, _ = recorded
    process, frame = lines
    assert process["facts"] == "zci-recorder-process"
    assert (frame["facts"], frame["version"]) == (facts.FACTS_FORMAT, facts.FACTS_VERSION)
    text = json.dumps(frame)
    assert not [word for word in JUDGEMENT_WORDS if f'"{word}"' in text], text[:400]
    assert "tensor" not in frame["source"] and "reason" not in frame["stream"]


def test_the_packed_capture_passes_the_published_schema_with_its_facts_checked(recorded):
    lines, manifest = recorded
    assert manifest["formatVersion"] == 2 and manifest["recordedBy"]["recorder"]["language"] == "c"
    assert schema.problems(manifest) == []
    frame = manifest["frames"][0]
    assert schema.lacks_judgements(frame["report"]), "a recorder's report leaves its judgements to the inspector"
    block = frame["recorded"]
    base = int(lines[1]["source"]["planes"][0]["pointer"], 16)
    assert [(p["name"], int(p["pointer"], 16) - base, p["pitch"], p["height"]) for p in block["source"]["planes"]] == [
        ("Y", 0, 128, 36),
        ("UV", 128 * 48, 128, 18),
    ]
    assert [(p["name"], p["height"]) for p in block["wrapped"]["planes"]] == [("Y", 54)]
    allocation = block["source"]["planes"][1]["allocation"]
    assert (int(allocation["start"], 16), allocation["size"], allocation["memory"]) == (base, 128 * 72, "device")
    assert block["stream"] == {"handle": "0x5a5a00", "method": "cuStreamQuery", "state": "complete"}


def test_a_malformed_fact_in_the_packed_capture_is_refused_at_its_field(recorded):
    _, manifest = recorded
    manifest["frames"][0]["recorded"]["wrapped"]["planes"][0]["pointer"] = 0.5
    assert schema.problems(manifest)[0].startswith("frames[0].recorded.wrapped.planes[0].pointer: 0.5 is not of type")
