"""`python -m zci scan --ray` on a real local Ray cluster of three nodes (a head without decoders, two workers) with
two CPU-only actors, against the inspector's own single-process scan of the same files: the same lines key for key
(but for each file's wall time and where its capture went), the same summary, and a rerun that scans nothing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

try:
    import ray  # noqa: F401
except ImportError:
    # In CI the extra is installed by the test script: a missing Ray there is a broken install, not a reason to skip.
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("ray is not installed: pip install './python[ray]'", allow_module_level=True)

from paths import REPO
from ray_cluster import local_cluster
from scan_cli import FIXTURES, cli_scan, node_cli, results, summary_block

# Lines must agree on everything but these: the time each file took, and the capture folder beside each output.
VARYING = ("elapsedMs", "capture")


@pytest.fixture(scope="module")
def cluster() -> str:
    node_cli()
    with local_cluster() as address:
        yield address


def corpus(folder: Path) -> list[str]:
    """Three named fixtures, a named file that is not video, and a folder the walk must find one clip in."""
    notes = folder / "notes.txt"
    notes.write_text("not a video\n")
    walked = folder / "walked" / "deeper"
    walked.mkdir(parents=True)
    shutil.copyfile(FIXTURES / "vp8-640x360.webm", walked / "clip.webm")
    (walked / "readme.txt").write_text("a folder walk leaves this out\n")
    named = ["vp9-odd-641x361.webm", "mpeg2-640x360.mkv", "h264-1080p-420.mp4"]
    return [*(str(FIXTURES / name) for name in named), str(notes), str(folder / "walked")]


def ray_scan(
    address: str, output: Path, paths: list[str], *more: str, phases: bool = False
) -> subprocess.CompletedProcess[str]:
    args = [*more, "--ray", address, "--gpus-per-actor", "0", "--actors", "2", "--decode", "software"]
    args += ["--decoders", "2"]
    inspector = " ".join(node_cli())
    command = [sys.executable, "-m", "zci", "scan", *args, "--inspector", inspector, "-o", str(output), *paths]
    env = {name: value for name, value in os.environ.items() if name != "ZCI_PHASES"}
    if phases:
        env["ZCI_PHASES"] = "1"
    return subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=REPO, env=env)


def by_path(lines: list[dict]) -> dict[str, dict]:
    return {line["key"]["path"]: {k: v for k, v in line.items() if k not in VARYING} for line in lines}


def test_ray_scan_agrees_with_the_inspector_and_resumes(cluster: str, tmp_path: Path) -> None:
    paths = corpus(tmp_path)
    alone = cli_scan(*paths, "-o", str(tmp_path / "alone.jsonl"), "--decode", "software", "--decoders", "2")
    merged = tmp_path / "merged.jsonl"
    spread = ray_scan(cluster, merged, paths)
    assert spread.returncode == alone.returncode == 1, spread.stderr + alone.stderr

    expected, got = results(tmp_path / "alone.jsonl"), results(merged)
    assert len(got) == len(expected) == 5
    assert by_path(got) == by_path(expected)
    assert {line["status"] for line in got} == {"clean", "error"}
    assert summary_block(spread.stdout) == summary_block(alone.stdout)
    assert "scanned 5 now (0 from" in spread.stdout and "on 2 actor(s)" in spread.stdout
    # Without ZCI_PHASES the driver writes no phase marks.
    assert '"phases"' not in spread.stderr
    # Each actor scanned its shard into the shards folder beside the output.
    shards = sorted(p.name for p in (tmp_path / "merged.shards").glob("*.jsonl"))
    assert shards == ["shard-0.jsonl", "shard-1.jsonl"]

    # A rerun keeps every line: nothing is scanned, no actor starts, the file is unchanged. The inspector writes the
    # report from the merged lines without decoding again.
    before = merged.read_bytes()
    again = ray_scan(cluster, merged, paths, "--report", str(tmp_path / "merged.html"))
    assert again.returncode == 1, again.stderr
    assert "scanned 0 now (5 from" in again.stdout and "on 0 actor(s)" in again.stdout
    assert merged.read_bytes() == before
    assert f"report {tmp_path / 'merged.html'}" in again.stdout, again.stdout + again.stderr
    assert "<h1>Scan: 5 files, " in (tmp_path / "merged.html").read_text()

    # A run stopped before the merge leaves only the shards: a rerun takes their lines instead of scanning again.
    merged.unlink()
    recovered = ray_scan(cluster, merged, paths)
    assert "scanned 0 now (5 from" in recovered.stdout, recovered.stdout + recovered.stderr
    assert by_path(results(merged)) == by_path(expected)


def test_an_address_where_no_cluster_answers_is_said_at_once(tmp_path: Path) -> None:
    done = ray_scan("127.0.0.2:1", tmp_path / "none.jsonl", [str(FIXTURES / "vp9-640x360.webm")])
    assert done.returncode == 3
    assert "no Ray cluster answers at 127.0.0.2:1" in done.stderr
    assert not (tmp_path / "none.jsonl").exists()


def test_the_actors_get_the_inspector_options_the_driver_was_given(cluster: str, tmp_path: Path) -> None:
    # A folder of a video and a file not named like one: --all-files reaches the walk, the sampling options and the
    # A/B pool reach every actor's inspector, --fresh scans again what the output already holds.
    folder = tmp_path / "corpus"
    folder.mkdir()
    shutil.copyfile(FIXTURES / "mpeg2-odd-640x361.mkv", folder / "odd.mkv")
    shutil.copyfile(FIXTURES / "vp8-640x360.webm", folder / "clip.bin")
    options = ["--all-files", "--proof-every", "5", "--compare-every", "6", "--compare-jobs", "2", "--no-captures"]
    alone = cli_scan(
        str(folder), "-o", str(tmp_path / "alone.jsonl"), "--decode", "software", "--decoders", "2", *options
    )
    merged = tmp_path / "merged.jsonl"
    spread = ray_scan(cluster, merged, [str(folder)], *options)
    assert spread.returncode == alone.returncode == 0, spread.stderr + alone.stderr
    expected, got = results(tmp_path / "alone.jsonl"), results(merged)
    assert by_path(got) == by_path(expected)
    assert sorted(Path(p).name for p in by_path(got)) == ["clip.bin", "odd.mkv"]
    # Frame 0 and every 5th have the proof: not the inspector's default of every 100th.
    assert all(line["proofFrames"] == (line["frames"] + 4) // 5 for line in got)

    again = ray_scan(cluster, merged, [str(folder)], *options, "--fresh")
    assert again.returncode == 0, again.stderr
    assert "scanned 2 now (0 from" in again.stdout, again.stdout + again.stderr
    assert by_path(results(merged)) == by_path(expected)


def test_an_address_where_no_cluster_answers_does_not_fail_a_run_with_nothing_left(tmp_path: Path) -> None:
    # Every file's line is in the output already: the driver needs no cluster, so one that is down is no failure.
    clip = str(FIXTURES / "vp9-640x360.webm")
    output = tmp_path / "done.jsonl"
    alone = cli_scan(clip, "-o", str(output), "--decode", "software", "--no-captures")
    assert alone.returncode == 0, alone.stderr
    before = output.read_bytes()
    done = ray_scan("127.0.0.2:1", output, [clip])
    assert done.returncode == 0, done.stderr
    assert "scanned 0 now (1 from" in done.stdout and "on 0 actor(s)" in done.stdout
    assert done.stderr == ""
    assert output.read_bytes() == before


# The driver's marks in the order a run meets them, each chain in its own order (the connection's beside the plan's).
DRIVER_CHAINS = (
    ("imports-done", "args-parsed", "connect-started", "planned", "joined"),
    ("joined", "first-actor-answered", "merged", "written"),
    ("connect-started", "ray-imported", "connected", "actors-asked", "joined"),
)
ACTOR_MARKS = ("actor-constructed", "scan-called", "subprocess-started", "subprocess-ended", "lines-read")


def test_the_phase_marks_of_a_run(cluster: str, tmp_path: Path) -> None:
    done = ray_scan(cluster, tmp_path / "timed.jsonl", corpus(tmp_path), "--no-captures", phases=True)
    assert done.returncode == 1, done.stderr
    last = done.stderr.rstrip("\n").split("\n")[-1]
    phases = json.loads(last)["phases"]
    assert phases["origin"] == "process"
    driver = phases["driver"]
    for chain in DRIVER_CHAINS:
        times = [driver[name] for name in chain]
        assert times == sorted(times), (chain, driver)
    assert driver["imports-done"] > 0

    # One record an actor, on this machine's clock: made after the driver asked for it, done before it answered.
    actors = sorted(phases["actors"], key=lambda actor: actor["shard"])
    assert [actor["shard"] for actor in actors] == [0, 1]
    slack = 5  # ms: the two clocks are one, read by two processes
    for actor in actors:
        times = [actor[name] for name in ACTOR_MARKS]
        assert times == sorted(times), actor
        assert times[0] >= driver["actors-asked"] - slack
        assert times[-1] <= driver["merged"] + slack
    assert driver["first-actor-answered"] >= min(actor["lines-read"] for actor in actors) - slack
