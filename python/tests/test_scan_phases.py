"""The Ray scan driver's phase marks (zci.scan.phases): milliseconds since the driver's process started, written as one
JSON line on stderr only when ZCI_PHASES asks; and the driver's connecting thread, which reports a missing Ray as the
driver always has. The marks of a whole scan on a real cluster are tested in test_scan_ray.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from zci.scan.phases import ENVIRONMENT, Phases, process_start


def test_the_process_start_is_when_the_process_began() -> None:
    # The first thing the child does is read the clock: its process started a little before (the interpreter's own
    # start), never after, give or take the kernel's clock tick (10 ms).
    program = (
        "import time; first = time.time()\n"
        "from zci.scan.phases import process_start\n"
        "start, origin = process_start()\n"
        "print(first - start, origin)"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60, check=True)
    before, origin = done.stdout.split()
    if not Path("/proc/self/stat").exists():
        assert origin == "import"
        return
    assert origin == "process"
    assert -0.02 <= float(before) < 2.0


def test_the_marks_are_milliseconds_since_the_process_started() -> None:
    start, origin = process_start()
    phases = Phases()
    phases.driver["planned"] = start + 0.25
    phases.mark("planned")  # the first time a mark is met is the one kept
    phases.actor(1, {"actor-constructed": start + 0.5, "lines-read": start + 1.5})
    line = json.loads(phases.line())
    assert set(line) == {"phases"}
    assert line["phases"]["origin"] == origin
    assert line["phases"]["driver"]["planned"] == pytest.approx(250, abs=1)
    (actor,) = line["phases"]["actors"]
    assert actor["shard"] == 1
    assert actor["actor-constructed"] == pytest.approx(500, abs=1)
    assert actor["lines-read"] == pytest.approx(1500, abs=1)


@pytest.mark.parametrize(("value", "written"), [(None, False), ("", False), ("0", False), ("1", True)])
def test_the_line_is_written_only_when_asked(
    value: str | None, written: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    if value is None:
        monkeypatch.delenv(ENVIRONMENT, raising=False)
    else:
        monkeypatch.setenv(ENVIRONMENT, value)
    phases = Phases()
    phases.mark("imports-done")
    phases.write()
    out, err = capsys.readouterr()
    assert out == ""
    if written:
        assert err.endswith("\n") and err.count("\n") == 1
        assert "imports-done" in json.loads(err)["phases"]["driver"]
    else:
        assert err == ""


def test_a_driver_without_ray_says_so(tmp_path: Path) -> None:
    # Ray's import fails on the driver's connecting thread; the driver says what it always said, and scans nothing.
    clip = tmp_path / "clip.mp4"
    clip.write_bytes(b"\0" * 64)
    program = (
        "import sys\n"
        "sys.modules['ray'] = None\n"
        "from zci.cli import entry\n"
        "sys.argv = ['zci', 'scan', '--ray', '127.0.0.2:1', '--inspector', 'true',"
        f" '-o', {str(tmp_path / 'o.jsonl')!r}, {str(clip)!r}]\n"
        "entry()"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert done.returncode == 3, done.stderr
    assert done.stderr.startswith("zci scan: Ray is not installed (")
    assert done.stderr.rstrip().endswith("pip install 'zci-recorder[ray]'")
    assert done.stdout == ""
    assert not (tmp_path / "o.jsonl").exists()
