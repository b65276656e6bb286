"""What the recording process has loaded: Python, torch, CV-CUDA, FFmpeg and the CUDA driver, found in the process
(modules already imported, libraries already mapped), never by importing or loading anything new."""

from __future__ import annotations

import ctypes
import os
import platform
import sys
from typing import Any


def _module_version(name: str) -> str | None:
    module = sys.modules.get(name)
    version = getattr(module, "__version__", None) if module is not None else None
    return None if version is None else str(version)


def mapped_libraries(maps: str | None = None) -> dict[str, str]:
    """Shared libraries mapped into this process, by file name (first path of each)."""
    if maps is None:
        try:
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as handle:
                maps = handle.read()
        except OSError:
            return {}
    found: dict[str, str] = {}
    for line in maps.splitlines():
        parts = line.split(maxsplit=5)
        if len(parts) == 6 and ".so" in parts[5]:
            path = parts[5].strip()
            found.setdefault(os.path.basename(path), path)
    return found


def _mapped(libraries: dict[str, str], prefix: str) -> str | None:
    return next((path for name, path in libraries.items() if name.startswith(prefix)), None)


def _av_version(path: str | None, function: str) -> str | None:
    """An FFmpeg library's version from its own *_version() call, for a library the process already maps."""
    if path is None:
        return None
    try:
        value = int(getattr(ctypes.CDLL(path), function)())
    except (OSError, AttributeError):
        return None
    return f"{value >> 16}.{(value >> 8) & 0xFF}.{value & 0xFF}"


def ffmpeg_versions(libraries: dict[str, str]) -> dict[str, str | None]:
    return {
        name: _av_version(_mapped(libraries, f"{name}.so"), f"{name[3:]}_version")
        for name in ("libavcodec", "libavformat", "libavutil", "libswscale")
    }


def process_versions(driver_version: str | None, libraries: dict[str, str] | None = None) -> dict[str, str | None]:
    """The versions the banner shows: null where the process has not loaded it."""
    libraries = mapped_libraries() if libraries is None else libraries
    ffmpeg = ffmpeg_versions(libraries)
    return {
        "python": platform.python_version(),
        "torch": _module_version("torch"),
        "cvcuda": _module_version("cvcuda"),
        "ffmpeg": ffmpeg["libavutil"] and f"libavutil {ffmpeg['libavutil']}",
        "torchcodec": _module_version("torchcodec"),
        "pynvvideocodec": _module_version("PyNvVideoCodec"),
        "cupy": _module_version("cupy"),
        "cudaDriver": driver_version,
    }


def _library(libraries: dict[str, str], prefix: str, version: str | None) -> dict[str, Any]:
    path = _mapped(libraries, prefix)
    return {
        "loaded": path is not None,
        "path": path,
        "version": version,
        "error": None if path is not None else f"{prefix}* is not loaded in the recording process",
        "searched": [],
    }


def environment(
    driver_version: str | None,
    devices: list[dict[str, Any]],
    error: str | None,
    recorder_version: str,
    libraries: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The capture's environment block (contract/environment.ts) as seen from the recording process."""
    libraries = mapped_libraries() if libraries is None else libraries
    ffmpeg = ffmpeg_versions(libraries)
    cvcuda = _module_version("cvcuda")
    return {
        "addonVersion": f"none: recorded by zci-recorder {recorder_version}",
        "ffmpeg": {**{k: v or "not loaded" for k, v in ffmpeg.items()}, "cudaHwaccel": False},
        "cuda": {
            "runtimeVersion": "not used by the recorder",
            "driverVersion": driver_version,
            "deviceCount": len(devices),
            "devices": devices,
            "error": error,
        },
        "nvcv": _library(libraries, "libnvcv_types", cvcuda),
        "cvcuda": _library(libraries, "libcvcuda", cvcuda),
    }
