"""The Ray side of the driver: joins the cluster, works out how many scanner actors it can hold, starts them one per
GPU (num_gpus and one `nvdec`, the custom resource a GPU node declares for its decoders), hands each its shard and
collects the lines as each actor finishes."""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

import ray

from .actor import ShardScanner
from .lines import ScanLineError, parse_line

# The CPU each actor holds, so a node's CPUs bound the actors it takes (and a CPU-only node takes at least one).
ACTOR_CPUS = 1


class ClusterError(RuntimeError):
    """The cluster cannot hold the actors asked for."""


@dataclass
class ShardOutcome:
    """What one actor sent back: its node, its lines (checked), and its problems in words."""

    node: str
    lines: list[tuple[dict[str, Any], str]]
    problems: list[str]
    # The shard's index, and the actor's marks (wall-clock times, zci.scan.phases); none when the actor failed.
    shard: int = 0
    marks: dict[str, float] = field(default_factory=dict)


# How long the driver waits for the head to answer before it says so (Ray itself keeps retrying for minutes).
CONNECT_TIMEOUT_S = 10


def connect(address: str) -> None:
    """Joins the cluster at HOST:PORT; raises ClusterError at once when nothing answers there."""
    host, _, port = address.rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT_S).close()
    except (OSError, ValueError) as error:
        raise ClusterError(f"no Ray cluster answers at {address}: {error}") from error
    # The actors' output would interleave with the summary: their failures come back through the results instead.
    if threading.current_thread() is threading.main_thread():
        ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
        return
    # Joined from the driver's connecting thread (command.py), Ray leaves SIGTERM's handler to the main thread and
    # says so in a warning the driver's output has no use for; the driver sets that handler when it joins the thread.
    worker_log = logging.getLogger("ray._private.worker")
    quiet = _Without("SIGTERM handler is not set")
    worker_log.addFilter(quiet)
    try:
        ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
    finally:
        worker_log.removeFilter(quiet)


class _Without(logging.Filter):
    """Drops the log records whose message starts with a text."""

    def __init__(self, start: str) -> None:
        super().__init__()
        self.start = start

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith(self.start)


def actor_resources(gpus_per_actor: float) -> dict[str, Any]:
    """The options of one actor: a CPU, its GPUs, and one nvdec where it decodes on a GPU."""
    if gpus_per_actor > 0:
        return {"num_cpus": ACTOR_CPUS, "num_gpus": gpus_per_actor, "resources": {"nvdec": 1}}
    return {"num_cpus": ACTOR_CPUS, "num_gpus": 0}


def capacity(gpus_per_actor: float) -> int:
    """How many actors the cluster's resources hold at once."""
    total = ray.cluster_resources()
    limits = [int(total.get("CPU", 0) // ACTOR_CPUS)]
    if gpus_per_actor > 0:
        limits += [int(total.get("GPU", 0) // gpus_per_actor), int(total.get("nvdec", 0))]
    else:
        # Without GPUs, one actor per node: each inspector decodes several files at once on its own.
        limits.append(sum(1 for node in ray.nodes() if node.get("Alive") and node["Resources"].get("CPU", 0) > 0))
    return max(0, min(limits))


def actor_count(asked: int | None, gpus_per_actor: float) -> int:
    """The actors to start: as many as asked, or as the cluster holds; refuses what it cannot hold, which would wait
    for ever."""
    room = capacity(gpus_per_actor)
    if room == 0:
        need = (
            "GPUs and an nvdec resource (ray start --num-gpus=N --resources='{\"nvdec\": N}')"
            if gpus_per_actor > 0
            else "CPUs"
        )
        raise ClusterError(f"the cluster has no room for a scanner actor: its nodes need {need}")
    if asked is not None and asked > room:
        raise ClusterError(f"--actors {asked}: the cluster holds {room} scanner actor(s) of these resources")
    return room if asked is None else asked


def start_actors(count: int, gpus_per_actor: float) -> list[Any]:
    """Asks the cluster for COUNT scanner actors, spread over the nodes; they start while the driver goes on."""
    return [
        ShardScanner.options(**actor_resources(gpus_per_actor), scheduling_strategy="SPREAD").remote()
        for _ in range(count)
    ]


def stop_actors(actors: list[Any]) -> None:
    for actor in actors:
        ray.kill(actor)


def run_shards(
    shards: list[list[str]],
    inspector: list[str],
    shard_results: Callable[[int], str],
    options: list[str],
    gpus_per_actor: float,
    on_done: Callable[[ShardOutcome], None],
    started: list[Any] | None = None,
) -> None:
    """Scans each shard on its own actor, spread over the nodes; calls on_done as each finishes. The actors are those
    STARTED (start_actors) where given, the first one a shard and the rest stopped, else started here."""
    started = list(started) if started is not None else start_actors(len(shards), gpus_per_actor)
    stop_actors(started[len(shards) :])
    actors = started[: len(shards)]
    actors += start_actors(len(shards) - len(actors), gpus_per_actor)
    try:
        calls = {
            actor.scan.remote(inspector, shard, shard_results(index), options): (index, shard)
            for index, (actor, shard) in enumerate(zip(actors, shards))
        }
        waiting = list(calls)
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            on_done(_outcome(ready[0], *calls[ready[0]]))
    finally:
        stop_actors(actors)


def _outcome(call: Any, index: int, shard: list[str]) -> ShardOutcome:
    try:
        sent = ray.get(call)
    except ray.exceptions.RayError as error:
        return ShardOutcome("?", [], [f"the actor failed: {error}".splitlines()[0]], index)
    lines, problems = [], []
    for raw in sent["lines"]:
        try:
            lines.append((parse_line(raw), raw))
        except ScanLineError as error:
            problems.append(f"a results line does not match the scan line schema: {error}")
    missing = len(set(shard) - {line["key"]["path"] for line, _ in lines})
    if missing:
        tail = sent["stderr"].strip().splitlines()[-3:]
        problems.append(
            f"the inspector (exit code {sent['exitCode']}) wrote no line for {missing} of {len(shard)} files"
            + (f": {' / '.join(tail)}" if tail else "")
        )
    return ShardOutcome(sent["node"], lines, problems, index, dict(sent.get("marks", {})))


def disconnect() -> None:
    if ray.is_initialized():
        ray.shutdown()
