"""A Ray cluster of three nodes on this machine for the scan's tests: a head that offers no decoders and two workers,
each with one CPU, all on a loopback address, stopped process by process when the test ends.

Ray turns 127.0.0.1 and localhost into the host's outward address when a node joins (so that other machines could
reach it); 127.0.0.2, another loopback address, it leaves alone, so every connection between the nodes stays on the
loopback interface.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HOST = "127.0.0.2"


def ray_command() -> str:
    """The ray command beside this Python (the test's virtual environment), else the one on PATH."""
    beside = Path(sys.executable).parent / "ray"
    return str(beside) if beside.exists() else (shutil.which("ray") or "ray")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def ray_env() -> dict[str, str]:
    # No usage reports leave the machine.
    return {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}


def _start(args: list[str], log: Path) -> None:
    with open(log, "w") as out:
        done = subprocess.run(
            [ray_command(), "start", *args], stdout=out, stderr=subprocess.STDOUT, env=ray_env(), timeout=180
        )
    if done.returncode != 0:
        raise RuntimeError(f"ray start failed ({done.returncode}): {log.read_text()[-2000:]}")


def _processes() -> dict[int, tuple[int, str]]:
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


def _ours(folder: str) -> set[int]:
    """This cluster's processes: those whose command line names its folder, and their descendants."""
    table = _processes()
    ours = {pid for pid, (_, command) in table.items() if folder in command}
    grown = True
    while grown:
        more = {pid for pid, (parent, _) in table.items() if parent in ours} - ours
        ours |= more
        grown = bool(more)
    return ours


def _stop(folder: str) -> None:
    """Stops the processes of this cluster only, by their ids: politely, then for good after five seconds."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        pids = _ours(folder)
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                continue
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and _alive(pids):
            time.sleep(0.2)


def _alive(pids: set[int]) -> bool:
    table = _processes()
    # A zombie keeps its id until its parent reaps it, but it runs no more.
    return any(pid in table and _state(pid) != "Z" for pid in pids)


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "Z"


@contextmanager
def local_cluster() -> Iterator[str]:
    """Starts the cluster; yields its address."""
    # A short folder: Ray's sockets live in it, and a socket's path has a length limit.
    folder = tempfile.mkdtemp(prefix="zci-ray-")
    port = free_port()
    address = f"{HOST}:{port}"
    common = ["--node-ip-address", HOST, "--num-cpus=1", "--object-store-memory=100000000", "--disable-usage-stats"]
    try:
        _start(
            [
                "--head",
                f"--port={port}",
                "--temp-dir",
                folder,
                "--include-dashboard=false",
                '--resources={"nvdec": 0}',
                *common,
            ],
            Path(folder) / "head.log",
        )
        for worker in (1, 2):
            _start([f"--address={address}", *common], Path(folder) / f"worker-{worker}.log")
        yield address
    finally:
        _stop(folder)
        time.sleep(0.5)
        shutil.rmtree(folder, ignore_errors=True)
