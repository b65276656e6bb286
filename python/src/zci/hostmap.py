"""Telling a host pointer from a freed device allocation when the driver knows neither: /proc/self/maps."""

from __future__ import annotations


def describe_unknown_pointer(pointer: int, maps: str | None = None) -> str:
    """'host' when the address lies in a readable mapping of this process that is not a GPU device file; else
    'unknown' (device memory already freed, or an address nothing owns)."""
    if maps is None:
        try:
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as handle:
                maps = handle.read()
        except OSError:
            return "unknown"
    for line in maps.splitlines():
        parts = line.split(maxsplit=5)
        if len(parts) < 2:
            continue
        start, _, end = parts[0].partition("-")
        try:
            low, high = int(start, 16), int(end, 16)
        except ValueError:
            continue
        if low <= pointer < high:
            path = parts[5] if len(parts) > 5 else ""
            return "host" if parts[1].startswith("r") and "/dev/nvidia" not in path else "unknown"
    return "unknown"
