"""The Ray driver lists and keys files by the inspector's rules: the same video extensions as
electron/scan/scan-inputs.ts, the same folder walk (link loops met once), and keys the inspector's resume accepts."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

from paths import REPO
from scan_cli import FIXTURES, cli_scan, results
from zci.scan.inputs import VIDEO_EXTENSIONS, key_of, scan_inputs


def test_the_extensions_are_the_inspectors() -> None:
    source = (REPO / "electron" / "scan" / "scan-inputs.ts").read_text()
    listed = re.search(r"VIDEO_EXTENSIONS: readonly string\[\] = \[(.*?)\];", source, re.S)
    assert listed is not None, "VIDEO_EXTENSIONS moved in scan-inputs.ts"
    assert tuple(re.findall(r"'([^']*)'", listed.group(1))) == VIDEO_EXTENSIONS


def test_the_walk_finds_what_the_inspector_finds(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    (tree / "b" / "inner").mkdir(parents=True)
    (tree / "a").mkdir()
    for name in ["a/one.MP4", "a/two.mkv", "a/.webm", "a/notes.txt", "b/inner/x.Y4M", "b/three.ts", "b/cover.jpg"]:
        (tree / name).write_bytes(b"")
    (tree / "b" / "inner" / "back").symlink_to(tree / "b", target_is_directory=True)
    named = tmp_path / "named.dat"
    named.write_bytes(b"")
    done = cli_scan(str(tree), str(named), "-o", str(tmp_path / "walk.jsonl"), "--no-captures", "--decode", "software")
    assert done.returncode == 3, done.stdout + done.stderr
    walked = {line["key"]["path"] for line in results(tmp_path / "walk.jsonl")}
    ours = {item.path for item in scan_inputs([str(tree), str(named)])}
    assert ours == walked
    assert str(tree / "b" / "inner" / "back") in ours and str(named) in ours
    assert not any(path.endswith((".txt", ".jpg", "/.webm")) for path in ours)


def test_keys_match_the_inspectors(tmp_path: Path) -> None:
    clip = tmp_path / "clip.webm"
    shutil.copyfile(FIXTURES / "vp9-640x360.webm", clip)
    os.utime(clip, ns=(1_700_000_000_123_456_789, 1_700_000_000_123_456_789))
    cli_scan(str(clip), "-o", str(tmp_path / "one.jsonl"), "--no-captures", "--decode", "software")
    (line,) = results(tmp_path / "one.jsonl")
    assert json.loads(json.dumps(key_of(str(clip)))) == line["key"]
    assert key_of(str(tmp_path)) is None and key_of(str(tmp_path / "missing.mp4")) is None
