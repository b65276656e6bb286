"""Reads a flagged frame's chroma through its corrected copy-as-code snippets, in the process that decoded it.

Usage: read-flagged.py LIBRARY FILE INDEX SNIPPET TORCH_SNIPPET
LIBRARY is the copy-as-code harness built as a shared library from the corrected C snippet (harness.cc,
ZCI_HARNESS_LIBRARY): its zci_harness() decodes frame INDEX of FILE with NVDEC, wraps it with the C snippet (which
refuses any frame but the inspected geometry) and calls back here while the image is alive, with the AVFrame's
address and FFmpeg's plane pointers and pitches. Here the Python snippet's frame_planes() takes the AVFrame and gives
the planes where NVDEC wrote them; the chroma plane's rows are read there (through the CUDA driver), and at FFmpeg's
own pointer for comparison; where CV-CUDA is importable, the rows of wrap_frame()'s tensor from its chroma row; where PyTorch is,
torch_planes()'s chroma tensor. Each is printed base64-encoded, as bytes of the chroma's rows, for the caller to set
beside the software decoder's picture. Prints this process's JSON line, then the harness prints its own.
"""

import base64
import ctypes
import importlib
import importlib.util
import os
import sys


def _loader():
    """run-snippet.py beside this file, as a module: its load() and run_harness() are the harness's loader."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "run-snippet.py")
    spec = importlib.util.spec_from_file_location("run_snippet", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


run_snippet = _loader()
load = run_snippet.load


def rows_of(ptr, rows, row_bytes, pitch):
    """Rows of device memory, `pitch` apart from `ptr`, copied to the host through the CUDA driver (no CuPy needed):
    in the device's primary context, the one the harness has FFmpeg decode in."""
    cuda = ctypes.CDLL("libcuda.so.1")
    device, context = ctypes.c_int(), ctypes.c_void_p()
    size = (rows - 1) * pitch + row_bytes
    host = (ctypes.c_uint8 * size)()
    for call, args in [
        ("cuInit", (0,)),
        ("cuDeviceGet", (ctypes.byref(device), 0)),
        ("cuDevicePrimaryCtxRetain", (ctypes.byref(context), device)),
        ("cuCtxPushCurrent_v2", (context,)),
        ("cuMemcpyDtoH_v2", (host, ctypes.c_uint64(ptr), ctypes.c_size_t(size))),
        ("cuCtxPopCurrent_v2", (ctypes.byref(ctypes.c_void_p()),)),
        ("cuDevicePrimaryCtxRelease_v2", (device,)),
    ]:
        status = getattr(cuda, call)(*args)
        if status != 0:
            raise RuntimeError(f"{call}: CUDA error {status}")
    data = bytes(host)
    return b"".join(data[r * pitch : r * pitch + row_bytes] for r in range(rows))


def encode(data):
    return base64.b64encode(data).decode()



def importable(name):
    """True when the module imports: a package whose native library is missing (CV-CUDA's Python module without
    libcvcuda) is not installed, as far as this check goes."""
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True

def read(frame_address, ffmpeg_pointers, ffmpeg_pitches, snippet_path, torch_path):
    scope = load(snippet_path)
    pointers, pitches = scope["frame_planes"](frame_address)
    rows = (int(scope["EXPECTED_SIZE"][1]) + 1) // 2
    row_bytes = (int(scope["EXPECTED_SIZE"][0]) + 1) // 2 * 2
    out = {
        "correctedPointers": pointers,
        "pitches": pitches,
        "chromaRows": rows,
        "chromaRowBytes": row_bytes,
        "snippetChroma": encode(rows_of(pointers[1], rows, row_bytes, pitches[1])),
        "ffmpegChroma": encode(rows_of(ffmpeg_pointers[1], rows, row_bytes, ffmpeg_pitches[1])),
        "cvcuda": None,
        "torch": None,
    }
    if importable("cvcuda") and importable("cupy"):
        import cupy

        tensor = scope["wrap_frame"](frame_address)["frame"]
        whole = cupy.asarray(tensor.cuda())  # [1, rows, width, 1] from plane 0
        start = len(whole[0]) - rows
        out["cvcuda"] = {"chromaRow": start, "rows": encode(whole[0, start:, :, 0].get().tobytes())}
        out["cvcudaStart"] = tensor.cuda().__cuda_array_interface__["data"][0]
        del whole
        cupy.get_default_memory_pool().free_all_blocks()
    if importable("torch"):
        chroma = load(torch_path)["torch_planes"](frame_address)[1]
        out["torch"] = {"dataPtr": chroma.data_ptr(), "rows": encode(chroma.cpu().contiguous().numpy().tobytes())}
    return out


def main():
    library_path, file, index, snippet_path, torch_path = sys.argv[1:6]
    run_snippet.run_harness(
        library_path,
        file,
        index,
        "cuda",
        lambda frame, pointers, pitches: read(frame, pointers, pitches, snippet_path, torch_path),
        names=("framePointers", "framePitches"),
    )


main()
