"""NV12 frames laid out as NVDEC lays them (pitch 2048, chroma after 1088 coded rows) in real device memory."""

from __future__ import annotations

from typing import Any

PITCH, CODED, WIDTH, HEIGHT = 2048, 1088, 1920, 1080


def torch_frame() -> tuple[Any, Any, Any]:
    """(buffer, Y view, UV view) over one torch allocation, filled with a pattern."""
    import torch

    rows = CODED + CODED // 2
    buffer = (torch.arange(rows * PITCH, device="cuda", dtype=torch.int64) % 251).to(torch.uint8)
    y = buffer[: CODED * PITCH].view(CODED, PITCH)[:HEIGHT, :WIDTH]
    uv = buffer[CODED * PITCH :].view(CODED // 2, PITCH)[: HEIGHT // 2, :WIDTH].view(HEIGHT // 2, WIDTH // 2, 2)
    return buffer, y, uv


def naive_view(buffer: Any) -> Any:
    """The 1.5xH view: one [1.5H, W] tensor over the buffer, as if chroma followed the displayed rows."""
    return buffer.view(-1, PITCH)[: HEIGHT * 3 // 2, :WIDTH]
