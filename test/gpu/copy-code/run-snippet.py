"""Runs a generated CV-CUDA snippet on a live frame's planes and checks it, while the harness holds the frame.

Usage: run-snippet.py SNIPPET FACTS_JSON PTR0 PITCH0 [PTR1 PITCH1 ...]
The snippet's POINTERS and PITCHES lines are replaced by the live frame's; each CV-CUDA tensor it makes must start at
the plane FFmpeg handed out. Then the naive chroma (read from the display height) is compared with the real chroma:
it must differ exactly when the frame has hidden rows between the planes. Prints one JSON line.
"""

import json
import re
import sys


def main():
    snippet_path, facts_path, *rest = sys.argv[1:]
    pointers = [int(v) for v in rest[0::2]]
    pitches = [int(v) for v in rest[1::2]]
    with open(snippet_path) as f:
        code = f.read()
    with open(facts_path) as f:
        facts = json.load(f)
    code = re.sub(r"^POINTERS = .*$", f"POINTERS = {pointers!r}", code, count=1, flags=re.M)
    code = re.sub(r"^PITCHES = .*$", f"PITCHES = {pitches!r}", code, count=1, flags=re.M)
    scope = {}
    exec(compile(code, snippet_path, "exec"), scope)
    tensors = scope["tensors"]
    starts = {name: t.cuda().__cuda_array_interface__["data"][0] for name, t in tensors.items()}
    shapes = {name: list(t.shape) for name, t in tensors.items()}
    result = {"pointers": pointers, "pitches": pitches, "tensorStarts": starts, "tensorShapes": shapes}

    import cupy

    def rows_of(ptr, rows, row_bytes, pitch):
        memory = cupy.cuda.UnownedMemory(ptr, (rows - 1) * pitch + row_bytes, None)
        view = cupy.ndarray((rows, row_bytes), cupy.uint8, cupy.cuda.MemoryPointer(memory, 0), strides=(pitch, 1))
        return view.get()

    luma, chroma = facts["planes"][0], facts["planes"][1]
    row_bytes = chroma["width"] * chroma["channels"] * facts["sampleBytes"]
    real = rows_of(pointers[1], chroma["height"], row_bytes, pitches[1])
    naive = rows_of(pointers[0] + pitches[0] * luma["height"], chroma["height"], row_bytes, pitches[0])
    result["naiveChromaEqual"] = bool((real == naive).all())
    result["naiveRowsDiffering"] = int((real != naive).any(axis=1).sum())
    print(json.dumps(result))


main()
