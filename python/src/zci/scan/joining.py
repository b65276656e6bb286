"""The driver's connection to the Ray cluster, made on a thread of its own: Ray's import (a few tenths of a second)
and the connection overlap the driver's own work of reading the list, walking the folders and keying the files. The
thread also works out how many actors the cluster holds and asks for them, so their workers start meanwhile too.

Whatever the thread meets is kept and handed to the driver when it waits for the thread, which then reports it as it
would have reported it without the thread: Ray missing (import_error), or the cluster's refusal (error)."""

from __future__ import annotations

import signal
import sys
import threading
from types import ModuleType
from typing import Any

from .phases import PHASES


class Joining:
    """Imports Ray, joins the cluster at ADDRESS and asks for the actors it holds (ASKED, where given), on a daemon
    thread that starts at once."""

    def __init__(self, address: str, asked: int | None, gpus_per_actor: float) -> None:
        self.cluster: ModuleType | None = None
        self.import_error: ImportError | None = None
        self.error: BaseException | None = None
        self.count = 0
        self.actors: list[Any] = []
        self._thread = threading.Thread(
            target=self._join, args=(address, asked, gpus_per_actor), name="zci-ray-join", daemon=True
        )
        self._thread.start()

    def _join(self, address: str, asked: int | None, gpus_per_actor: float) -> None:
        try:
            from . import cluster
        except ImportError as error:
            self.import_error = error
            return
        except BaseException as error:  # handed to the driver, which raises it where it waits
            self.error = error
            return
        PHASES.mark("ray-imported")
        self.cluster = cluster
        try:
            cluster.connect(address)
            PHASES.mark("connected")
            self.count = cluster.actor_count(asked, gpus_per_actor)
            self.actors = cluster.start_actors(self.count, gpus_per_actor)
            PHASES.mark("actors-asked")
        except BaseException as error:  # handed to the driver, which raises it where it waits
            self.error = error

    def busy(self) -> bool:
        """Whether the thread is still at work."""
        return self._thread.is_alive()

    def wait(self) -> None:
        """Waits for the thread. Once connected, SIGTERM ends the driver through SystemExit, as Ray sets it when the
        main thread connects (it leaves that to the main thread)."""
        self._thread.join()
        PHASES.mark("joined")
        connected = self.cluster is not None and self.error is None
        if connected and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, _exit_on_sigterm)


def _exit_on_sigterm(signum: int, frame: object) -> None:
    sys.exit(signum)
