"""`python -m zci scan --ray ADDRESS PATH... -o merged.jsonl`: the inspector's scan across the GPUs of a Ray cluster.

The driver lists and keys the files, keeps the lines earlier runs finished, shards the rest by size over one scanner
actor per GPU, merges the actors' lines into one results file of the inspector's format, and prints the inspector's
summary. The paths must name the same files on every node (a shared filesystem), as must the inspector's command.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Any

from .inputs import listed_paths, scan_inputs
from .joining import Joining
from .lines import read_results
from .merge import Plan, plan, shards_dir, write_merged
from .phases import PHASES
from .shards import shard_by_size
from .summary import exit_code, summarise, summary_text

USAGE = 2
NOTHING_SCANNED = 3


@dataclass(frozen=True)
class Forwarded:
    """An option of the inspector's `scan` that each actor's inspector gets as the driver was given it."""

    flag: str
    help: str
    # int or str for an option with a value; None for a switch.
    kind: type | None = int

    @property
    def dest(self) -> str:
        return self.flag[2:].replace("-", "_")


# The options of the inspector's `scan` that go to every actor's inspector unchanged: one list, from which both the
# driver's own options and each actor's command line are made.
FORWARDED = (
    Forwarded("--decoders", "files each actor's inspector decodes at once"),
    Forwarded("--decode", "the inspector's decode mode (auto, software, nvdec, ...)", str),
    Forwarded("--device", "the CUDA device ordinal among the GPUs Ray gives each actor"),
    Forwarded("--proof-every", "the aliasing proof on frame 0 and every N-th frame (0: never)"),
    Forwarded("--compare-every", "the decoder A/B on frame 0 and every N-th frame (0: never)"),
    Forwarded("--compare-jobs", "decoder A/Bs each actor's inspector runs at once on its node's CPU"),
    Forwarded("--all-files", "walk every file of a folder, not only names that end like video", None),
)

# The options of the inspector's `scan` that the driver takes itself, and what it does with them instead.
DRIVER_OWN = {
    "--output": "the merged results; each actor writes its shard's results into OUTPUT.shards/",
    "--list": "read by the driver, which gives each actor the list of its shard",
    "--report": "written by the inspector on the driver's machine over the merged results",
    "--captures": "given to every actor as one absolute folder (default OUTPUT.captures/)",
    "--no-captures": "given to every actor",
    "--fresh": "the driver keeps no earlier line, and every actor's inspector is given --fresh",
    "--help": "the driver's own help",
}


def add_parser(commands: Any) -> None:
    """Adds `scan` to the command line's subcommands."""
    scan = commands.add_parser("scan", help="scan a corpus with the inspector across the GPUs of a Ray cluster")
    scan.add_argument("paths", nargs="*", help="files and folders (folders walked as the inspector walks them)")
    scan.add_argument("--ray", required=True, metavar="ADDRESS", help="the Ray cluster's address (HOST:PORT)")
    scan.add_argument("-o", "--output", default="scan.jsonl", help="the merged results (default scan.jsonl)")
    scan.add_argument("--list", metavar="FILE", help="also scan the paths listed in FILE (- for standard input)")
    scan.add_argument("--gpus-per-actor", type=float, default=1.0, help="GPUs each actor holds (0: CPU-only cluster)")
    scan.add_argument("--actors", type=int, help="scanner actors (default: as many as the cluster holds)")
    for option in FORWARDED:
        if option.kind is None:
            scan.add_argument(option.flag, action="store_true", help=option.help)
        else:
            scan.add_argument(option.flag, type=option.kind, help=option.help)
    scan.add_argument("--fresh", action="store_true", help="scan every file again instead of resuming")
    scan.add_argument("--report", metavar="FILE", help="also write the inspector's HTML report of the merged results")
    captures = scan.add_mutually_exclusive_group()
    captures.add_argument("--captures", metavar="DIR", help="where captures go (default OUTPUT.captures/)")
    captures.add_argument("--no-captures", action="store_true", help="write no captures")
    scan.add_argument(
        "--inspector", metavar="CMD", help="the inspector's command (default: node bin/zerocopy-inspector.js)"
    )


def default_inspector() -> list[str] | None:
    """The inspector of the checkout in the current folder, else the one on PATH."""
    local = os.path.abspath(os.path.join("bin", "zerocopy-inspector.js"))
    node = shutil.which("node")
    if os.path.exists(local) and node is not None:
        return [node, local]
    installed = shutil.which("zerocopy-inspector")
    return None if installed is None else [installed]


def inspector_options(args: argparse.Namespace, output: str) -> list[str]:
    """The options every actor's inspector gets: each of FORWARDED the driver was given, --fresh, and the captures
    (all actors share one folder; names never collide)."""
    options: list[str] = []
    for option in FORWARDED:
        value = getattr(args, option.dest)
        if option.kind is None:
            options += [option.flag] if value else []
        elif value is not None:
            options += [option.flag, str(value)]
    if args.fresh:
        options.append("--fresh")
    if args.no_captures:
        options.append("--no-captures")
    else:
        options += ["--captures", os.path.abspath(args.captures or output[: -len(".jsonl")] + ".captures")]
    return options


def _fail(text: str, code: int) -> int:
    print(f"zci scan: {text}", file=sys.stderr)
    return code


# The driver's connection to the cluster while it is being made (joining.py); None before a run starts one.
_joining: Joining | None = None


def connecting() -> bool:
    """Whether the driver's thread is still joining the cluster (a run that needed no cluster does not wait for it)."""
    return _joining is not None and _joining.busy()


def run(args: argparse.Namespace) -> int:
    """Runs the scan; returns the inspector's exit codes: 0 clean, 1 findings or errors, 2 usage, 3 nothing scanned.
    With ZCI_PHASES set, the driver's marks go to stderr as one JSON line at the end (phases.py)."""
    try:
        return _run(args)
    finally:
        PHASES.write()


def _run(args: argparse.Namespace) -> int:
    global _joining
    started = time.monotonic()
    output = os.path.abspath(args.output)
    if not output.endswith(".jsonl"):
        return _fail(f"--output must end in .jsonl, not {args.output!r}", USAGE)
    if args.gpus_per_actor < 0 or (args.actors is not None and args.actors < 1):
        return _fail("--gpus-per-actor must be 0 or more and --actors 1 or more", USAGE)
    inspector = shlex.split(args.inspector) if args.inspector else default_inspector()
    if not inspector:
        return _fail("no inspector found: run from its checkout or name it with --inspector CMD", USAGE)
    joining = None
    if args.paths or args.list is not None:
        # Ray's import and the connection go on beside the listing, the walk and the keys.
        PHASES.mark("connect-started")
        joining = _joining = Joining(args.ray, args.actors, args.gpus_per_actor)
    paths = list(args.paths)
    if args.list is not None:
        try:
            with open(0 if args.list == "-" else args.list, encoding="utf-8", closefd=args.list != "-") as handle:
                paths += listed_paths(handle.read())
        except OSError as error:
            return _fail(f"the list {args.list} cannot be read: {error}", USAGE)
    if not paths:
        return _fail("scan needs a path (a file or a folder) or --list FILE", USAGE)

    work = plan(list(scan_inputs(paths, args.all_files)), output, fresh=args.fresh)
    PHASES.mark("planned")
    problems: list[str] = []
    actors = 0
    # Nothing left to scan (every line kept from earlier runs): the connection is not waited for, nor its failure told.
    if work.pending and joining is not None:
        problems, actors = _scan_pending(work, args, inspector, output, joining)
        if actors == 0:
            return NOTHING_SCANNED
    lines = write_merged(output, work)
    PHASES.mark("merged")
    summary = summarise(lines)
    print(summary_text(summary))
    for problem in problems:
        print(f"zci scan: {problem}", file=sys.stderr)
    missing = len(work.paths) - len(lines)
    scanned_now = len(work.pending) - missing + work.made_now
    print(
        f"scanned {scanned_now} now ({len(lines) - scanned_now} from {output}) on {actors} actor(s) in "
        f"{time.monotonic() - started:.1f} s · results in {output}"
        + (f" · {missing} not scanned, run again to retry" if missing else "")
    )
    if args.report is not None:
        _report(args, inspector, paths, output)
    PHASES.mark("written")
    if missing and not lines:
        return NOTHING_SCANNED
    return max(exit_code(summary), 1 if missing or problems else 0)


def _scan_pending(
    work: Plan, args: argparse.Namespace, inspector: list[str], output: str, joining: Joining
) -> tuple[list[str], int]:
    """Shards the files still to scan over the cluster's actors; their lines go into work.done and into the merged
    file as each actor finishes. Returns the problems met and the actors used (0: the cluster could not be used)."""
    joining.wait()
    cluster = joining.cluster
    if joining.import_error is not None or cluster is None:
        if joining.error is not None:
            raise joining.error
        _fail(f"Ray is not installed ({joining.import_error}): pip install 'zci-recorder[ray]'", NOTHING_SCANNED)
        return [], 0
    problems: list[str] = []
    try:
        if joining.error is not None:
            raise joining.error
        shards = shard_by_size(work.pending, joining.count)

        def done(outcome: cluster.ShardOutcome) -> None:
            PHASES.mark("first-actor-answered")
            if outcome.marks:
                PHASES.actor(outcome.shard, outcome.marks)
            for line, raw in outcome.lines:
                work.done[line["key"]["path"]] = (line, raw)
            problems.extend(f"on {outcome.node}: {problem}" for problem in outcome.problems)
            write_merged(output, work)

        folder = shards_dir(output)
        cluster.run_shards(
            shards,
            inspector,
            lambda index: os.path.join(folder, f"shard-{index}.jsonl"),
            inspector_options(args, output),
            args.gpus_per_actor,
            done,
            started=joining.actors,
        )
    except (cluster.ClusterError, ConnectionError, RuntimeError) as error:
        cluster.disconnect()
        _fail(str(error), NOTHING_SCANNED)
        return problems, 0
    # The driver stays connected until its process ends (__main__.py): Ray's teardown is not worth waiting for.
    return problems, len(shards)


def _report(args: argparse.Namespace, inspector: list[str], paths: list[str], output: str) -> None:
    """The HTML report, written by the inspector on this machine over a copy of the merged results: every file it
    meets is already there under its key, so it decodes nothing and writes the page from the merged lines."""
    with tempfile.TemporaryDirectory() as folder:
        copy = os.path.join(folder, "merged.jsonl")
        shutil.copyfile(output, copy)
        before = len(read_results(copy))
        named = os.path.join(folder, "paths.list")
        with open(named, "w", encoding="utf-8") as handle:
            handle.write("".join(f"{os.path.abspath(path)}\n" for path in paths))
        done = subprocess.run(
            [*inspector, "scan", "--list", named, "-o", copy, "--report", os.path.abspath(args.report), "--no-captures"]
            + (["--decode", args.decode] if args.decode else [])
            + (["--all-files"] if args.all_files else []),
            capture_output=True,
            text=True,
            check=False,
        )
        again = [line for line, _ in read_results(copy)[before:] if line["key"]["size"] > 0]
    if done.returncode not in (0, 1, 3):
        print(f"zci scan: the report could not be written: {done.stderr.strip()[-500:]}", file=sys.stderr)
    elif again:
        print(f"zci scan: {len(again)} file(s) changed since their scan; the report shows them as scanned here now")
    else:
        print(f"report {args.report}")
