"""The recorder users add to their own code: `with zci.Recorder("run.zci") as rec: rec.frame(frame, wrapped=img)`."""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType
from typing import Any

from . import capture, manifest, versions
from .detect import describe
from .driver import Driver
from .errors import NoDriverError, RecorderError
from .facts import FrameFacts
from .gather import take


def stream_handle(stream: Any) -> int | None:
    """A CUstream from an int or a stream object (torch's .cuda_stream, CuPy's .ptr, CV-CUDA's .handle)."""
    if stream is None or isinstance(stream, int):
        return stream
    for attribute in ("cuda_stream", "ptr", "handle"):
        value = getattr(stream, attribute, None)
        if isinstance(value, int):
            return value
    raise RecorderError(f"stream: {type(stream).__name__} is not a CUDA stream handle or a known stream object")


def event_handle(event: Any) -> int | None:
    """A CUevent from an int or an event object (torch's .cuda_event, CuPy's .ptr)."""
    if event is None or isinstance(event, int):
        return event
    for attribute in ("cuda_event", "ptr", "handle"):
        value = getattr(event, attribute, None)
        if isinstance(value, int):
            return value
    raise RecorderError(f"event: {type(event).__name__} is not a CUDA event handle or a known event object")


class Recorder:
    """Records frames into one capture, written when the recorder is closed (or its `with` block ends).

    Every frame's facts are bounded (a few hundred KiB copied to the host at most, no device memory), taken
    without synchronising the device or any stream but the recorder's own. `proof=True` also writes a canary
    through the wrapped object and reads it through the source (restoring the bytes): off unless asked.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        proof: bool = False,
        overwrite: bool = False,
        sign: bool = True,
        key_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        self.path = Path(path)
        if not self.path.name.endswith(".zci"):
            raise RecorderError(f"{self.path}: a capture's name ends in .zci")
        self.proof = proof
        self.overwrite = overwrite
        self.sign = sign
        self.key_dir = None if key_dir is None else Path(key_dir)
        self.frames: list[FrameFacts] = []
        self._driver: Driver | None = None
        self._closed = False

    def _get_driver(self) -> Driver:
        if self._driver is None:
            self._driver = Driver()
        return self._driver

    def frame(
        self,
        source: Any,
        wrapped: Any = None,
        *,
        label: str = "",
        stream: Any = None,
        event: Any = None,
        layout: str | None = None,
        wrapped_layout: str | None = None,
        proof: bool | None = None,
    ) -> FrameFacts:
        """Records one frame: `source` as the decoder handed it over, `wrapped` the object made over it."""
        if self._closed:
            raise RecorderError("the recorder is closed")
        source_planes = describe(source, "source", layout)
        wrapped_planes = None if wrapped is None else describe(wrapped, "wrapped", wrapped_layout)
        named = stream_handle(stream)
        facts = take(
            self._get_driver(),
            label,
            source_planes,
            wrapped_planes,
            stream=named if named is not None else source_planes.stream,
            event=event_handle(event),
            proof=self.proof if proof is None else proof,
        )
        self.frames.append(facts)
        return facts

    def add(self, facts: FrameFacts) -> None:
        """Adds a facts record taken elsewhere (the C header's, read by `zci-recorder pack`)."""
        self.frames.append(facts)

    def close(
        self,
        *,
        language: str = "python",
        process: dict[str, Any] | None = None,
        versions_seen: dict[str, str | None] | None = None,
    ) -> Path | None:
        """Writes the capture (nothing when no frame was recorded) and releases the recorder's streams.
        `process` and `versions_seen` describe another recording process (the C header's, packed here): then this
        process's versions and devices are not probed."""
        if self._closed:
            return None
        self._closed = True
        try:
            if not self.frames:
                return None
            driver_version, devices, error = None, [], "the recording process was another one"
            if versions_seen is None:
                try:
                    driver = self._get_driver()
                    driver_version, devices, error = driver.version(), driver.devices(), None
                except (NoDriverError, RecorderError) as problem:
                    error = str(problem)
            found = versions_seen if versions_seen is not None else versions.process_versions(driver_version)
            env = (
                None
                if error is not None
                else versions.environment(driver_version, devices, None, manifest.RECORDER_VERSION)
            )
            not_taken = []
            key = None
            if self.sign:
                try:
                    from . import signing

                    key = signing.load_or_create_key(self.key_dir)
                except (ImportError, OSError, ValueError) as problem:
                    not_taken.append({"fact": "signature", "reason": f"the recorder's key is unusable: {problem}"})
            body, files = manifest.build(
                self.frames, versions=found, environment=env, language=language, process=process, not_taken=not_taken
            )
            return capture.write_file(self.path, capture.encode(body, files, key), overwrite=self.overwrite)
        finally:
            if self._driver is not None:
                self._driver.close()

    def __enter__(self) -> Recorder:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
