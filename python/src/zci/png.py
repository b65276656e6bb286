"""Grey thumbnails as PNG with pypng (pure Python, so installing the recorder needs no compiler)."""

from __future__ import annotations

import io

import png


def grey_png(width: int, height: int, pixels: bytes) -> bytes:
    """An 8-bit grey, non-interlaced PNG of `height` rows of `width` bytes."""
    if len(pixels) != width * height:
        raise ValueError(f"{len(pixels)} bytes for a {width}x{height} grey picture")
    rows = [pixels[r * width : (r + 1) * width] for r in range(height)]
    out = io.BytesIO()
    png.Writer(width, height, greyscale=True, bitdepth=8).write(out, rows)
    return out.getvalue()
