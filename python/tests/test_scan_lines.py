"""Results lines are checked against scanLineSchema's fields before the driver keeps them: the inspector's own lines
pass, a line with a field missing or of the wrong type does not."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from scan_cli import FIXTURES, cli_scan, results
from zci.scan.lines import ScanLineError, parse_line, read_results, validate_line
from zci.scan.shards import shard_by_size


@pytest.fixture(scope="module")
def real_lines(tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    folder = tmp_path_factory.mktemp("lines")
    (folder / "notes.txt").write_text("not a video\n")
    names = [str(FIXTURES / "vp9-odd-641x361.webm"), str(folder / "notes.txt")]
    cli_scan(*names, "-o", str(folder / "r.jsonl"), "--no-captures", "--decode", "software")
    return results(folder / "r.jsonl")


def test_the_inspectors_lines_pass(real_lines: list[dict]) -> None:
    assert {line["status"] for line in real_lines} == {"clean", "error"}
    for line in real_lines:
        assert validate_line(line) is line
        assert parse_line(json.dumps(line)) == line


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("version",), 2),
        (("status",), "fine"),
        (("frames",), -1),
        (("frames",), True),
        (("key", "headSha256"), "ABC"),
        (("key", "size"), 1.5),
        (("stream", "containerFramesExact"), 1),
        (("elapsedMs",), "3"),
        (("capture",), 7),
    ],
)
def test_a_wrong_field_is_refused(real_lines: list[dict], where: tuple[str, ...], value: object) -> None:
    line = copy.deepcopy(next(line for line in real_lines if line["stream"] is not None))
    target = line
    for name in where[:-1]:
        target = target[name]
    target[where[-1]] = value
    with pytest.raises(ScanLineError, match=where[-1]):
        validate_line(line)
    del target[where[-1]]
    with pytest.raises(ScanLineError, match="missing"):
        validate_line(line)


def test_a_cut_line_is_left_out(real_lines: list[dict], tmp_path: Path) -> None:
    text = "".join(json.dumps(line) + "\n" for line in real_lines)
    (tmp_path / "cut.jsonl").write_text(text + text.splitlines()[0][:40])
    assert [line for line, _ in read_results(str(tmp_path / "cut.jsonl"))] == real_lines


def test_shards_put_the_largest_first_on_the_least_loaded() -> None:
    files = [("a", 50), ("b", 40), ("c", 30), ("d", 20), ("e", 10), ("f", 0), ("g", 0)]
    assert shard_by_size(files, 2) == [["a", "d", "e"], ["b", "c", "f", "g"]]
    assert shard_by_size(files[:1], 4) == [["a"]]
    with pytest.raises(ValueError):
        shard_by_size(files, 0)
