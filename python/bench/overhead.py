"""What recording costs in the user's process: one 1080p NV12 frame recorded without and with the aliasing proof,
p50 and p99 over many frames, beside a plain torch copy of the same frame.

    python3 python/bench/overhead.py OUT.json [FRAMES]

The frame lies as NVDEC lays it (pitch 2048, chroma after 1088 coded rows) in one torch allocation. Each recording
is timed from the call to its return (the recorder waits on its own stream only); the copy is `clone()` followed by
a synchronisation of torch's stream, so both include the work they queue.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

PITCH, CODED, WIDTH, HEIGHT = 2048, 1088, 1920, 1080


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> int:
    import torch

    from zci import Recorder

    out = Path(sys.argv[1])
    frames = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    rows = CODED + CODED // 2
    buffer = (torch.arange(rows * PITCH, device="cuda", dtype=torch.int64) % 251).to(torch.uint8)
    y = buffer[: CODED * PITCH].view(CODED, PITCH)[:HEIGHT, :WIDTH]
    uv = buffer[CODED * PITCH :].view(CODED // 2, PITCH)[: HEIGHT // 2, :WIDTH].view(HEIGHT // 2, WIDTH // 2, 2)
    torch.cuda.synchronize()

    def copy() -> None:
        buffer.clone()
        torch.cuda.synchronize()

    results = []
    with tempfile.TemporaryDirectory() as folder, Recorder(Path(folder) / "bench.zci", sign=False) as rec:

        def record(proof: bool) -> None:
            rec.frame([y, uv], wrapped=[y, uv], label="bench", proof=proof)
            rec.frames.clear()  # only the cost of one frame's facts: the capture is not written here

        for name, step in (
            ("record, no proof", lambda: record(False)),
            ("record, with the aliasing proof", lambda: record(True)),
            ("torch copy of the frame (clone + sync)", copy),
        ):
            for _ in range(20):  # warm-up: first-touch costs are not what each frame pays
                step()
            times = []
            for _ in range(frames):
                t0 = time.perf_counter()
                step()
                times.append((time.perf_counter() - t0) * 1000)
            results.append(
                {"what": name, "frames": frames, "p50Ms": percentile(times, 50), "p99Ms": percentile(times, 99)}
            )
    out.write_text(
        json.dumps(
            {
                "device": torch.cuda.get_device_name(),
                "torch": torch.__version__,
                "frame": {
                    "width": WIDTH,
                    "height": HEIGHT,
                    "pitch": PITCH,
                    "codedHeight": CODED,
                    "bytes": rows * PITCH,
                },
                "results": results,
            },
            indent=1,
        )
        + "\n"
    )
    for r in results:
        print(f"{r['what']}: p50 {r['p50Ms']:.3f} ms, p99 {r['p99Ms']:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
