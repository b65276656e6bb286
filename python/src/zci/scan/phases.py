"""Where a Ray scan's driver spends its time: named marks, written as one JSON line on stderr at the driver's end when
ZCI_PHASES is set (to anything but 0 or nothing); without it nothing is written.

Each mark is taken as the wall-clock time (time.time()) it was met and written as milliseconds since the driver's
process started, so the marks include the interpreter's own start and the imports before any of this package's code
ran. The process's start on Linux: its start time in /proc/self/stat (clock ticks since boot) against the boot
clock now, taken from time.time(); elsewhere (no /proc), the time this module was first imported, and the line says
which ("origin": "process" or "import"). The actors' marks are their own wall-clock times, turned into milliseconds
on the driver's clock: on the driver's machine the same clock, on another node as close as the two clocks agree.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

ENVIRONMENT = "ZCI_PHASES"

_IMPORTED = time.time()


def process_start() -> tuple[float, str]:
    """The wall-clock time this process started, and where it came from ("process": /proc; "import": this module's
    first import)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as handle:
            # The fields after the command name, which is in brackets and may hold spaces: field 22 is the start.
            ticks = int(handle.read().rsplit(")", 1)[1].split()[19])
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
        now = time.time()
    except (OSError, ValueError, IndexError, AttributeError):
        return _IMPORTED, "import"
    return now - age, "process"


def wanted() -> bool:
    return os.environ.get(ENVIRONMENT, "") not in ("", "0")


class Phases:
    """The driver's marks (the first time each is met) and each actor's own."""

    def __init__(self) -> None:
        self.driver: dict[str, float] = {}
        self.actors: list[dict[str, Any]] = []

    def mark(self, name: str) -> None:
        self.driver.setdefault(name, time.time())

    def actor(self, shard: int, marks: dict[str, float]) -> None:
        self.actors.append({"shard": shard, **marks})

    def line(self) -> str:
        """The marks as one JSON line: {"phases": {"origin", "driver": {mark: ms}, "actors": [{shard, mark: ms}]}}."""
        start, origin = process_start()

        def ms(when: float) -> float:
            return round((when - start) * 1000, 1)

        driver = {name: ms(when) for name, when in self.driver.items()}
        actors = [
            {name: (value if name == "shard" else ms(value)) for name, value in marks.items()} for marks in self.actors
        ]
        return json.dumps({"phases": {"origin": origin, "driver": driver, "actors": actors}}, separators=(",", ":"))

    def write(self) -> None:
        """Writes the line to stderr when ZCI_PHASES asks for it, after whatever stdout holds (the two may share a
        file)."""
        if not wanted():
            return
        sys.stdout.flush()
        print(self.line(), file=sys.stderr, flush=True)


# The driver's one record of its marks.
PHASES = Phases()
