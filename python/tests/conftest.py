"""Puts the tests' helpers (paths, factsbuild, inspector) on the import path, for tests/gpu/ too, and checks every
capture a test leaves in its temporary folder against the format's published schema."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from capture_schema import problems


@pytest.fixture(autouse=True)
def every_written_capture_is_valid(request: pytest.FixtureRequest):
    """After each test that uses tmp_path: every .zci in it (but those a test changed on purpose, named
    *.hostile.zci) holds a capture.json the schema accepts."""
    folder = request.getfixturevalue("tmp_path") if "tmp_path" in request.fixturenames else None
    yield
    if folder is None:
        return
    for capture in sorted(folder.rglob("*.zci")):
        if capture.name.endswith(".hostile.zci") or capture.is_symlink():
            continue
        assert problems(capture) == [], f"{capture.name} breaks contract/capture.schema.json"
