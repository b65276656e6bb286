"""Runs a generated CV-CUDA snippet on a live NVDEC frame's planes, in the process that decoded the frame.

Usage: run-snippet.py [--torch TORCH_SNIPPET] LIBRARY FILE INDEX MODE SNIPPET FACTS_JSON
                      [NAIVE_WIDTH NAIVE_HEIGHT COLOR_SPEC]
LIBRARY is the copy-as-code harness built as a shared library (harness.cc, ZCI_HARNESS_LIBRARY). Its zci_harness()
decodes frame INDEX of FILE (MODE "cuda" or "sw"), wraps it with the C snippet and calls back here while the image
is alive, with the AVFrame's address and FFmpeg's plane pointers and pitches: device pointers are valid only in the
process that made them, so the snippet runs in this one. The snippet is given the frame itself (the AVFrame's
address): frame_planes() must read FFmpeg's pointers and pitches from it, and refuse a frame laid out otherwise;
each CV-CUDA tensor wrap_frame() makes must start at the plane FFmpeg handed out. With SNIPPET a path and MODE "sw",
only frame_planes() runs (CV-CUDA is imported by wrap_frame() alone). Then the naive chroma (read from the display
height) is compared with the real chroma: it must differ exactly when the frame has hidden rows between the planes.
With --torch, the PyTorch snippet's torch_planes() runs on the same frame: each tensor's data_ptr() must be the
plane's pointer, its row stride the plane's pitch.
With NAIVE_WIDTH, NAIVE_HEIGHT and COLOR_SPEC (an 8-bit 2-plane frame), the naive picture is made too: the naive
single-tensor view ([1, 1.5 x height, width, 1] from plane 0, chroma assumed at the display height), converted with
CV-CUDA's AdvCvtColor under COLOR_SPEC and resized with CV-CUDA's area filter to that size; its RGB bytes are
reported for the caller to set beside the picture the app shows.
With SNIPPET "-", only the planes received are reported (the plumbing, checked without a GPU).
Prints this process's JSON line, then the harness prints its own. read-flagged.py loads this file for load() and
run_harness(), the harness's loader.
"""

import base64
import ctypes
import json
import sys
import traceback
import types


def load(snippet_path):
    with open(snippet_path) as f:
        code = f.read()
    scope = {"__name__": "snippet"}
    exec(compile(code, snippet_path, "exec"), scope)
    return scope


def frame_checks(scope, frame_address, pitches):
    """What frame_planes() reads from the live AVFrame, and whether it refuses the same frame with other pitches."""
    out = {}
    try:
        out["framePointers"], out["framePitches"] = scope["frame_planes"](frame_address)
    except ValueError as e:
        out["frameRefused"] = str(e)
    head = scope["AVFrameHead"].from_address(frame_address)
    out["headPointers"] = [int(p or 0) for p in head.data[: len(pitches)]]
    out["headPitches"] = list(head.linesize[: len(pitches)])
    other = types.SimpleNamespace(data=list(head.data), linesize=[p + 64 for p in pitches] + [0] * (8 - len(pitches)))
    try:
        scope["frame_planes"](other)
        out["otherLayoutRefused"] = None
    except ValueError as e:
        out["otherLayoutRefused"] = str(e)
    return out


def check_torch(torch_path, frame_address):
    scope = load(torch_path)
    planes = scope["torch_planes"](frame_address)
    return {
        "torch": [
            {"dataPtr": t.data_ptr(), "shape": list(t.shape), "strides": list(t.stride()), "dtype": str(t.dtype)}
            for t in planes
        ]
    }


def check_snippet(snippet_path, facts_path, frame_address, pointers, pitches):
    with open(facts_path) as f:
        facts = json.load(f)
    scope = load(snippet_path)
    tensors = scope["wrap_frame"](frame_address)
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


class CudaMemory:
    """Device memory described by __cuda_array_interface__ (version 3, no stream: CV-CUDA orders after stream 0)."""

    def __init__(self, ptr, shape, strides):
        self.__cuda_array_interface__ = {
            "shape": shape,
            "typestr": "|u1",
            "strides": strides,
            "data": (ptr, False),
            "version": 3,
        }


def naive_picture(pointers, pitches, facts_path, width, height, spec):
    """The naive view of the live frame through CV-CUDA, as RGB bytes of width x height."""
    import cupy
    import cvcuda

    with open(facts_path) as f:
        luma = json.load(f)["planes"][0]
    w, h, pitch = luma["width"], luma["height"], pitches[0]
    rows = h * 3 // 2
    # What the naive code does: one tensor from plane 0, chroma taken to start right after the display rows.
    view = cvcuda.as_tensor(CudaMemory(pointers[0], (1, rows, w, 1), (pitch * rows, pitch, 1, 1)), "NHWC")
    rgb = cvcuda.advcvtcolor(view, cvcuda.ColorConversion.YUV2RGB_NV12, getattr(cvcuda.ColorSpec, spec))
    small = cvcuda.resize(rgb, (1, height, width, 3), cvcuda.Interp.AREA)
    cvcuda.Stream.current.sync()
    pixels = cupy.asarray(small.cuda()).get()
    del rgb, small, view
    cupy.get_default_memory_pool().free_all_blocks()
    return {"naivePicture": {"width": width, "height": height, "rgb": base64.b64encode(pixels.tobytes()).decode()}}


def run_harness(library_path, file, index, mode, work, names=("pointers", "pitches")):
    """Has the harness (LIBRARY) decode frame INDEX of FILE in MODE and call back while the image is alive:
    work(frame_address, pointers, pitches) gives what it found of the frame, beside FFmpeg's plane pointers and
    pitches (under `names`). Prints this process's JSON line (with the traceback as "error" when work raised), then
    exits with the harness's status; the harness prints its own line."""
    library = ctypes.CDLL(library_path)
    during_type = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_char_p)
    library.zci_harness.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, during_type]
    library.zci_harness.restype = ctypes.c_int

    def during(planes):
        values = [int(v) for v in planes.decode().split()]
        pointers, pitches = values[1::2], values[2::2]
        result = {names[0]: pointers, names[1]: pitches}
        try:
            result.update(work(values[0], pointers, pitches))
            status = 0
        except Exception:
            result["error"] = traceback.format_exc()
            status = 1
        print(json.dumps(result), flush=True)
        return status

    sys.exit(library.zci_harness(file.encode(), int(index), mode.encode(), during_type(during)))


def main():
    args = sys.argv[1:]
    torch_path = None
    if args[:1] == ["--torch"]:
        torch_path, args = args[1], args[2:]
    library_path, file, index, mode, snippet_path, facts_path = args[0:6]
    picture = args[6:9]

    def work(frame_address, pointers, pitches):
        result = {}
        if snippet_path != "-":
            result.update(frame_checks(load(snippet_path), frame_address, pitches))
        if snippet_path != "-" and mode == "cuda":
            result.update(check_snippet(snippet_path, facts_path, frame_address, pointers, pitches))
        if torch_path:
            result.update(check_torch(torch_path, frame_address))
        if len(picture) == 3:
            width, height, spec = int(picture[0]), int(picture[1]), picture[2]
            result.update(naive_picture(pointers, pitches, facts_path, width, height, spec))
        return result

    run_harness(library_path, file, index, mode, work)


if __name__ == "__main__":
    main()
