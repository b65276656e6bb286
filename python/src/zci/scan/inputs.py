"""The files a scan covers and their keys, by the rules of the inspector's scan (electron/scan/scan-inputs.ts).

The driver lists and keys the files itself: it needs their sizes to shard them and their keys to skip the ones an
earlier run finished. A test holds VIDEO_EXTENSIONS equal to the inspector's list and the walk equal to its walk.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

# File name endings a folder walk takes as video (a file named on its own is always scanned); the inspector's list.
VIDEO_EXTENSIONS = (
    ".mp4",
    ".m4v",
    ".mov",
    ".mkv",
    ".webm",
    ".avi",
    ".ts",
    ".m2ts",
    ".mts",
    ".mpg",
    ".mpeg",
    ".m2v",
    ".ivf",
    ".h264",
    ".264",
    ".avc",
    ".hevc",
    ".h265",
    ".265",
    ".obu",
    ".flv",
    ".3gp",
    ".y4m",
)

# The bytes of a file's head that its key hashes (contract/scan.ts SCAN_HEAD_BYTES).
SCAN_HEAD_BYTES = 64 * 1024

# The key of a path that could not be keyed, as the inspector writes it in such a path's error line.
ZERO_KEY: dict[str, Any] = {"path": "", "size": 0, "mtimeMs": 0, "headSha256": "0" * 64}


@dataclass(frozen=True)
class ScanInput:
    """A path to scan, or a folder that could not be walked, with why."""

    path: str
    problem: str | None = None


def looks_like_video(name: str) -> bool:
    return os.path.splitext(name)[1].lower() in VIDEO_EXTENSIONS


def _js_order(name: str) -> bytes:
    # JavaScript's sort() orders by UTF-16 code units; big-endian UTF-16 bytes compare the same way.
    return name.encode("utf-16-be", "surrogatepass")


def _walk(folder: str, visited: set[str], all_files: bool) -> Iterator[ScanInput]:
    try:
        os.stat(folder)
        real = os.path.realpath(folder)
    except OSError as error:
        yield ScanInput(folder, str(error))
        return
    if real in visited:
        yield ScanInput(folder, f"a link loop: {folder} leads back to {real}, already walked")
        return
    visited.add(real)
    try:
        names = sorted(os.listdir(folder), key=_js_order)
    except OSError as error:
        yield ScanInput(folder, str(error))
        return
    for name in names:
        full = os.path.join(folder, name)
        if os.path.isdir(full):
            yield from _walk(full, visited, all_files)
        elif all_files or looks_like_video(name):
            yield ScanInput(full)


def scan_inputs(paths: list[str], all_files: bool = False) -> Iterator[ScanInput]:
    """Every input the paths name, in order; folders recursed by their real paths, so a link loop is met once."""
    visited: set[str] = set()
    for named in paths:
        absolute = os.path.abspath(named)
        if os.path.isdir(absolute):
            yield from _walk(absolute, visited, all_files)
        else:
            yield ScanInput(absolute)


def listed_paths(text: str) -> list[str]:
    """The paths a list file holds: one per line, blank lines and lines starting with # left out."""
    stripped = (line.strip() for line in text.splitlines())
    return [line for line in stripped if line and not line.startswith("#")]


def mtime_ms(info: os.stat_result) -> float:
    # Node's mtimeMs is seconds * 1e3 + nanoseconds / 1e6 in doubles; the same sum gives the same number here.
    seconds, nanoseconds = divmod(info.st_mtime_ns, 1_000_000_000)
    return seconds * 1e3 + nanoseconds / 1e6


def key_of(path: str) -> dict[str, Any] | None:
    """A file's key for resuming (path, size, mtimeMs, headSha256), or None when it is not a readable regular file."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            return None
        with open(path, "rb") as handle:
            head = handle.read(min(SCAN_HEAD_BYTES, info.st_size))
    except OSError:
        return None
    return {
        "path": path,
        "size": info.st_size,
        "mtimeMs": mtime_ms(info),
        "headSha256": hashlib.sha256(head).hexdigest(),
    }


def key_tuple(key: dict[str, Any]) -> tuple[str, int, float, str]:
    """A key as a dictionary key: two equal tuples name the same unchanged file."""
    return (key["path"], key["size"], key["mtimeMs"], key["headSha256"])
