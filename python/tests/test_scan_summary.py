"""The driver's summary is the inspector's: the same lines give the same text. The inspector is made to print the
summary of lines written here by resuming from them (each keyed to a real file, so it decodes nothing)."""

from __future__ import annotations

import json
from pathlib import Path

from scan_cli import cli_scan, summary_block
from zci.scan.inputs import key_of
from zci.scan.summary import summarise, summary_text

# Causes that tie on their file count, so their order is the collation's: case, punctuation, digits, an accent.
TIED = ["ffmpeg's chroma pointer", "FFmpeg's chroma pointer", "chroma-plane stride", "chroma plane stride", "a1", "aa"]
TIED += ["Décodeur surface", "decodeur surface", "Zebra", "_under", "(paren) first"]


def stream(codec: str, height: int) -> dict:
    return {
        "codec": codec,
        "profile": "Main",
        "width": 640,
        "height": height,
        "codedWidth": 640,
        "codedHeight": height + height % 2,
        "pixelFormat": "yuv420p",
        "bitDepth": 8,
        "decodePath": "software",
        "decodePathReason": "software decoding was requested",
        "containerFrames": 2400,
        "containerFramesExact": True,
    }


def finding(check: str, cause: str, frames: int) -> dict:
    return {"check": check, "cause": cause, "frames": frames, "firstFrame": 0, "detail": f"{cause} at frame 0"}


def line(key: dict, status: str, **fields: object) -> dict:
    base = {"version": 1, "key": key, "status": status, "error": None, "stream": None, "frames": 0, "unchecked": 0}
    return {**base, "proofFrames": 0, "findings": [], "capture": None, "elapsedMs": 1.5, **fields}


def lines_for(files: list[Path]) -> list[dict]:
    keys = [key_of(str(f)) for f in files]
    made = [
        line(
            keys[0], "findings", stream=stream("vp9", 361), frames=2400, findings=[finding("pointers", "shared", 2399)]
        ),
        line(keys[1], "findings", stream=stream("h264", 360), frames=1200, findings=[finding("pointers", "shared", 7)]),
        line(keys[2], "findings", frames=3, findings=[finding("pointers", "shared", 1)]),
        line(keys[3], "clean", stream=stream("mpeg2video", 360), frames=24),
    ]
    error = {"message": "no", "remedy": "Open a video file."}
    made.append(line(keys[4], "error", error={"code": "TRUNCATED_FILE", **error}))
    made.append(line(keys[5], "error", error={"code": "NOT_A_VIDEO", **error}))
    made.append(line(keys[6], "error", error={"code": "TRUNCATED_FILE", **error}))
    for index, cause in enumerate(TIED):
        tied = [finding("strides", cause, 10 + index)]
        made.append(line(keys[7 + index], "findings", stream=stream("hevc", 720), frames=48, findings=tied))
    return made


def test_the_summary_reads_as_the_inspectors(tmp_path: Path) -> None:
    files = []
    for index in range(7 + len(TIED)):
        files.append(tmp_path / f"file-{index:02}.bin")
        files[-1].write_bytes(f"file {index}\n".encode())
    lines = lines_for(files)
    output = tmp_path / "summary.jsonl"
    output.write_text("".join(json.dumps(one) + "\n" for one in lines))
    listed = tmp_path / "files.list"
    listed.write_text("".join(f"{f}\n" for f in files))
    done = cli_scan(
        "--list", str(listed), "-o", str(output), "--decoders", "1", "--no-captures", "--decode", "software"
    )
    assert done.returncode == 1, done.stderr
    assert f"scanned 0 now ({len(lines)} from" in done.stdout, "the inspector scanned again: a key differs"
    ours = summary_text(summarise(lines))
    assert ours == summary_block(done.stdout)
    assert "  shared: 3 files, 2,407 frames: even-height h264, odd-height vp9, unopened" in ours
