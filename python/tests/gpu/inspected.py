"""The inspector's own reports of a fixture's first NVDEC frames, and the plane facts a recording is compared on."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from inspector import BUILT, CLI
from paths import REPO

FRAMES = 3
FIXTURES = sorted(p for p in (REPO / "test" / "fixtures").iterdir() if p.suffix in {".mp4", ".mkv", ".webm"})


def inspected_video(video: Path) -> list[dict]:
    """The inspector's own reports of the video's first frames, decoded by NVDEC."""
    node = shutil.which("node")
    if node is None or not BUILT.exists():
        pytest.skip("the inspector's command line is not built here")
    args = [node, str(CLI), "inspect", str(video), "--json", "--decode", "nvdec", "--no-proof"]
    args += ["--frames", f"0-{FRAMES - 1}"]
    done = subprocess.run(args, capture_output=True, text=True, timeout=240, cwd=REPO)
    try:
        out = json.loads(done.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"the inspector gave no JSON for {video.name}: {done.stderr[-2000:]}")
    return [f["report"] for f in out["frames"]]


def plane_facts(report: dict) -> list[tuple[int, int, int]]:
    """Each plane's pitch, its first byte from plane 0's, and its rows."""
    first = int(report["planes"][0]["ffmpegPointer"], 16)
    return [(p["pitch"], int(p["ffmpegPointer"], 16) - first, p["height"]) for p in report["planes"]]
