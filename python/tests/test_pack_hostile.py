"""`python -m zci pack` on hostile facts files: each refused with one line, a stable code and a non-zero exit, never a
traceback, and nothing written; what it does write is a capture the schema accepts."""

from __future__ import annotations

import json
import subprocess

import pytest

import factsbuild as fb
from pack_cli import pack
from zci.facts import to_json

PROCESS = {"facts": "zci-recorder-process", "name": "decode-app", "pid": 7, "versions": {"c": "199901"}}


def frame() -> dict:
    return to_json(fb.frame("after decode", fb.image_wrap()))


def lines(*records: object) -> bytes:
    return b"".join((r if isinstance(r, bytes) else json.dumps(r).encode()) + b"\n" for r in records)


def changed(edit) -> bytes:
    record = frame()
    edit(record)
    return lines(PROCESS, record)


def run_pack(tmp_path, facts: str, output: str, *extra: str) -> subprocess.CompletedProcess[str]:
    return pack(facts, output, *extra, key=tmp_path / "key", cwd=tmp_path)


def assert_refused(done: subprocess.CompletedProcess[str], code: str, words: str, status: int = 2) -> None:
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"zci-recorder: {code}: "), done.stderr
    assert words in done.stderr, done.stderr
    assert done.stdout == ""


HOSTILE = {
    "empty": (b"", "FACTS_EMPTY", "holds no records"),
    "blank lines only": (b"\n \n\t\n", "FACTS_EMPTY", "holds no records"),
    "truncated": (lines(PROCESS) + json.dumps(frame()).encode()[:400], "FACTS_NOT_JSON", "cut short"),
    "not JSON": (b"hello\n", "FACTS_NOT_JSON", ":1: not JSON"),
    "NaN": (lines(PROCESS) + json.dumps(frame()).replace("0.0", "NaN", 1).encode() + b"\n", "FACTS_NOT_JSON", "NaN"),
    "digits": (lines(PROCESS) + b'{"facts": ' + b"9" * 5000 + b"}\n", "FACTS_NOT_JSON", "4300 digits"),
    "nested deeply": (lines(PROCESS) + b"[" * 200_000 + b"]" * 200_000 + b"\n", "FACTS_NOT_JSON", ":2: not JSON"),
    "not UTF-8": (
        lines(PROCESS) + json.dumps(frame()).encode().replace(b"after", b"caf\xe9", 1) + b"\n",
        "FACTS_NOT_UTF8",
        ":2: byte",
    ),
    "UTF-16": ((json.dumps(PROCESS) + "\n").encode("utf-16"), "FACTS_NOT_UTF8", ":1: byte 1"),
    "a list": (b"[1, 2]\n", "FACTS_INVALID", "a JSON object, not list"),
    "a record of another kind": (
        lines(PROCESS, {"facts": "other"}),
        "FACTS_INVALID",
        ":2: the record: 'version' is a required property",
    ),
    "missing source": (changed(lambda r: r.pop("source")), "FACTS_INVALID", "'source' is a required property"),
    "missing plane field": (
        changed(lambda r: r["source"]["planes"][0].pop("pitch")),
        "FACTS_INVALID",
        "'pitch' is a required",
    ),
    "pitch a string": (
        changed(lambda r: r["source"]["planes"][0].update(pitch="wide")),
        "FACTS_INVALID",
        "pitch: 'wide' is not of type 'integer'",
    ),
    "pitch a boolean": (
        changed(lambda r: r["source"]["planes"][0].update(pitch=True)),
        "FACTS_INVALID",
        "pitch: True is not of type",
    ),
    "giant pitch": (
        changed(lambda r: r["source"]["planes"][0].update(pitch=10**30)),
        "FACTS_INVALID",
        "greater than the maximum",
    ),
    "giant float": (changed(lambda r: r["source"]["planes"][0].update(width=1e300)), "FACTS_INVALID", "width"),
    "negative height": (
        changed(lambda r: r["source"]["planes"][0].update(height=-1)),
        "FACTS_INVALID",
        "less than the minimum of 1",
    ),
    "pointer past 64 bits": (
        changed(lambda r: r["source"]["planes"][0].update(pointer="0x1" + "0" * 20)),
        "FACTS_INVALID",
        "pointer",
    ),
    "plane name a path": (
        changed(lambda r: r["source"]["planes"][1].update(name="../../etc")),
        "FACTS_INVALID",
        "does not match",
    ),
    "nine planes": (
        changed(lambda r: r["source"].update(planes=r["source"]["planes"] * 5)),
        "FACTS_INVALID",
        "source.planes: holds more than 8 items",
    ),
    "no planes": (changed(lambda r: r["source"].update(planes=[])), "FACTS_INVALID", "source.planes: is empty"),
    "pitch under a row": (
        changed(lambda r: r["source"]["planes"][0].update(pitch=100)),
        "FACTS_INVALID",
        "less than a row",
    ),
    "plane past its allocation": (
        changed(lambda r: r["source"]["planes"][1].update(height=2000)),
        "FACTS_INVALID",
        "source.planes[1]: its rows run outside its allocation",
    ),
    "short thumbnail": (
        changed(lambda r: r["thumbnails"][0].update(data=r["thumbnails"][0]["data"][:-2])),
        "FACTS_INVALID",
        "data is not 128x72",
    ),
    "thumbnail of no plane": (
        changed(lambda r: r["thumbnails"][0].update(plane=5)),
        "FACTS_INVALID",
        "plane 5 is not a plane",
    ),
    "thumbnail not hex": (changed(lambda r: r["thumbnails"][0].update(data="zz" * 9216)), "FACTS_INVALID", "data"),
    "unknown stream state": (changed(lambda r: r["stream"].update(state="done")), "FACTS_INVALID", "stream.state"),
    "unknown proof field": (changed(lambda r: r["proof"].update(extra=1)), "FACTS_INVALID", "Additional properties"),
    "negative pid": (lines({**PROCESS, "pid": -1}, frame()), "FACTS_INVALID", "pid: -1 is less than"),
    "giant pid": (lines({**PROCESS, "pid": 2**80}, frame()), "FACTS_INVALID", "pid"),
    "versions not an object": (lines({**PROCESS, "versions": [1]}, frame()), "FACTS_INVALID", "versions"),
    "two process records": (lines(PROCESS, PROCESS, frame()), "FACTS_INVALID", "a second zci-recorder-process"),
    "no process record": (lines(frame()), "FACTS_NO_PROCESS", "zci-recorder-process"),
    "no frames": (lines(PROCESS), "FACTS_NO_FRAMES", "no frames were recorded"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_facts_file_is_refused_in_one_line(tmp_path, name):
    data, code, words = HOSTILE[name]
    (tmp_path / "in.jsonl").write_bytes(data)
    done = run_pack(tmp_path, "in.jsonl", "out.zci")
    assert_refused(done, code, words)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


def test_a_line_over_the_cap_is_refused_without_reading_it_whole(tmp_path):
    (tmp_path / "in.jsonl").write_bytes(lines(PROCESS) + b'{"label": "' + b"x" * (5 * 1024 * 1024) + b'"}\n')
    assert_refused(run_pack(tmp_path, "in.jsonl", "out.zci"), "FACTS_TOO_LARGE", ":2: over a record's size")


@pytest.mark.parametrize(
    ("facts", "code", "words"),
    [("missing.jsonl", "FACTS_UNREADABLE", "No such file"), (".", "FACTS_UNREADABLE", "Is a directory")],
)
def test_a_facts_path_that_is_no_file_is_refused(tmp_path, facts, code, words):
    assert_refused(run_pack(tmp_path, facts, "out.zci"), code, words)


def test_where_the_capture_cannot_go_is_refused_in_one_line(tmp_path):
    (tmp_path / "in.jsonl").write_bytes(lines(PROCESS, frame()))
    assert_refused(run_pack(tmp_path, "in.jsonl", "out.txt"), "OUTPUT_NOT_ZCI", "ends in .zci", status=3)
    assert_refused(run_pack(tmp_path, "in.jsonl", "no/such/out.zci"), "OUTPUT_UNWRITABLE", "check its folder", 3)
    assert run_pack(tmp_path, "in.jsonl", "out.zci").returncode == 0
    assert_refused(run_pack(tmp_path, "in.jsonl", "out.zci"), "OUTPUT_EXISTS", "--overwrite", status=3)
    (tmp_path / "link.zci").symlink_to(tmp_path / "out.zci")
    assert_refused(run_pack(tmp_path, "in.jsonl", "link.zci", "--overwrite"), "OUTPUT_IS_LINK", "symbolic link", 3)


def test_control_characters_and_unicode_in_names_pack_into_a_valid_capture(tmp_path):
    # The autouse check holds the capture to the schema; the printed line shows control characters as escapes.
    record = frame()
    record["label"] = "line one\nline two \u00e9\u2603"
    record["source"]["described"] = "\x1b[31mred\x1b[0m"
    (tmp_path / "in.jsonl").write_bytes(lines({**PROCESS, "name": "app\x1b[2J\nname"}, record))
    done = run_pack(tmp_path, "in.jsonl", "out.zci")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n") == 1 and "\x1b" not in done.stdout


def test_whole_floats_are_read_as_integers(tmp_path):
    record = frame()
    record["source"]["planes"][0]["pitch"] = 2048.0
    record["thumbnails"][0]["columns"] = 128.0
    (tmp_path / "in.jsonl").write_bytes(lines({**PROCESS, "pid": 7.0}, record))
    done = run_pack(tmp_path, "in.jsonl", "out.zci")
    assert done.returncode == 0, done.stderr
