"""A scan's summary in the inspector's words (electron/scan/scan-summary.ts: summarise, summaryText): findings grouped
by cause across files, errors grouped by code, the totals. The inspector prints it from one process's lines; the
driver prints it from the merged lines, and a test holds the two texts equal on the same lines.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

# Punctuation and symbols in the order of the root collation JavaScript's localeCompare uses: they sort before digits,
# digits before letters, letters alike in either case (lower first where nothing else differs).
_PUNCTUATION = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"


def _primary(char: str) -> tuple[int, int]:
    where = _PUNCTUATION.find(char)
    if where >= 0:
        return (0, where)
    if char.isdigit():
        return (2, int(char) if char.isascii() else ord(char))
    if char.isalpha():
        return (3, ord(char.lower()))
    # Other symbols: after the listed ones, before digits; their order among themselves is approximate.
    return (1, ord(char))


def locale_key(text: str) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]:
    """A sort key that orders strings as localeCompare does for ASCII text and accented letters: by the characters
    without case or accents first, then by the accents, then lower case before upper case."""
    primary, secondary, tertiary = [], [], []
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.combining(char):
            secondary.append(ord(char))
            continue
        primary.append(_primary(char))
        secondary.append(0)
        tertiary.append(1 if char.isupper() else 0)
    return (tuple(primary), tuple(secondary), tuple(tertiary))


@dataclass
class CauseGroup:
    """One cause across the corpus."""

    check: str
    cause: str
    files: list[str] = field(default_factory=list)
    frames: int = 0
    kinds: list[str] = field(default_factory=list)


@dataclass
class ScanSummary:
    """The whole scan in numbers and groups."""

    files: int
    clean: int
    with_findings: int
    errors: int
    frames: int
    causes: list[CauseGroup]
    error_codes: list[tuple[str, list[str]]]


def file_kind(line: dict[str, Any]) -> str:
    """The kind of a file as a cause names it: the parity of its picture height and its codec."""
    stream = line["stream"]
    if stream is None:
        return "unopened"
    # JavaScript's % keeps the sign: only a positive odd height is odd there.
    odd = stream["height"] > 0 and stream["height"] % 2 == 1
    return f"{'odd' if odd else 'even'}-height {stream['codec']}"


def summarise(lines: list[dict[str, Any]]) -> ScanSummary:
    """Groups the lines of a scan as the inspector does: the same summary for any order of the lines."""
    causes: dict[tuple[str, str], CauseGroup] = {}
    kind_counts: dict[tuple[str, str], dict[str, int]] = {}
    error_codes: dict[str, list[str]] = {}
    for line in lines:
        if line["status"] == "error" and line["error"] is not None:
            error_codes.setdefault(line["error"]["code"], []).append(line["key"]["path"])
            continue
        for finding in line["findings"]:
            group = causes.setdefault(
                (finding["check"], finding["cause"]), CauseGroup(finding["check"], finding["cause"])
            )
            group.files.append(line["key"]["path"])
            group.frames += finding["frames"]
            kind = file_kind(line)
            counts = kind_counts.setdefault((finding["check"], finding["cause"]), {})
            counts[kind] = counts.get(kind, 0) + 1
    # Lines arrive in the order files finished, which parallel decoders vary: everything listed is sorted, the kinds
    # by how many of the group's files they describe, then by name, as the inspector does.
    for key, group in causes.items():
        group.kinds = sorted(kind_counts[key], key=lambda kind: (-kind_counts[key][kind], locale_key(kind)))
        group.files.sort(key=locale_key)
    ordered = sorted(causes.values(), key=lambda g: (-len(g.files), locale_key(g.cause)))
    return ScanSummary(
        files=len(lines),
        clean=sum(1 for line in lines if line["status"] == "clean"),
        with_findings=sum(1 for line in lines if line["status"] == "findings"),
        errors=sum(1 for line in lines if line["status"] == "error"),
        frames=sum(line["frames"] for line in lines),
        causes=ordered,
        error_codes=[
            (code, sorted(files, key=locale_key))
            for code, files in sorted(error_codes.items(), key=lambda item: locale_key(item[0]))
        ],
    )


def _count(n: int) -> str:
    return f"{n:,}"


def _files(n: int) -> str:
    return f"{_count(n)} file{'' if n == 1 else 's'}"


def summary_text(summary: ScanSummary) -> str:
    """The summary as the inspector's terminal prints it."""
    text = [
        f"{_count(summary.files)} files, {_count(summary.frames)} frames: {_count(summary.clean)} clean, "
        f"{_count(summary.with_findings)} with findings, {_count(summary.errors)} not scanned"
    ]
    for group in summary.causes:
        text.append(
            f"  {group.cause}: {_files(len(group.files))}, {_count(group.frames)} frames: {', '.join(group.kinds)}"
        )
    for code, files in summary.error_codes:
        text.append(f"  not scanned, {code}: {_files(len(files))}")
    return "\n".join(text)


def exit_code(summary: ScanSummary) -> int:
    """The inspector's exit codes: 0 clean, 1 findings or errors, 3 nothing could be scanned."""
    if summary.files == 0 or summary.errors == summary.files:
        return 3
    return 1 if summary.with_findings > 0 or summary.errors > 0 else 0
