"""The Ray scan takes every option of the inspector's own `scan`: each either goes to every actor's inspector as given
(one list, FORWARDED, makes both the driver's options and the actors' command line) or is the driver's own, with
what it does instead. The inspector's options are read from its own --help, so an option added there and not here
fails this test."""

from __future__ import annotations

import argparse
import re

from scan_cli import cli_scan
from zci.scan.command import DRIVER_OWN, FORWARDED, add_parser, inspector_options


def inspector_scan_options() -> set[str]:
    """The long options `zerocopy-inspector scan --help` lists."""
    done = cli_scan("--help")
    assert done.returncode == 0, done.stderr
    options = done.stdout.split("\nOptions:\n", 1)[1].split("\n\n", 1)[0]
    return set(re.findall(r"^\s+(?:-\w, )?(--[a-z][a-z-]*)", options, re.MULTILINE))


def driver_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="zci")
    add_parser(parser.add_subparsers(dest="command"))
    return parser


def test_every_option_of_the_inspector_scan_is_forwarded_or_taken_by_the_driver() -> None:
    theirs = inspector_scan_options()
    assert {"--decoders", "--compare-every", "--compare-jobs", "--output"} <= theirs
    forwarded = {option.flag for option in FORWARDED}
    assert not forwarded & set(DRIVER_OWN)
    # --help is not in the inspector's option list but is the driver's, as -h.
    assert theirs - {"--help"} == (forwarded | set(DRIVER_OWN)) - {"--help"}


def test_every_forwarded_option_reaches_the_actor_command_line() -> None:
    given: list[str] = []
    for number, option in enumerate(FORWARDED, start=2):
        if option.kind is None:
            given.append(option.flag)
        else:
            given += [option.flag, "software" if option.kind is str else str(number)]
    args = driver_parser().parse_args(["scan", "--ray", "HEAD:6379", "-o", "out.jsonl", *given, "--fresh", "a.mp4"])
    options = inspector_options(args, "/x/out.jsonl")
    assert options[: len(given)] == given
    assert options[len(given) :] == ["--fresh", "--captures", "/x/out.captures"]
    # Options not given are not passed: the actor's inspector takes its own defaults.
    bare = driver_parser().parse_args(["scan", "--ray", "HEAD:6379", "--no-captures", "a.mp4"])
    assert inspector_options(bare, "/x/out.jsonl") == ["--no-captures"]
