"""`python -m zci pack` as the tests run it: one place for the command, its environment and its time limit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def pack(
    facts: str | Path, output: str | Path, *extra: str, key: Path | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Packs FACTS into OUTPUT (EXTRA: more options, such as --unsigned); KEY: the signing key's file, in place of the
    user's own (ZCI_RECORDER_CONFIG)."""
    env = os.environ if key is None else {**os.environ, "ZCI_RECORDER_CONFIG": str(key)}
    args = [sys.executable, "-m", "zci", "pack", str(facts), "-o", str(output), *extra]
    return subprocess.run(args, capture_output=True, text=True, env=env, cwd=cwd, timeout=120)
