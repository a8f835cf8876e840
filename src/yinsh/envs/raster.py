"""SVG pictures as RGB arrays: resvg (``pip install resvg-py``) draws the
library's SVG to PNG, and ``png_to_array`` decodes the PNG with numpy and
zlib alone.

>>> import zlib, struct
>>> def chunk(kind, body):
...     return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
>>> rows = b"\\x00\\x01\\x02\\x03" + b"\\x02\\x01\\x01\\x01"      # filter None, then Up
>>> png = (b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 2, 8, 2, 0, 0, 0))
...        + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
>>> png_to_array(png).tolist()
[[[1, 2, 3]], [[2, 3, 4]]]
"""
from __future__ import annotations

import zlib

import numpy as np
import numpy.typing as npt

__all__ = ["svg_to_rgb", "png_to_array"]

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def svg_to_rgb(svg: str) -> npt.NDArray[np.uint8]:
    """The picture of an SVG string as a ``uint8`` array ``(height, width, 3)``
    on a white background. Raises ``ImportError`` (saying what to install)
    without resvg-py."""
    try:
        import resvg_py
    except ImportError as exc:
        raise ImportError("rgb_array rendering needs resvg-py: pip install 'yinsh[rl]'") from exc
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg, background="#ffffff"))
    return png_to_array(png)[:, :, :3]


def png_to_array(data: bytes) -> npt.NDArray[np.uint8]:
    """The pixels of an 8-bit, non-interlaced RGB or RGBA PNG, ``uint8``
    ``(height, width, 3 or 4)``. Raises ``ValueError`` for anything else."""
    if data[:8] != _SIGNATURE:
        raise ValueError("not a PNG")
    pos, header, idat = 8, b"", bytearray()
    while pos + 8 <= len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if len(header) != 13:
        raise ValueError("a PNG without its header")
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:8], "big")
    depth, color_type, interlace = header[8], header[9], header[12]
    if depth != 8 or interlace != 0 or color_type not in (2, 6):
        raise ValueError("only 8-bit non-interlaced RGB or RGBA PNGs are read")
    bpp = 4 if color_type == 6 else 3
    raw = np.frombuffer(zlib.decompress(bytes(idat)), np.uint8).reshape(height, 1 + width * bpp)
    out = np.zeros((height, width * bpp), np.uint8)
    prev = np.zeros(width * bpp, np.uint8)
    for y in range(height):
        kind, line = raw[y, 0], raw[y, 1:]
        if kind == 0:
            out[y] = line
        elif kind == 1:      # Sub: a running sum per channel
            out[y] = np.cumsum(line.reshape(width, bpp), axis=0, dtype=np.uint8).ravel()
        elif kind == 2:      # Up
            out[y] = line + prev
        elif kind in (3, 4):
            out[y] = _unfilter_serial(kind, line, prev, bpp)
        else:
            raise ValueError(f"bad PNG filter {kind}")
        prev = out[y]
    return out.reshape(height, width, bpp)


def _unfilter_serial(kind: int, line: npt.NDArray[np.uint8], prev: npt.NDArray[np.uint8],
                     bpp: int) -> npt.NDArray[np.uint8]:
    """Average (3) and Paeth (4), whose predictor needs the byte just decoded."""
    cur = bytearray(line.tobytes())
    up = prev.tobytes()
    for x in range(len(cur)):
        a = cur[x - bpp] if x >= bpp else 0
        b = up[x]
        if kind == 3:
            pred = (a + b) >> 1
        else:
            c = up[x - bpp] if x >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
        cur[x] = (cur[x] + pred) & 0xFF
    return np.frombuffer(bytes(cur), np.uint8)
