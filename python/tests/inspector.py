"""The inspector's own command line, which validates captures with the app's schemas (contract/)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from paths import REPO

CLI = REPO / "bin" / "zerocopy-inspector.js"
BUILT = REPO / "out" / "cli" / "zerocopy-inspector.js"


def inspect_json(capture: Path, strict: bool = False) -> tuple[int, dict[str, Any] | None, str]:
    """Runs `zerocopy-inspector inspect <capture> --json`: exit code, parsed output, stderr."""
    if not BUILT.exists():
        pytest.skip("the inspector is not built (out/ is missing): run npm run build")
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    args = [node, str(CLI), "inspect", str(capture), "--json", *(["--strict"] if strict else [])]
    done = subprocess.run(args, capture_output=True, text=True, timeout=240, cwd=REPO)
    try:
        return done.returncode, json.loads(done.stdout), done.stderr
    except json.JSONDecodeError:
        return done.returncode, None, done.stderr + done.stdout
