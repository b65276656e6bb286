"""`zci-recorder pack`: the C header's facts file into a capture the inspector opens."""

from __future__ import annotations

import json

import factsbuild as fb
from inspector import inspect_json
from pack_cli import pack
from zci.facts import from_json, to_json


def test_a_facts_record_round_trips_through_json():
    facts = fb.frame("after decode", fb.naive_tensor())
    again = from_json(json.loads(json.dumps(to_json(facts))))
    assert again == facts


def test_pack_writes_a_capture_of_the_c_process(tmp_path):
    facts = tmp_path / "run.facts.jsonl"
    process = {
        "facts": "zci-recorder-process",
        "name": "decode-app",
        "pid": 4242,
        "versions": {"c": "199901", "cudaDriver": "13.0", "ffmpeg": "libavutil 57.28.100"},
    }
    lines = [json.dumps(process), json.dumps(to_json(fb.frame("after av_hwframe", fb.image_wrap())))]
    facts.write_text("\n".join(lines) + "\n")
    out = tmp_path / "run.zci"
    done = pack(facts, out, key=tmp_path / "key")
    assert done.returncode == 0, done.stderr
    code, report, err = inspect_json(out)
    assert code == 0, err
    assert report is not None and report["frames"][0]["index"] == 0
    with __import__("zipfile").ZipFile(out) as archive:
        manifest = json.loads(archive.read("capture.json"))
    assert manifest["recordedBy"]["process"] == {"name": "decode-app", "pid": 4242}
    assert manifest["recordedBy"]["recorder"]["language"] == "c"


def packed(tmp_path, name: str, record: dict) -> tuple[int, dict | None, str]:
    """A C process's facts file holding one record, packed unsigned and read by the inspector: its exit code, its
    JSON, its errors."""
    process = {"facts": "zci-recorder-process", "name": "decode-app", "pid": 7, "versions": {"c": "199901"}}
    file = tmp_path / f"{name}.facts.jsonl"
    file.write_text(json.dumps(process) + "\n" + json.dumps(record) + "\n")
    out = tmp_path / f"{name}.zci"
    done = pack(file, out, "--unsigned")
    assert done.returncode == 0, done.stderr
    return inspect_json(out)


def test_a_c_record_that_says_nothing_of_the_coded_size_packs_into_a_valid_capture(tmp_path):
    # The C header writes 0 for a coded size its producer did not give: that is no size, not a size of 0.
    record = to_json(fb.frame("after decode", fb.image_wrap()))
    record["source"]["coded_width"] = 0
    record["source"]["coded_height"] = 0
    facts = from_json(json.loads(json.dumps(record)))
    assert facts.source.coded_width is None and facts.source.coded_height is None
    code, report, err = packed(tmp_path, "c", record)
    assert report is not None, err
    assert code == 0, err
    assert all(
        p["codedRowsNotDisplayed"] is None or p["codedRowsNotDisplayed"] >= 0
        for p in report["frames"][0]["report"]["planes"]
    )


def test_a_frames_context_taller_than_the_rows_before_chroma_packs_as_the_inspector_reports_it(tmp_path):
    # Odd-height VP9 on NVDEC (an H200 run): FFmpeg's frames context is 362 rows tall while chroma follows luma's 361
    # rows. The coded rows the memory holds are 361, as the inspector's own report says; none is negative.
    record = to_json(fb.frame("after decode", fb.image_wrap()))
    base, pitch = fb.BASE, fb.PITCH
    record["source"]["coded_width"], record["source"]["coded_height"] = 642, 362
    for obj in (record["source"], record["wrapped"]):
        y, uv = obj["planes"]
        y.update(width=641, height=361)
        uv.update(pointer=base + pitch * 361, width=321, height=181)
    code, report, err = packed(tmp_path, "vp9", to_json(from_json(json.loads(json.dumps(record)))))
    assert report is not None, err
    assert code == 0, err
    y, uv = report["frames"][0]["report"]["planes"]
    assert (y["rowsBeforeNextPlane"], y["codedHeight"], y["codedRowsNotDisplayed"], y["allocatorPaddingRows"]) == (
        361,
        361,
        0,
        0,
    )
    assert uv["codedHeight"] == 181 and uv["codedRowsNotDisplayed"] == 0


def test_pack_refuses_a_file_without_a_process_record(tmp_path):
    facts = tmp_path / "bad.jsonl"
    facts.write_text(json.dumps(to_json(fb.frame("x", None))) + "\n")
    done = pack(facts, tmp_path / "x.zci")
    assert done.returncode == 2 and "zci-recorder-process" in done.stderr
