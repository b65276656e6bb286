"""The inspector's own `scan` command, which the Ray scan must agree with."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from inspector import BUILT, CLI
from paths import REPO

FIXTURES = REPO / "test" / "fixtures"


def node_cli() -> list[str]:
    """`node bin/zerocopy-inspector.js`, or a skip with the reason when it cannot run here."""
    if not BUILT.exists():
        pytest.skip("the inspector is not built (out/ is missing): run npm run build")
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    return [node, str(CLI)]


def cli_scan(*args: str) -> subprocess.CompletedProcess[str]:
    """Runs `zerocopy-inspector scan ARGS` from the repository root."""
    return subprocess.run([*node_cli(), "scan", *args], capture_output=True, text=True, timeout=300, cwd=REPO)


def results(path: Path) -> list[dict[str, Any]]:
    """The lines of a results file, in order."""
    return [json.loads(raw) for raw in path.read_text().splitlines() if raw.strip()]


def summary_block(stdout: str) -> str:
    """The summary a scan printed: everything before its closing `scanned N now ...` line. The inspector's scan says
    after that line how many files it decoded at once (`decoders: ...`); the Ray driver, whose actors each choose,
    does not."""
    lines = stdout.rstrip("\n").split("\n")
    if lines[-1].startswith("decoders: "):
        lines = lines[:-1]
    assert lines[-1].startswith("scanned "), stdout
    return "\n".join(lines[:-1])
