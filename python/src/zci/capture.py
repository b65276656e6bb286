"""Writing a .zci: capture.json first (deflated), the PNGs (stored), signature.json; atomically, never over a
file unless asked and never over a symbolic link."""

from __future__ import annotations

import io
import json
import os
import time
import zipfile
from pathlib import Path
from typing import Any

from . import atomic, schema, signing
from .errors import CaptureInvalidError

MANIFEST_ENTRY = "capture.json"
MANIFEST_CAP = 32 * 1024 * 1024
#: The inspector's budgets for opening a capture (contract/capture.ts, CAPTURE_BUDGETS): the writer keeps to them.
BUDGETS = {
    "fileBytes": 512 * 1024 * 1024,
    "entries": 65_535,
    "entryBytes": 64 * 1024 * 1024,
    "totalBytes": 384 * 1024 * 1024,
    "decodedBytes": 256 * 1024 * 1024,
}


def budget_words(budget: str) -> str:
    """A budget as the inspector's messages say it ("256 MiB", "65535")."""
    value = BUDGETS[budget]
    return str(value) if budget == "entries" else f"{value // (1024 * 1024)} MiB"


def check_budgets(manifest: dict[str, Any], entries: dict[str, bytes]) -> None:
    """Refuses a capture over any budget the inspector checks before it reads one."""

    def over(what: str, budget: str) -> CaptureInvalidError:
        return CaptureInvalidError(f"the capture would be over the inspector's {budget_words(budget)} {what} budget")

    if len(entries) > BUDGETS["entries"]:
        raise over("entry count", "entries")
    if any(len(data) > BUDGETS["entryBytes"] for data in entries.values()):
        raise over("entry size", "entryBytes")
    if sum(len(data) for data in entries.values()) > BUDGETS["totalBytes"]:
        raise over("total size", "totalBytes")
    pictures = {t["png"]: t["width"] * t["height"] for f in manifest["frames"] for t in f["thumbnails"]}
    if sum(pictures.values()) > BUDGETS["decodedBytes"]:
        raise over("decoded-size", "decodedBytes")
    missing = sorted(set(pictures) - set(entries))
    if missing:
        raise CaptureInvalidError(f"the manifest names {missing[0]}, which the capture does not hold")


def encode(manifest: dict[str, Any], files: dict[str, bytes], key: Any | None) -> bytes:
    """The zip's bytes; signed (and the manifest saying so) when a key is given. Raises CaptureInvalidError, writing
    nothing, when the inspector would refuse the capture: its schema, its rules, its budgets."""
    manifest = {**manifest, "signed": key is not None}
    try:
        text = (json.dumps(manifest, indent=1, ensure_ascii=False, allow_nan=False) + "\n").encode()
    except ValueError as error:
        raise CaptureInvalidError(f"capture.json would not be JSON: {error}") from None
    if len(text) > MANIFEST_CAP:
        raise CaptureInvalidError(f"capture.json would be {len(text)} bytes, over the 32 MiB the inspector reads")
    # What is checked is what is written: the text, read back.
    manifest = json.loads(text)
    schema.check(manifest)
    entries = {MANIFEST_ENTRY: text, **files}
    check_budgets(manifest, entries)
    if key is not None:
        entries[signing.SIGNATURE_ENTRY] = json.dumps(signing.sign(entries, key), indent=1).encode()
    stamp = time.localtime()[:6]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in entries.items():
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED if name.endswith(".json") else zipfile.ZIP_STORED
            archive.writestr(info, data)
    if out.tell() > BUDGETS["fileBytes"]:
        raise CaptureInvalidError(f"the capture would be over the inspector's {budget_words('fileBytes')} file budget")
    return out.getvalue()


def write_file(path: str | os.PathLike[str], data: bytes, overwrite: bool = False) -> Path:
    """Writes the capture atomically (atomic.write_atomically: linked into place, or renamed over the old file when
    `overwrite`). Refuses a symbolic link, and an existing file unless asked."""
    target = Path(path)
    if not target.name.endswith(".zci"):
        raise ValueError(f"{target}: a capture's name ends in .zci")
    if target.is_symlink():
        raise FileExistsError(f"{target} is a symbolic link; the recorder never replaces one")
    if target.exists() and not overwrite:
        raise FileExistsError(f"{target} exists; pass overwrite=True to replace it")
    return atomic.write_atomically(target, data, replace=overwrite)
