"""The package's one atomic file write: the bytes go to a new file beside the target (<name>.<random>.partial, made
with O_EXCL), are fsynced, then linked into place (which fails when the name was taken meanwhile) or renamed over
it, and the folder is fsynced; so a reader sees the old file or the whole new one, never part of one."""

from __future__ import annotations

import os
from pathlib import Path


def _sync_folder(folder: Path) -> None:
    """fsyncs a folder, so that a link or rename in it is on disk; a file system that refuses is left as it is."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomically(path: str | os.PathLike[str], data: bytes, *, replace: bool, mode: int = 0o644) -> Path:
    """Writes `data` to `path` whole. replace=False links the new file into place, raising FileExistsError when the
    name exists (two writers agree on one file); replace=True renames it over whatever file is there (a rename
    replaces a symbolic link itself, never what it points to). The partial file never outlives the call."""
    target = Path(path)
    partial = target.with_name(f"{target.name}.{os.urandom(4).hex()}.partial")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        if replace:
            os.replace(partial, target)
        else:
            os.link(partial, target)
    finally:
        if partial.exists():
            partial.unlink()
    _sync_folder(target.parent)
    return target
