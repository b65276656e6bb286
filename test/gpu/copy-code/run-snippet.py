"""Runs a generated CV-CUDA snippet on a live NVDEC frame's planes, in the process that decoded the frame.

Usage: run-snippet.py LIBRARY FILE INDEX MODE SNIPPET FACTS_JSON
LIBRARY is the copy-as-code harness built as a shared library (harness.cc, ZCI_HARNESS_LIBRARY). Its zci_harness()
decodes frame INDEX of FILE (MODE "cuda" or "sw"), wraps it with the C snippet and calls back here while the image
is alive, with FFmpeg's plane pointers and pitches: device pointers are valid only in the process that made them,
so the snippet runs in this one. The snippet's POINTERS and PITCHES lines are replaced by the live frame's; each
CV-CUDA tensor it makes must start at the plane FFmpeg handed out. Then the naive chroma (read from the display
height) is compared with the real chroma: it must differ exactly when the frame has hidden rows between the planes.
With SNIPPET "-", only the planes received are reported (the plumbing, checked without a GPU).
Prints this process's JSON line, then the harness prints its own.
"""

import ctypes
import json
import re
import sys
import traceback


def check_snippet(snippet_path, facts_path, pointers, pitches):
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
    result = {"tensorStarts": starts, "tensorShapes": shapes}

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
    # CuPy keeps freed blocks in its pool until the process ends: give them back, so nothing is left allocated.
    del real, naive
    cupy.get_default_memory_pool().free_all_blocks()
    return result


def main():
    library_path, file, index, mode, snippet_path, facts_path = sys.argv[1:]
    library = ctypes.CDLL(library_path)
    during_type = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_char_p)
    library.zci_harness.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, during_type]
    library.zci_harness.restype = ctypes.c_int

    def during(planes):
        values = [int(v) for v in planes.decode().split()]
        result = {"pointers": values[0::2], "pitches": values[1::2]}
        try:
            if snippet_path != "-":
                result.update(check_snippet(snippet_path, facts_path, result["pointers"], result["pitches"]))
            status = 0
        except Exception:
            result["error"] = traceback.format_exc()
            status = 1
        print(json.dumps(result), flush=True)
        return status

    status = library.zci_harness(file.encode(), int(index), mode.encode(), during_type(during))
    sys.exit(status)


main()
