"""`zci-recorder pack`: a .zci from the facts records the C header (include/zci_recorder.h) wrote; `scan`: the
inspector's corpus scan across the GPUs of a Ray cluster (zci.scan)."""

from __future__ import annotations

import argparse
import json
import sys

from .errors import RecorderError
from .facts import from_json
from .recorder import Recorder
from .scan import command as scan_command

PROCESS_RECORD = "zci-recorder-process"


def pack(facts_path: str, output: str, overwrite: bool, sign: bool) -> int:
    """Reads a JSON-lines file: one process record, then one facts record a frame."""
    process, versions, frames = None, None, []
    with open(facts_path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                if record.get("facts") == PROCESS_RECORD:
                    process = {"name": str(record["name"])[:256], "pid": int(record["pid"])}
                    versions = {str(k): (None if v is None else str(v)) for k, v in record["versions"].items()}
                else:
                    frames.append(from_json(record))
            except (ValueError, KeyError, TypeError, AttributeError) as error:
                print(f"{facts_path}:{number}: {error}", file=sys.stderr)
                return 2
    if process is None or versions is None:
        print(f"{facts_path}: no {PROCESS_RECORD} record; was it written by zci_recorder.h?", file=sys.stderr)
        return 2
    if not frames:
        print(f"{facts_path}: no frames were recorded", file=sys.stderr)
        return 2
    recorder = Recorder(output, overwrite=overwrite, sign=sign)
    for facts in frames:
        recorder.add(facts)
    written = recorder.close(language="c", process=process, versions_seen=versions)
    print(f"{written}: {len(frames)} frame(s) recorded by {process['name']} (pid {process['pid']})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="zci-recorder", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    packer = commands.add_parser("pack", help="write a .zci from the C header's facts file")
    packer.add_argument("facts", help="the JSON-lines file zci_recorder.h wrote")
    packer.add_argument("-o", "--output", required=True, help="the capture to write (.zci)")
    packer.add_argument("--overwrite", action="store_true", help="replace an existing capture")
    packer.add_argument("--unsigned", action="store_true", help="leave the capture unsigned")
    scan_command.add_parser(commands)
    args = parser.parse_args(argv)
    if args.command == "scan":
        return scan_command.run(args)
    try:
        return pack(args.facts, args.output, args.overwrite, not args.unsigned)
    except (RecorderError, OSError) as error:
        print(f"zci-recorder: {error}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
