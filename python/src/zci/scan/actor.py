"""The scanner actor: one per GPU (or per node on a cluster without GPUs), each running the inspector's own scan over
its shard in one process, so every file is checked by the same code a single-machine scan runs.

Ray gives an actor with num_gpus its GPU through CUDA_VISIBLE_DEVICES, so the inspector's default device is that GPU.
The shard's list and results live in the shards folder beside the merged output; a shard stopped midway resumes from
its own results file, which the inspector reads back.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from typing import Any

import ray

# The most of the inspector's stderr an actor sends back when its scan fails.
STDERR_TAIL = 4000


@ray.remote
class ShardScanner:
    """Scans shards with the inspector on the node Ray placed it on."""

    def __init__(self) -> None:
        # When this actor's worker had it made: the first of the marks each scan sends back (zci.scan.phases).
        self.constructed = time.time()

    def scan(self, inspector: list[str], paths: list[str], results: str, options: list[str]) -> dict[str, Any]:
        """Runs `INSPECTOR scan --list SHARD -o RESULTS OPTIONS` and returns the results lines of the shard's paths,
        with the wall-clock times (time.time()) of its steps as marks."""
        marks = {"actor-constructed": self.constructed, "scan-called": time.time()}
        os.makedirs(os.path.dirname(results), exist_ok=True)
        shard_list = results[: -len(".jsonl")] + ".list"
        with open(shard_list, "w", encoding="utf-8") as handle:
            handle.write("".join(f"{path}\n" for path in paths))
        marks["subprocess-started"] = time.time()
        done = subprocess.run(
            [*inspector, "scan", "--list", shard_list, "-o", results, *options],
            capture_output=True,
            text=True,
            check=False,
        )
        marks["subprocess-ended"] = time.time()
        wanted = set(paths)
        lines = []
        if os.path.exists(results):
            with open(results, encoding="utf-8") as handle:
                # The results file may hold lines of files another run gave this shard: only this shard's go back.
                lines = [raw for raw in handle.read().split("\n") if raw.strip() and _path_of(raw) in wanted]
        marks["lines-read"] = time.time()
        return {
            "node": ray.util.get_node_ip_address(),
            "exitCode": done.returncode,
            "stderr": done.stderr[-STDERR_TAIL:],
            "lines": lines,
            "marks": marks,
        }


def _path_of(raw: str) -> str | None:
    # The driver validates every line it keeps; here a line only needs its path.
    try:
        return json.loads(raw)["key"]["path"]
    except (ValueError, KeyError, TypeError):
        return None
