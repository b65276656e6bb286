"""The processes of a local Ray cluster, found by the folder its nodes were started with, and stopped by their ids: the
scan's Ray tests (ray_cluster.py) and the GPU machine's Ray benchmark (scripts/gpu/ray-scan-bench.sh) both stop only
the cluster they started. Standard library only: the benchmark runs it where only Ray's wheels are installed."""

from __future__ import annotations

import os
import signal
import time


def processes() -> dict[int, tuple[int, str]]:
    """Every process's parent and command line, from /proc."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                command = handle.read().replace(b"\0", b" ").decode(errors="replace")
            with open(f"/proc/{entry}/stat") as handle:
                # The parent follows the command name, which is in brackets and may hold spaces.
                parent = int(handle.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        found[int(entry)] = (parent, command)
    return found


def ours(folder: str) -> set[int]:
    """The cluster's processes: those whose command line names its folder, and their descendants (never this one)."""
    table = processes()
    found = {pid for pid, (_, command) in table.items() if folder in command and pid != os.getpid()}
    grown = True
    while grown:
        more = {pid for pid, (parent, _) in table.items() if parent in found} - found
        found |= more
        grown = bool(more)
    return found


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "Z"


def alive(pids: set[int]) -> bool:
    """Whether any of PIDS still runs (a zombie keeps its id until its parent reaps it, but it runs no more)."""
    table = processes()
    return any(pid in table and _state(pid) != "Z" for pid in pids)


def stop(folder: str) -> int:
    """Stops the cluster's processes only, by their ids: politely, then for good after five seconds; returns how many
    are left."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        pids = ours(folder)
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                continue
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and alive(pids):
            time.sleep(0.2)
    return len({pid for pid in ours(folder) if _state(pid) != "Z"})
