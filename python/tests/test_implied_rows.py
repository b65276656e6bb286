"""The recorder puts the chroma of a one-tensor wrap where the inspector judges it to be: both are held to one list of
cases (test/fixtures/recorder/implied-chroma-rows.json), which test/unit/implied-rows.test.ts reads for the
inspector's side."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import factsbuild as fb
from zci import layout

CASES = json.loads(
    (Path(__file__).resolve().parents[2] / "test" / "fixtures" / "recorder" / "implied-chroma-rows.json").read_text()
)["cases"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['tensorRows']} rows")
def test_the_recorder_puts_chroma_where_the_shared_cases_say(case):
    implied = layout.implied_planes(fb.frame("tensor", fb.naive_tensor(case["tensorRows"])))
    rows = [None if at is None else (at[0] - fb.BASE) // fb.PITCH for at in implied]
    assert rows == [case["lumaRow"], case["chromaRow"]]
