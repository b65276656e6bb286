"""Shards of a corpus by size: the largest file first onto the least loaded actor, so the actors finish close together
(a file's bytes stand in for its decode time, which only the scan itself can tell). Each file also weighs one byte
more, so empty and unreadable files spread over the actors instead of piling onto the first."""

from __future__ import annotations

import heapq


def shard_by_size(files: list[tuple[str, int]], actors: int) -> list[list[str]]:
    """Splits (path, size) pairs into at most `actors` shards; a shard holds its paths largest first. Ties in size go
    by path, and ties in load to the lower shard, so the same files always make the same shards."""
    if actors < 1:
        raise ValueError("a scan needs at least one actor")
    count = min(actors, len(files))
    shards: list[list[str]] = [[] for _ in range(count)]
    loads = [(0, index) for index in range(count)]
    for path, size in sorted(files, key=lambda item: (-item[1], item[0])):
        load, index = heapq.heappop(loads)
        shards[index].append(path)
        heapq.heappush(loads, (load + size + 1, index))
    return shards
