"""What a run still has to scan, and the merged results file: lines finished by earlier runs (in the merged file or
left in the shards folder by a run that stopped) are kept when their file's key is unchanged; the rest are sharded."""

from __future__ import annotations

import glob
import json
import os
from dataclasses import dataclass, field
from typing import Any

from ..atomic import write_atomically
from .inputs import ZERO_KEY, ScanInput, key_of, key_tuple
from .lines import SCAN_LINE_VERSION, read_results

Line = tuple[dict[str, Any], str]


def shards_dir(output: str) -> str:
    """The folder beside the output that holds each actor's list and results: OUT.shards/."""
    return output[: -len(".jsonl")] + ".shards"


def problem_line(path: str, problem: str) -> dict[str, Any]:
    """The error line of a folder that could not be walked, shaped as the inspector writes one."""
    return {
        "version": SCAN_LINE_VERSION,
        "key": {**ZERO_KEY, "path": path},
        "status": "error",
        "error": {
            "code": "FILE_UNREADABLE",
            "message": problem,
            "remedy": "Check that the path exists and can be read.",
        },
        "stream": None,
        "frames": 0,
        "unchecked": 0,
        "proofFrames": 0,
        "findings": [],
        "capture": None,
        "elapsedMs": 0,
    }


@dataclass
class Plan:
    """Each input path in order; the lines already known; the (path, size) pairs still to scan."""

    paths: list[str] = field(default_factory=list)
    done: dict[str, Line] = field(default_factory=dict)
    pending: list[tuple[str, int]] = field(default_factory=list)
    # Lines in the output of paths this run does not cover: kept, as the inspector's append-only file keeps them.
    others: list[Line] = field(default_factory=list)
    # Lines made by the driver this run (walk problems not seen before): written, counted as scanned now.
    made_now: int = 0


def plan(inputs: list[ScanInput], output: str, fresh: bool = False) -> Plan:
    """Splits the inputs into lines known from earlier runs and files to scan (fresh: every file is scanned again,
    only the lines of paths this run does not cover being kept)."""
    merged = read_results(output)
    shard_files = sorted(glob.glob(os.path.join(shards_dir(output), "*.jsonl")))
    earlier = [] if fresh else merged + [line for path in shard_files for line in read_results(path)]
    by_key = {key_tuple(line["key"]): (line, raw) for line, raw in earlier}
    unkeyed = {line["key"]["path"]: (line, raw) for line, raw in earlier if _unkeyed(line)}
    result = Plan()
    seen: set[str] = set()
    for item in inputs:
        # A path named twice is scanned once.
        if item.path in seen:
            continue
        seen.add(item.path)
        result.paths.append(item.path)
        if item.problem is not None:
            known = unkeyed.get(item.path)
            if known is None or known[0]["error"] is None or known[0]["error"]["message"] != item.problem:
                line = problem_line(item.path, item.problem)
                known = (line, _dumps(line))
                result.made_now += 1
            result.done[item.path] = known
            continue
        key = key_of(item.path)
        # A path that cannot be keyed (missing, unreadable, not a regular file) keeps its earlier error line while it
        # stays so; otherwise it goes to an actor, whose inspector writes why.
        known = unkeyed.get(item.path) if key is None else by_key.get(key_tuple(key))
        if known is not None:
            result.done[item.path] = known
        else:
            result.pending.append((item.path, 0 if key is None else key["size"]))
    covered = set(result.paths)
    result.others = [(line, raw) for line, raw in merged if line["key"]["path"] not in covered]
    return result


def _unkeyed(line: dict[str, Any]) -> bool:
    return line["key"] == {**ZERO_KEY, "path": line["key"]["path"]}


def _dumps(line: dict[str, Any]) -> str:
    return json.dumps(line, separators=(",", ":"), ensure_ascii=False)


def write_merged(output: str, result: Plan) -> list[dict[str, Any]]:
    """Writes the merged file (others first, then this run's lines in input order) whole, through a temporary file
    renamed over it, so a stop never leaves half a file; returns this run's lines."""
    current = [result.done[path] for path in result.paths if path in result.done]
    text = "".join(f"{raw}\n" for _, raw in [*result.others, *current])
    write_atomically(output, text.encode("utf-8"), replace=True)
    return [line for line, _ in current]
