"""Detecting what the user handed over (arrays, DLPack, decoder frames, CV-CUDA objects, raw pointers) as planes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import dlpack
from .arrays import array_planes, cuda_array_interface, refuse_host_array
from .errors import HostMemoryError, LayoutError, UnsupportedObjectError
from .planes import MAX_PLANES, Plane, PlaneSet, check_plane_set

ACCEPTED = (
    "an object with __cuda_array_interface__ or __dlpack__ (torch, CuPy, CV-CUDA buffers), a DLPack capsule, a "
    "PyNvVideoCodec or torchcodec frame, a CV-CUDA Image or Tensor, a list of those (one a plane), or a raw "
    "description {'planes': [{'pointer', 'pitch', 'width', 'height', 'bytes_per_sample'}], ...}"
)


def describe(obj: Any, what: str, layout: str | None = None) -> PlaneSet:
    """The planes of `obj`, checked (no driver needed); raises a RecorderError naming what is wrong."""
    planes = _detect(obj, what, layout)
    planes = PlaneSet(**{**planes.__dict__, "pixel_format": planes.pixel_format or infer_pixel_format(planes.planes)})
    check_plane_set(planes, what)
    return planes


def _type_name(obj: Any) -> str:
    return f"{type(obj).__module__}.{type(obj).__qualname__}"


def _module(obj: Any) -> str:
    return type(obj).__module__ or ""


def _detect(obj: Any, what: str, layout: str | None) -> PlaneSet:
    if isinstance(obj, PlaneSet):
        return obj
    if obj is None:
        raise UnsupportedObjectError(f"{what}: None; pass {ACCEPTED}")
    if isinstance(obj, Mapping):
        return raw_description(obj, what)
    if isinstance(obj, (list, tuple)):
        return _plane_list(obj, what)
    if dlpack.is_capsule(obj):
        return _from_dlpack(dlpack.read_capsule(obj, what), what, "dlpack", "DLPack capsule", layout)
    module = _module(obj)
    # PyNvVideoCodec's frames come from its extension module, _PyNvVideoCodec; they also export DLPack, as one tensor
    # over all planes, which would hide the planes the frame's own views give. Their views (CAIMemoryView, from the
    # same module, without .cuda()) are read below as any CUDA-array-interface object.
    if module.lstrip("_").startswith("PyNvVideoCodec") and callable(getattr(obj, "cuda", None)):
        return _pynvvideocodec(obj, what)
    if module.startswith("torchcodec") and hasattr(obj, "data"):
        found = _detect(obj.data, what, "CHW")
        return PlaneSet(
            **{
                **found.__dict__,
                "kind": "torchcodec",
                "described": f"{_type_name(obj)} of {found.described}",
                "time_seconds": _float_or_none(getattr(obj, "pts_seconds", None)),
            }
        )
    if hasattr(obj, "__cuda_array_interface__"):
        planes, stream, typestr = cuda_array_interface(obj.__cuda_array_interface__, what, layout)
        shape = tuple(obj.__cuda_array_interface__["shape"])
        return PlaneSet(planes, "cuda-array-interface", f"{_type_name(obj)} {shape} {typestr}", stream=stream)
    if hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__"):
        refuse_host_array(obj, what)
        capsule = dlpack.export_capsule(obj, what)
        return _from_dlpack(dlpack.read_capsule(capsule, what), what, "dlpack", _type_name(obj), layout)
    refuse_host_array(obj, what)
    if module.startswith(("cvcuda", "nvcv")) and callable(getattr(obj, "cuda", None)):
        found = _detect(obj.cuda(), what, layout)
        return PlaneSet(
            **{**found.__dict__, "kind": "cvcuda", "described": f"{_type_name(obj)} via .cuda(): {found.described}"}
        )
    if isinstance(obj, (bytes, bytearray, memoryview)):
        raise HostMemoryError(
            f"{what}: a {type(obj).__name__} lies in host memory; the recorder inspects device memory"
        )
    raise UnsupportedObjectError(f"{what}: {_type_name(obj)} is none of the kinds the recorder reads; pass {ACCEPTED}")


def _from_dlpack(view: dlpack.DLPackView, what: str, kind: str, described: str, layout: str | None) -> PlaneSet:
    planes = array_planes(view.pointer, view.shape, view.strides, view.itemsize, what, layout)
    return PlaneSet(
        planes,
        kind,
        f"{described} {view.shape} {view.itemsize}-byte items on device {view.device_id}",
        dlpack_device=view.device_type,
    )


def _plane_list(items: Sequence[Any], what: str) -> PlaneSet:
    if not items:
        raise LayoutError(f"{what}: an empty list of planes")
    if len(items) > MAX_PLANES:
        raise LayoutError(f"{what}: {len(items)} planes; at most {MAX_PLANES}")
    found = [_detect(item, f"{what} item {i}", None) for i, item in enumerate(items)]
    planes = tuple(p for f in found for p in f.planes)
    if len(planes) == 2 and planes[1].bytes_per_sample == 2 * planes[0].bytes_per_sample:
        planes = (_renamed(planes[0], "Y"), _renamed(planes[1], "UV"))
    elif len(planes) == 3 and all(p.bytes_per_sample == planes[0].bytes_per_sample for p in planes):
        planes = tuple(_renamed(p, n) for p, n in zip(planes, ("Y", "U", "V")))
    first = found[0]
    return PlaneSet(
        planes,
        first.kind,
        " + ".join(f.described for f in found),
        stream=first.stream,
        dlpack_device=first.dlpack_device,
    )


def _renamed(plane: Plane, name: str) -> Plane:
    return Plane(plane.pointer, plane.pitch, plane.width, plane.height, plane.bytes_per_sample, name)


def _int(spec: Mapping[str, Any], key: str, what: str, default: int | None = None) -> int:
    value = spec.get(key, default)
    if value is None:
        raise LayoutError(f"{what}: {key!r} is missing")
    if isinstance(value, bool) or not isinstance(value, int):
        raise LayoutError(f"{what}: {key!r} is {value!r}, not an integer")
    return value


def raw_description(spec: Mapping[str, Any], what: str) -> PlaneSet:
    """A raw description: {'planes': [{pointer, pitch, width, height, bytes_per_sample?, name?}], 'pixel_format'?,
    'coded_width'?, 'coded_height'?, 'allocation'?: (start, size), 'stream'?}."""
    entries = spec.get("planes")
    if not isinstance(entries, (list, tuple)) or not entries:
        raise LayoutError(f"{what}: a raw description needs 'planes', a non-empty list")
    planes = []
    for i, entry in enumerate(entries):
        at = f"{what} plane {i}"
        if not isinstance(entry, Mapping):
            raise LayoutError(f"{at}: {entry!r} is not a mapping")
        planes.append(
            Plane(
                pointer=_int(entry, "pointer", at),
                pitch=_int(entry, "pitch", at),
                width=_int(entry, "width", at),
                height=_int(entry, "height", at),
                bytes_per_sample=_int(entry, "bytes_per_sample", at, 1),
                name=str(entry.get("name", ("Y", "UV", "V", "A")[min(i, 3)])),
            )
        )
    allocation = spec.get("allocation")
    stated = None
    if allocation is not None:
        if not isinstance(allocation, (list, tuple)) or len(allocation) != 2:
            raise LayoutError(f"{what}: 'allocation' is (start, size), not {allocation!r}")
        stated = (int(allocation[0]), int(allocation[1]))
    coded_w, coded_h = spec.get("coded_width"), spec.get("coded_height")
    stream = spec.get("stream")
    return PlaneSet(
        tuple(planes),
        "raw",
        f"raw description of {len(planes)} plane(s)",
        pixel_format=spec.get("pixel_format"),
        coded_width=None if coded_w is None else int(coded_w),
        coded_height=None if coded_h is None else int(coded_h),
        stream=None if stream is None else int(stream),
        stated_allocation=stated,
        time_seconds=_float_or_none(spec.get("time_seconds")),
    )


def _pynvvideocodec(frame: Any, what: str) -> PlaneSet:
    views = frame.cuda() if callable(getattr(frame, "cuda", None)) else None
    if not views:
        raise UnsupportedObjectError(f"{what}: {_type_name(frame)} exposes no planes through .cuda()")
    found = _plane_list(list(views), what)
    fmt = getattr(frame, "format", None)
    name = str(getattr(fmt, "name", fmt or "")).lower().rsplit(".", 1)[-1]
    pixel_format = {"nv12": "nv12", "p016": "p016le", "yuv444": "yuv444p", "yuv444_16bit": "yuv444p16le"}.get(name)
    planes = found.planes
    # A semi-planar chroma view given as rows of bytes (as wide as the luma row, one byte an item) holds U,V pairs:
    # half as many samples, each two components wide.
    if pixel_format in ("nv12", "p016le") and len(planes) == 2:
        y, uv = planes
        if uv.bytes_per_sample == y.bytes_per_sample and uv.width == y.width:
            planes = (
                Plane(y.pointer, y.pitch, y.width, y.height, y.bytes_per_sample, "Y"),
                Plane(uv.pointer, uv.pitch, uv.width // 2, uv.height, 2 * uv.bytes_per_sample, "UV"),
            )
    stamp = getattr(frame, "timestamp", None)
    return PlaneSet(
        planes,
        "pynvvideocodec",
        f"{_type_name(frame)} ({name or 'format unknown'})",
        pixel_format=pixel_format,
        time_seconds=_float_or_none(stamp),
        stream=found.stream,
    )


def _float_or_none(value: Any) -> float | None:
    try:
        return None if value is None else float(value)
    except (TypeError, ValueError):
        return None


def infer_pixel_format(planes: Sequence[Plane]) -> str | None:
    """The FFmpeg pixel format the planes' shapes imply, where only one fits; None otherwise."""
    if not planes:
        return None
    y = planes[0]
    half = ((y.height + 1) // 2, (y.width + 1) // 2)
    uv = planes[1] if len(planes) == 2 else None
    if uv is not None and (uv.height, uv.width) == half and uv.bytes_per_sample == 2 * y.bytes_per_sample:
        return {1: "nv12", 2: "p010le"}.get(y.bytes_per_sample)
    if len(planes) == 3 and all((p.height, p.width) == half for p in planes[1:]):
        return {1: "yuv420p", 2: "yuv420p10le"}.get(y.bytes_per_sample)
    if len(planes) == 1:
        return {("Y", 1): "gray", ("Y", 2): "gray16le", ("RGB", 3): "rgb24", ("RGBA", 4): "rgba"}.get(
            (y.name, y.bytes_per_sample)
        )
    return None
