"""`pack` on facts records with one field set to a hostile value, many times over (seeded): each run either writes a
capture the contract's schema accepts (the inspector then opens a few of them) or refuses in one coded line, never a
defect (INTERNAL) and never a traceback."""

from __future__ import annotations

import json
import random
import re

import pytest

import factsbuild as fb
from capture_schema import problems
from inspector import inspect_json
from zci import cli
from zci.facts import to_json

PROCESS = {"facts": "zci-recorder-process", "name": "decode-app", "pid": 7, "versions": {"c": "199901"}}
HOSTILE_VALUES = [None, True, -1, 0, 1, 2**31, 2**64, -(2**63), 1e308, -0.5, "", "x" * 300, "0x", "0xzz", [], {}, [1]]
LINE = re.compile(r"^zci-recorder: (?!INTERNAL)[A-Z_]+: [^\n]+\n$")


def leaves(value, path=()):
    """Every place in a record a value can be put: each key and list item, nested."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key)
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:2]):
            yield (*path, i)
            yield from leaves(item, (*path, i))


def put(record, path, value):
    for step in path[:-1]:
        record = record[step]
    record[path[-1]] = value


@pytest.mark.parametrize("seed", range(4))
def test_one_hostile_field_is_refused_in_one_line_or_packs_valid(tmp_path, capsys, seed):
    rng = random.Random(seed)
    base = to_json(fb.frame("after decode", fb.image_wrap()))
    places = [p for p in leaves(base) if p[0] != "facts"] + [("process", k) for k in ("name", "pid", "versions")]
    written = []
    for run in range(40):
        record, process = json.loads(json.dumps(base)), dict(PROCESS)
        where = rng.choice(places)
        value = rng.choice(HOSTILE_VALUES)
        if where[0] == "process":
            process[where[1]] = value
        else:
            put(record, where, value)
        facts = tmp_path / f"{run}.jsonl"
        facts.write_text(json.dumps(process) + "\n" + json.dumps(record) + "\n")
        out = tmp_path / f"{run}.zci"
        code = cli.main(["pack", str(facts), "-o", str(out), "--unsigned"])
        captured = capsys.readouterr()
        if code == 0:
            assert problems(out) == [], (where, value)
            written.append(out)
        else:
            assert code in (2, 3) and LINE.match(captured.err), (where, value, captured.err)
            assert not out.exists()
    for capture in written[:2]:
        status, report, err = inspect_json(capture)
        assert report is not None and status in (0, 1), err
