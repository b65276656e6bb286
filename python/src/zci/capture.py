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

from . import signing

MANIFEST_ENTRY = "capture.json"
MANIFEST_CAP = 32 * 1024 * 1024


def encode(manifest: dict[str, Any], files: dict[str, bytes], key: Any | None) -> bytes:
    """The zip's bytes; signed (and the manifest saying so) when a key is given."""
    manifest = {**manifest, "signed": key is not None}
    text = (json.dumps(manifest, indent=1, ensure_ascii=False) + "\n").encode()
    if len(text) > MANIFEST_CAP:
        raise ValueError(f"capture.json would be {len(text)} bytes, over the 32 MiB the inspector reads")
    entries = {MANIFEST_ENTRY: text, **files}
    if key is not None:
        entries[signing.SIGNATURE_ENTRY] = json.dumps(signing.sign(entries, key), indent=1).encode()
    stamp = time.localtime()[:6]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in entries.items():
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED if name.endswith(".json") else zipfile.ZIP_STORED
            archive.writestr(info, data)
    return out.getvalue()


def write_file(path: str | os.PathLike[str], data: bytes, overwrite: bool = False) -> Path:
    """Writes to <name>.<random>.partial beside the target, fsyncs, links it into place (or renames over the old
    file when `overwrite`), fsyncs the folder. Refuses a symbolic link, and an existing file unless asked."""
    target = Path(path)
    if not target.name.endswith(".zci"):
        raise ValueError(f"{target}: a capture's name ends in .zci")
    if target.is_symlink():
        raise FileExistsError(f"{target} is a symbolic link; the recorder never replaces one")
    if target.exists() and not overwrite:
        raise FileExistsError(f"{target} exists; pass overwrite=True to replace it")
    partial = target.with_name(f"{target.name}.{os.urandom(4).hex()}.partial")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        if overwrite:
            os.replace(partial, target)
        else:
            os.link(partial, target)
    finally:
        if partial.exists():
            partial.unlink()
    folder = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)
    return target
