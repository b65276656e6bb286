"""The CUDA driver through ctypes (libcuda.so.1): pointer attributes, stream queries and bounded copies on a
stream of the recorder's own. Nothing here synchronises the device or another stream."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any

from .errors import DriverCallError, FreedAllocationError, HostMemoryError, NoDriverError
from .hostmap import describe_unknown_pointer

LIBRARY = "libcuda.so.1"
SUCCESS, NOT_READY = 0, 600
MEMORY_TYPES = {1: "host", 2: "device", 3: "array", 4: "managed"}
_ATTR = {"context": 1, "memory": 2, "buffer_id": 7, "managed": 8, "ordinal": 9}
_STREAM_NON_BLOCKING = 1
_u64 = ctypes.c_uint64
_size = ctypes.c_size_t


class Memcpy2D(ctypes.Structure):
    """CUDA_MEMCPY2D (cuda.h)."""

    _fields_ = [
        ("srcXInBytes", _size),
        ("srcY", _size),
        ("srcMemoryType", ctypes.c_int),
        ("srcHost", ctypes.c_void_p),
        ("srcDevice", _u64),
        ("srcArray", ctypes.c_void_p),
        ("srcPitch", _size),
        ("dstXInBytes", _size),
        ("dstY", _size),
        ("dstMemoryType", ctypes.c_int),
        ("dstHost", ctypes.c_void_p),
        ("dstDevice", _u64),
        ("dstArray", ctypes.c_void_p),
        ("dstPitch", _size),
        ("WidthInBytes", _size),
        ("Height", _size),
    ]


@dataclass(frozen=True)
class Allocation:
    """The allocation a pointer lies in, as the driver reports it."""

    start: int
    size: int
    memory: str
    device: int
    context: int
    buffer_id: int


def load_library(name: str = LIBRARY) -> ctypes.CDLL:
    """Loads the driver library; raises NoDriverError (never crashes) when it is absent."""
    try:
        return ctypes.CDLL(name)
    except OSError as error:
        raise NoDriverError(
            f"no CUDA driver: {name} could not be loaded ({error}); the recorder needs an NVIDIA driver and a GPU"
        ) from None


class Driver:
    """The calls the recorder makes, each checked; one non-blocking stream per context, made on first need."""

    def __init__(self, library: str = LIBRARY) -> None:
        self.lib = load_library(library)
        self._streams: dict[int, int] = {}
        rc = self.lib.cuInit(0)
        if rc != SUCCESS:
            raise NoDriverError(f"no usable CUDA driver: cuInit failed with {self.error_name(rc)} ({rc})")

    def error_name(self, rc: int) -> str:
        name = ctypes.c_char_p()
        if self.lib.cuGetErrorName(rc, ctypes.byref(name)) == SUCCESS and name.value:
            return name.value.decode()
        return "CUDA_ERROR_UNKNOWN"

    def check(self, call: str, rc: int) -> None:
        if rc != SUCCESS:
            raise DriverCallError(call, rc, self.error_name(rc))

    def version(self) -> str:
        value = ctypes.c_int()
        self.check("cuDriverGetVersion", self.lib.cuDriverGetVersion(ctypes.byref(value)))
        return f"{value.value // 1000}.{(value.value % 1000) // 10}"

    def current_context(self) -> int:
        ctx = ctypes.c_void_p()
        self.check("cuCtxGetCurrent", self.lib.cuCtxGetCurrent(ctypes.byref(ctx)))
        return int(ctx.value or 0)

    def _attribute(self, pointer: int, key: str, ctype: Any) -> Any:
        value = ctype()
        rc = self.lib.cuPointerGetAttribute(ctypes.byref(value), _ATTR[key], _u64(pointer))
        self.check(f"cuPointerGetAttribute({key})", rc)
        return value.value or 0

    def allocation(self, pointer: int, what: str) -> Allocation:
        """The allocation `pointer` lies in; HostMemoryError or FreedAllocationError when it lies in none."""
        memory = ctypes.c_uint()
        rc = self.lib.cuPointerGetAttribute(ctypes.byref(memory), _ATTR["memory"], _u64(pointer))
        if rc != SUCCESS:
            kind = describe_unknown_pointer(pointer)
            if kind == "host":
                raise HostMemoryError(
                    f"{what}: {pointer:#x} is a host pointer (in this process's host memory, not "
                    "registered with CUDA); the recorder inspects frames in device memory"
                )
            raise FreedAllocationError(
                f"{what}: {pointer:#x} lies in no live CUDA allocation (freed, or never "
                f"allocated): cuPointerGetAttribute answered {self.error_name(rc)}"
            )
        if memory.value == 1:
            raise HostMemoryError(
                f"{what}: {pointer:#x} is pinned host memory (CU_MEMORYTYPE_HOST); the recorder "
                "inspects frames in device memory"
            )
        base, size = _u64(), _size()
        rc = self.lib.cuMemGetAddressRange_v2(ctypes.byref(base), ctypes.byref(size), _u64(pointer))
        if rc != SUCCESS:
            raise FreedAllocationError(
                f"{what}: cuMemGetAddressRange found no allocation at {pointer:#x} "
                f"({self.error_name(rc)}): the memory was freed"
            )
        managed = self._attribute(pointer, "managed", ctypes.c_int)
        return Allocation(
            start=int(base.value),
            size=int(size.value),
            memory="managed" if managed else MEMORY_TYPES.get(memory.value, "unknown"),
            device=int(self._attribute(pointer, "ordinal", ctypes.c_int)),
            context=int(self._attribute(pointer, "context", ctypes.c_void_p)),
            buffer_id=int(self._attribute(pointer, "buffer_id", ctypes.c_ulonglong)),
        )

    def stream_state(self, stream: int) -> str:
        """'complete' or 'pending' from cuStreamQuery (a query, never a wait)."""
        rc = self.lib.cuStreamQuery(ctypes.c_void_p(stream))
        if rc in (SUCCESS, NOT_READY):
            return "complete" if rc == SUCCESS else "pending"
        raise DriverCallError("cuStreamQuery", rc, self.error_name(rc))

    def event_state(self, event: int) -> str:
        """'complete' or 'pending' from cuEventQuery."""
        rc = self.lib.cuEventQuery(ctypes.c_void_p(event))
        if rc in (SUCCESS, NOT_READY):
            return "complete" if rc == SUCCESS else "pending"
        raise DriverCallError("cuEventQuery", rc, self.error_name(rc))

    def _push(self, context: int) -> None:
        self.check("cuCtxPushCurrent", self.lib.cuCtxPushCurrent_v2(ctypes.c_void_p(context)))

    def _pop(self) -> None:
        ctx = ctypes.c_void_p()
        self.check("cuCtxPopCurrent", self.lib.cuCtxPopCurrent_v2(ctypes.byref(ctx)))

    def _stream(self, context: int) -> ctypes.c_void_p:
        if context not in self._streams:
            stream = ctypes.c_void_p()
            self.check("cuStreamCreate", self.lib.cuStreamCreate(ctypes.byref(stream), _STREAM_NON_BLOCKING))
            self._streams[context] = int(stream.value or 0)
        return ctypes.c_void_p(self._streams[context])

    def read_columns(self, context: int, base: int, pitch: int, columns: list[int], width: int, rows: int) -> bytes:
        """Bytes [c, c + width) of `rows` rows `pitch` apart for each column offset c, packed row by row."""
        out = ctypes.create_string_buffer(len(columns) * width * rows)
        self._push(context)
        try:
            stream = self._stream(context)
            for i, column in enumerate(columns):
                copy = Memcpy2D(
                    srcXInBytes=column,
                    srcMemoryType=2,
                    srcDevice=base,
                    srcPitch=pitch,
                    dstXInBytes=i * width,
                    dstMemoryType=1,
                    dstHost=ctypes.cast(out, ctypes.c_void_p),
                    dstPitch=len(columns) * width,
                    WidthInBytes=width,
                    Height=rows,
                )
                self.check("cuMemcpy2DAsync", self.lib.cuMemcpy2DAsync_v2(ctypes.byref(copy), stream))
            self.check("cuStreamSynchronize (the recorder's own stream)", self.lib.cuStreamSynchronize(stream))
        finally:
            self._pop()
        return out.raw

    def read(self, context: int, address: int, count: int) -> bytes:
        """`count` bytes at a device address, on the recorder's stream."""
        return self.read_columns(context, address, count, [0], count, 1)

    def write(self, context: int, address: int, data: bytes) -> None:
        """Writes bytes at a device address on the recorder's stream (the aliasing proof only)."""
        source = ctypes.create_string_buffer(data, len(data))
        self._push(context)
        try:
            stream = self._stream(context)
            self.check(
                "cuMemcpyHtoDAsync", self.lib.cuMemcpyHtoDAsync_v2(_u64(address), source, _size(len(data)), stream)
            )
            self.check("cuStreamSynchronize (the recorder's own stream)", self.lib.cuStreamSynchronize(stream))
        finally:
            self._pop()

    def devices(self) -> list[dict[str, Any]]:
        """Every CUDA device: ordinal, name, compute capability, memory, PCI bus id."""
        count = ctypes.c_int()
        self.check("cuDeviceGetCount", self.lib.cuDeviceGetCount(ctypes.byref(count)))
        found = []
        for ordinal in range(count.value):
            device = ctypes.c_int()
            self.check("cuDeviceGet", self.lib.cuDeviceGet(ctypes.byref(device), ordinal))
            name = ctypes.create_string_buffer(256)
            self.check("cuDeviceGetName", self.lib.cuDeviceGetName(name, 256, device))
            major, minor, memory = ctypes.c_int(), ctypes.c_int(), _size()
            self.check("cuDeviceGetAttribute", self.lib.cuDeviceGetAttribute(ctypes.byref(major), 75, device))
            self.check("cuDeviceGetAttribute", self.lib.cuDeviceGetAttribute(ctypes.byref(minor), 76, device))
            self.check("cuDeviceTotalMem", self.lib.cuDeviceTotalMem_v2(ctypes.byref(memory), device))
            bus = ctypes.create_string_buffer(64)
            self.check("cuDeviceGetPCIBusId", self.lib.cuDeviceGetPCIBusId(bus, 64, device))
            found.append(
                {
                    "ordinal": ordinal,
                    "name": name.value.decode(),
                    "computeCapability": f"{major.value}.{minor.value}",
                    "totalMemory": int(memory.value),
                    "pciBusId": bus.value.decode(),
                }
            )
        return found

    def close(self) -> None:
        """Destroys the recorder's streams."""
        for stream in self._streams.values():
            self.lib.cuStreamDestroy_v2(ctypes.c_void_p(stream))
        self._streams.clear()
