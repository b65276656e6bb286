"""The Ray scan's driver and its actors' workers load none of the recorder's heavy modules (the capture writer, its
schema check with jsonschema, its signing with cryptography): each is part of every Ray scan's start. The package's
public names still load, on first use."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import zci

# What the scan never needs: the recorder and the modules only it loads.
HEAVY = ("zci.recorder", "zci.capture", "zci.schema", "zci.signing", "zci.manifest", "jsonschema", "cryptography")


def loaded_after(statement: str) -> set[str]:
    """The modules a fresh Python holds after running STATEMENT."""
    program = f"import json, sys\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def heavy_in(modules: set[str]) -> list[str]:
    return sorted(name for name in modules if name.split(".")[0] in HEAVY or name in HEAVY)


def test_the_scan_driver_loads_none_of_the_recorder() -> None:
    for statement in ("import zci.scan.command", "import zci.cli", "from zci.cli import main"):
        assert heavy_in(loaded_after(statement)) == [], statement


def test_the_scan_actor_loads_none_of_the_recorder() -> None:
    pytest.importorskip("ray")
    # Ray itself may load jsonschema (for its runtime environments): only what zci adds to Ray's own is counted.
    ray_own = set(heavy_in(loaded_after("import ray")))
    assert [name for name in heavy_in(loaded_after("import zci.scan.actor")) if name not in ray_own] == []


def test_the_public_names_load_on_first_use() -> None:
    program = (
        "import sys, zci\n"
        "assert 'zci.recorder' not in sys.modules\n"
        "from zci import Recorder, __version__, describe\n"
        "assert Recorder.__module__ == 'zci.recorder' and describe.__module__ == 'zci.detect'\n"
        "print(__version__)"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == zci.__version__


def test_every_public_name_is_there() -> None:
    assert zci.__all__ == [
        "DriverCallError",
        "FreedAllocationError",
        "HostMemoryError",
        "LayoutError",
        "NoDriverError",
        "Plane",
        "PlaneSet",
        "Recorder",
        "RecorderError",
        "UnsupportedObjectError",
        "ViewPastAllocationError",
        "__version__",
        "describe",
    ]
    for name in zci.__all__:
        assert getattr(zci, name) is not None
        assert name in dir(zci)
    star: dict[str, object] = {}
    exec("from zci import *", star)
    assert set(zci.__all__) <= set(star)
    assert issubclass(star["LayoutError"], star["RecorderError"])
    with pytest.raises(AttributeError, match="has no attribute 'Recordr'"):
        _ = zci.Recordr
