"""Puts the tests' helpers (paths, factsbuild, inspector) on the import path, for tests/gpu/ too."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
