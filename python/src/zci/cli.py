"""`zci-recorder pack`: a .zci from the facts records the C header (include/zci_recorder.h) wrote; `scan`: the
inspector's corpus scan across the GPUs of a Ray cluster (zci.scan)."""

from __future__ import annotations

import argparse
import os
import sys

from .errors import FactsError, OutputError, RecorderError
from .scan import command as scan_command
from .scan.phases import PHASES

# The pack command's modules (the recorder, its schema check and its signing) load only when `pack` runs: `scan`
# never needs them, and its driver's start is part of every Ray scan's time.

PROCESS_RECORD = "zci-recorder-process"


def pack(facts_path: str, output: str, overwrite: bool, sign: bool) -> int:
    """Reads a JSON-lines file: one process record, then one facts record a frame. Raises FactsError (the file) or
    another RecorderError (the capture) with a stable code; writes nothing unless the capture is valid."""
    from .facts import from_json
    from .facts_check import FRAME_CAP, one_line, records
    from .recorder import Recorder

    name = one_line(facts_path, 200)
    if not output.endswith(".zci"):
        raise OutputError("OUTPUT_NOT_ZCI", f"{one_line(output, 200)}: a capture's name ends in .zci")
    process, versions, frames = None, None, []
    try:
        handle = open(facts_path, "rb")  # noqa: SIM115 (closed below; opening is what may fail)
    except OSError as error:
        raise FactsError("FACTS_UNREADABLE", f"{name}: {one_line(error.strerror or str(error))}") from None
    with handle:
        for number, record, is_process in records(handle, name):
            if is_process:
                if process is not None:
                    raise FactsError("FACTS_INVALID", f"{name}:{number}: a second {PROCESS_RECORD} record")
                process = {"name": record["name"][:256], "pid": record["pid"]}
                versions = dict(record["versions"])
            else:
                if len(frames) >= FRAME_CAP:
                    raise FactsError("FACTS_TOO_LARGE", f"{name}:{number}: over {FRAME_CAP} frames")
                frames.append(from_json(record))
    if process is None or versions is None:
        if not frames:
            raise FactsError("FACTS_EMPTY", f"{name}: holds no records; was it written by zci_recorder.h?")
        raise FactsError("FACTS_NO_PROCESS", f"{name}: no {PROCESS_RECORD} record; was it written by zci_recorder.h?")
    if not frames:
        raise FactsError("FACTS_NO_FRAMES", f"{name}: no frames were recorded")
    recorder = Recorder(output, overwrite=overwrite, sign=sign)
    for facts in frames:
        recorder.add(facts)
    written = recorder.close(language="c", process=process, versions_seen=versions)
    print(f"{written}: {len(frames)} frame(s) recorded by {one_line(process['name'], 256)} (pid {process['pid']})")
    return 0


def _output_error(error: OSError, output: str) -> OutputError:
    """A refusal to write the capture, coded: it exists, it is a symbolic link, or the folder cannot take it."""
    from .facts_check import one_line

    if isinstance(error, FileExistsError):
        if "symbolic link" in str(error):
            return OutputError("OUTPUT_IS_LINK", one_line(str(error)))
        return OutputError("OUTPUT_EXISTS", f"{one_line(output, 200)} exists; pass --overwrite to replace it")
    return OutputError(
        "OUTPUT_UNWRITABLE", f"{one_line(output, 200)}: {one_line(error.strerror or str(error))}; check its folder"
    )


def main(argv: list[str] | None = None) -> int:
    PHASES.mark("imports-done")
    parser = argparse.ArgumentParser(prog="zci-recorder", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    packer = commands.add_parser("pack", help="write a .zci from the C header's facts file")
    packer.add_argument("facts", help="the JSON-lines file zci_recorder.h wrote")
    packer.add_argument("-o", "--output", required=True, help="the capture to write (.zci)")
    packer.add_argument("--overwrite", action="store_true", help="replace an existing capture")
    packer.add_argument("--unsigned", action="store_true", help="leave the capture unsigned")
    scan_command.add_parser(commands)
    args = parser.parse_args(argv)
    PHASES.mark("args-parsed")
    if args.command == "scan":
        return scan_command.run(args)
    from .facts_check import one_line

    try:
        return pack(args.facts, args.output, args.overwrite, not args.unsigned)
    except FactsError as error:
        print(f"zci-recorder: {error.code}: {one_line(str(error), 400)}", file=sys.stderr)
        return 2
    except OSError as error:
        refused = _output_error(error, args.output)
        print(f"zci-recorder: {refused.code}: {refused}", file=sys.stderr)
        return 3
    except RecorderError as error:
        print(f"zci-recorder: {error.code}: {one_line(str(error), 400)}", file=sys.stderr)
        return 3
    except Exception as error:  # a defect, still one line: never a traceback for what a file holds
        print(
            f"zci-recorder: INTERNAL: {one_line(repr(error), 300)}; please report it with the facts file",
            file=sys.stderr,
        )
        return 4


def entry() -> None:
    """The command line's entry (python -m zci, zci-recorder): main, then the process ends with its exit code."""
    code = main()
    if scan_command.connecting() or _ray_initialized():
        # A Ray scan is done: its results are written, its actors killed, its summary printed. Ray's own teardown of
        # the driver (about a quarter of a second) would only hold the exit back; the cluster ends the job when the
        # driver's connection closes, as it does for any driver that exits. A connection still being made (a run that
        # turned out to need none) is left the same way.
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    raise SystemExit(code)


def _ray_initialized() -> bool:
    ray = sys.modules.get("ray")
    is_initialized = getattr(ray, "is_initialized", None)
    return bool(is_initialized is not None and is_initialized())


if __name__ == "__main__":
    entry()
