"""A Ray cluster of three nodes on this machine for the scan's tests: a head that offers no decoders and two workers,
each with one CPU, all on a loopback address, stopped process by process when the test ends.

Ray turns 127.0.0.1 and localhost into the host's outward address when a node joins (so that other machines could
reach it); 127.0.0.2, another loopback address, it leaves alone, so every connection between the nodes stays on the
loopback interface.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cluster_processes import stop

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
        stop(folder)
        time.sleep(0.5)
        shutil.rmtree(folder, ignore_errors=True)
