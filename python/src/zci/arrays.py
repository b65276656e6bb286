"""Array descriptions (shape, strides, item size, pointer) into planes: rows must be pitch-linear."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import HostMemoryError, LayoutError
from .planes import MAX_PLANES, Plane

_PACKED_NAMES = {1: "Y", 2: "UV", 3: "RGB", 4: "RGBA"}
_PLANAR_NAMES = {1: ("Y",), 2: ("U", "V"), 3: ("R", "G", "B"), 4: ("R", "G", "B", "A")}


def contiguous_strides(shape: Sequence[int], itemsize: int) -> tuple[int, ...]:
    """The strides of a C-contiguous array (what a missing 'strides' entry means)."""
    strides = []
    step = itemsize
    for extent in reversed(shape):
        strides.append(step)
        step *= extent
    return tuple(reversed(strides))


def itemsize_of(typestr: str, what: str) -> int:
    """Bytes of one element from an array-interface type string ('|u1', '<u2', '<f4')."""
    try:
        size = int(typestr[2:])
    except ValueError:
        raise LayoutError(f"{what}: type string {typestr!r} is not one the array interface defines") from None
    if size <= 0:
        raise LayoutError(f"{what}: type string {typestr!r} has no size")
    return size


def array_planes(
    pointer: int, shape: Sequence[int], strides: Sequence[int] | None, itemsize: int, what: str, layout: str | None
) -> tuple[Plane, ...]:
    """
    Planes of an array: (H, W) is one plane; (H, W, C) with C <= 4 packed samples is one plane; (C, H, W) is C
    planes; a leading batch dimension of 1 is dropped. `layout` ('HWC' or 'CHW') settles an ambiguous shape.
    """
    shape = tuple(int(s) for s in shape)
    strides = contiguous_strides(shape, itemsize) if strides is None else tuple(int(s) for s in strides)
    if len(strides) != len(shape):
        raise LayoutError(f"{what}: {len(shape)} dimensions but {len(strides)} strides")
    if any(s <= 0 for s in shape):
        raise LayoutError(f"{what}: shape {shape} has an empty dimension")
    if any(s < 0 for s in strides):
        raise LayoutError(f"{what}: negative stride in {strides}; the recorder reads rows top to bottom only")
    if len(shape) == 4:
        if shape[0] != 1:
            raise LayoutError(f"{what}: a batch of {shape[0]} images; record one frame at a time (index it first)")
        shape, strides = shape[1:], strides[1:]
    if len(shape) == 2:
        return (_plane(pointer, shape[0], shape[1], 1, strides[0], strides[1], itemsize, "Y", what),)
    if len(shape) != 3:
        raise LayoutError(
            f"{what}: {len(shape)} dimensions; the recorder reads 2-D planes (H, W), (H, W, C) or (C, H, W)"
        )
    chw = layout == "CHW" or (layout is None and shape[2] > 4 and shape[0] <= MAX_PLANES)
    if not chw:
        channels = shape[2]
        if strides[2] != itemsize or strides[1] != channels * itemsize:
            raise LayoutError(
                f"{what}: samples are not packed in each row (strides {strides} for shape {shape}); "
                "pass the planes one by one"
            )
        name = _PACKED_NAMES.get(channels, "Y")
        return (_plane(pointer, shape[0], shape[1], channels, strides[0], strides[1], itemsize, name, what),)
    count = shape[0]
    if count > MAX_PLANES:
        raise LayoutError(f"{what}: {count} planes; at most {MAX_PLANES}")
    names = _PLANAR_NAMES.get(count, tuple("Y" for _ in range(count)))
    return tuple(
        _plane(pointer + i * strides[0], shape[1], shape[2], 1, strides[1], strides[2], itemsize, names[i], what)
        for i in range(count)
    )


def _plane(
    pointer: int, rows: int, cols: int, channels: int, pitch: int, col_stride: int, itemsize: int, name: str, what: str
) -> Plane:
    if col_stride != channels * itemsize:
        raise LayoutError(
            f"{what}: columns are {col_stride} bytes apart, not {channels * itemsize}; rows are not pitch-linear"
        )
    return Plane(pointer=pointer, pitch=pitch, width=cols, height=rows, bytes_per_sample=channels * itemsize, name=name)


def cuda_array_interface(interface: Any, what: str, layout: str | None) -> tuple[tuple[Plane, ...], int | None, str]:
    """Planes, the stream and the type string of a __cuda_array_interface__ dictionary (versions 0 to 3)."""
    if not isinstance(interface, dict):
        raise LayoutError(f"{what}: __cuda_array_interface__ is a {type(interface).__name__}, not a dict")
    for key in ("shape", "typestr", "data"):
        if key not in interface:
            raise LayoutError(f"{what}: __cuda_array_interface__ has no {key!r}")
    data = interface["data"]
    if not isinstance(data, (tuple, list)) or len(data) != 2:
        raise LayoutError(f"{what}: __cuda_array_interface__['data'] is not (pointer, read-only)")
    if interface.get("mask") is not None:
        raise LayoutError(f"{what}: a masked array; the recorder reads plain arrays")
    typestr = str(interface["typestr"])
    planes = array_planes(
        int(data[0]), interface["shape"], interface.get("strides"), itemsize_of(typestr, what), what, layout
    )
    stream = interface.get("stream")
    return planes, (None if stream is None else int(stream)), typestr


def refuse_host_array(obj: Any, what: str) -> None:
    """Raises HostMemoryError for objects that describe host memory (NumPy's array interface, buffers)."""
    if hasattr(obj, "__array_interface__") and not hasattr(obj, "__cuda_array_interface__"):
        raise HostMemoryError(
            f"{what}: {type(obj).__module__}.{type(obj).__name__} lies in host memory; the recorder inspects frames "
            "in device memory (pass the CUDA tensor or image, not a copy on the host)"
        )
