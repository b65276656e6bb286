"""DLPack: reading a capsule's DLTensor (pointer, device, shape, strides) without consuming the capsule."""

from __future__ import annotations

import ctypes
from typing import Any

from .errors import HostMemoryError, LayoutError

#: DLPack device types (dlpack.h): host ones are refused, CUDA and managed memory are read.
DL_CPU, DL_CUDA, DL_CUDA_HOST, DL_CUDA_MANAGED = 1, 2, 3, 13
_DEVICE_NAMES = {DL_CPU: "CPU", DL_CUDA: "CUDA", DL_CUDA_HOST: "CUDA pinned host", DL_CUDA_MANAGED: "CUDA managed"}
_HOST_TYPES = {DL_CPU, DL_CUDA_HOST}


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", DLDevice),
        ("ndim", ctypes.c_int32),
        ("dtype", DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


_DELETER = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", _DELETER)]


class DLPackVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32)]


class DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [
        ("version", DLPackVersion),
        ("manager_ctx", ctypes.c_void_p),
        ("deleter", _DELETER),
        ("flags", ctypes.c_uint64),
        ("dl_tensor", DLTensor),
    ]


_api = ctypes.pythonapi
_api.PyCapsule_IsValid.restype = ctypes.c_int
_api.PyCapsule_IsValid.argtypes = [ctypes.py_object, ctypes.c_char_p]
_api.PyCapsule_GetPointer.restype = ctypes.c_void_p
_api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


class DLPackView:
    """What a DLTensor says: element pointer, device, shape, strides in bytes (None: contiguous), item size."""

    def __init__(
        self,
        pointer: int,
        device_type: int,
        device_id: int,
        shape: tuple[int, ...],
        strides: tuple[int, ...] | None,
        itemsize: int,
    ) -> None:
        self.pointer = pointer
        self.device_type = device_type
        self.device_id = device_id
        self.shape = shape
        self.strides = strides
        self.itemsize = itemsize


def is_capsule(obj: Any) -> bool:
    """True for a DLPack capsule (versioned or not) that has not been consumed."""
    return type(obj).__name__ == "PyCapsule" and (
        bool(_api.PyCapsule_IsValid(obj, b"dltensor")) or bool(_api.PyCapsule_IsValid(obj, b"dltensor_versioned"))
    )


def read_capsule(capsule: Any, what: str) -> DLPackView:
    """Reads a capsule's DLTensor; the capsule stays unconsumed, so its owner frees it as usual."""
    if _api.PyCapsule_IsValid(capsule, b"dltensor_versioned"):
        address = _api.PyCapsule_GetPointer(capsule, b"dltensor_versioned")
        tensor = DLManagedTensorVersioned.from_address(address).dl_tensor
    elif _api.PyCapsule_IsValid(capsule, b"dltensor"):
        address = _api.PyCapsule_GetPointer(capsule, b"dltensor")
        tensor = DLManagedTensor.from_address(address).dl_tensor
    else:
        raise LayoutError(f"{what}: the capsule is not an unconsumed DLPack tensor")
    device_type = int(tensor.device.device_type)
    refuse_host_device(device_type, what)
    if tensor.dtype.lanes != 1 or tensor.dtype.bits % 8 != 0:
        raise LayoutError(f"{what}: DLPack dtype of {tensor.dtype.bits} bits x {tensor.dtype.lanes} lanes")
    itemsize = tensor.dtype.bits // 8
    ndim = int(tensor.ndim)
    if ndim <= 0 or ndim > 8:
        raise LayoutError(f"{what}: a DLPack tensor of {ndim} dimensions")
    shape = tuple(int(tensor.shape[i]) for i in range(ndim))
    strides = None if not tensor.strides else tuple(int(tensor.strides[i]) * itemsize for i in range(ndim))
    pointer = int(tensor.data or 0) + int(tensor.byte_offset)
    return DLPackView(pointer, device_type, int(tensor.device.device_id), shape, strides, itemsize)


def refuse_host_device(device_type: int, what: str) -> None:
    """Raises HostMemoryError for DLPack devices in host memory."""
    if device_type in _HOST_TYPES:
        raise HostMemoryError(
            f"{what}: DLPack says the data lies in host memory ({_DEVICE_NAMES[device_type]}); the recorder inspects "
            "frames in device memory"
        )
    if device_type not in (DL_CUDA, DL_CUDA_MANAGED):
        raise LayoutError(f"{what}: DLPack device type {device_type} is not CUDA memory")


def export_capsule(obj: Any, what: str) -> Any:
    """Asks an object for its capsule, with no synchronisation (stream -1) where its producer allows it."""
    device = obj.__dlpack_device__()
    refuse_host_device(int(device[0]), what)
    try:
        return obj.__dlpack__(stream=-1)
    except (TypeError, ValueError, BufferError):
        return obj.__dlpack__()
