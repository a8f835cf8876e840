"""NumPy's ``.npz`` archives (and the ``.npy`` arrays in them) read with the
standard library alone, for the network files of the learned evaluation
(``yinsh.engine.network``): the engine reads its network where numpy cannot
be imported (the browser).

An ``.npz`` is a zip archive of ``.npy`` members, one per array; an
``.npy`` is a magic string, a version, a header (a Python dict literal, read
here with ``ast.literal_eval``: never evaluated as code) and the raw data.
``read_npz`` reads arrays of plain items (integers, floats, booleans,
unicode strings; either byte order; C or Fortran order) as an ``Array``
each: its dtype and shape, and the values of a signed integer array (in C
order, as a standard-library ``array.array`` in the machine's byte order)
or the text of a 0-d string. Anything else (objects, records, pickles)
raises ``NpyError``.

>>> import io, zipfile
>>> buffer = io.BytesIO()
>>> with zipfile.ZipFile(buffer, "w") as archive:
...     archive.writestr("a.npy", npy_bytes("<i2", (2, 3), bytes(range(12))))
>>> a = read_npz(buffer)["a"]
>>> a.dtype, a.shape, a.values.tolist()
('int16', (2, 3), [256, 770, 1284, 1798, 2312, 2826])
"""
from __future__ import annotations

import array
import ast
import dataclasses
import math
import os
import struct
import sys
import zipfile
import zlib
from typing import IO, Any, Iterable, Optional, Union

__all__ = ["Array", "MAGIC", "NpyError", "TYPECODES", "npy_bytes", "read_npy", "read_npz"]

#: The first bytes of every ``.npy``.
MAGIC = b"\x93NUMPY"

#: The ``array.array`` typecode of each signed integer size in bytes (1, 2, 4, 8).
TYPECODES = {1: "b", **{array.array(code).itemsize: code for code in "qlih"}}

#: numpy's name of each plain ``descr`` kind and size (for the messages and ``Array.dtype``).
_KIND_NAMES = {"i": "int", "u": "uint", "f": "float", "c": "complex"}


class NpyError(ValueError):
    """A file that is no ``.npy`` / ``.npz`` of plain arrays this module
    reads: ``member`` names the array of an ``.npz`` that is bad (``None``:
    the archive itself), ``single`` says the file is one ``.npy``, not an
    ``.npz``."""

    def __init__(self, message: str, member: Optional[str] = None, single: bool = False) -> None:
        super().__init__(message)
        self.member = member
        self.single = single


@dataclasses.dataclass(eq=False)
class Array:
    """One array of an ``.npy``: its numpy dtype name (``"int16"``,
    ``"float32"``, ``"<U12"``...), its shape, and its contents: ``values``
    for a signed integer array (C order, the machine's byte order), ``text``
    for a 0-d unicode string; ``None`` for what this module does not
    decode (unsigned integers, floats, booleans, strings of other shapes)."""

    dtype: str
    shape: tuple[int, ...]
    values: Optional["array.array[int]"] = None
    text: Optional[str] = None


def _header(data: bytes) -> tuple[dict[str, Any], int]:
    """The header dict of an ``.npy`` and where its data starts."""
    if not data.startswith(MAGIC) or len(data) < 10:
        raise NpyError("not a .npy array (no NumPy magic string)")
    major = data[6]
    if major == 1:
        (length,), start = struct.unpack_from("<H", data, 8), 10
    elif major in (2, 3):
        if len(data) < 12:
            raise NpyError("a truncated .npy header")
        (length,), start = struct.unpack_from("<I", data, 8), 12
    else:
        raise NpyError(f"a .npy of version {major}.{data[7]}, not 1, 2 or 3")
    if start + length > len(data):
        raise NpyError("a truncated .npy header")
    try:
        text = data[start:start + length].decode("utf-8" if major == 3 else "latin-1")
        header = ast.literal_eval(text)
    except (UnicodeDecodeError, ValueError, SyntaxError, MemoryError, RecursionError) as exc:
        raise NpyError(f"a .npy header that is no dict literal: {exc}") from None
    if not isinstance(header, dict) or set(header) != {"descr", "fortran_order", "shape"}:
        raise NpyError(f"a .npy header without exactly descr, fortran_order and shape: {header!r:.80}")
    shape = header["shape"]
    if not isinstance(shape, tuple) or not all(type(n) is int and n >= 0 for n in shape):
        raise NpyError(f"a .npy shape that is no tuple of sizes: {shape!r:.80}")
    if not isinstance(header["fortran_order"], bool):
        raise NpyError("a .npy fortran_order that is no bool")
    if not isinstance(header["descr"], str):
        raise NpyError(f"a .npy of records or objects ({header['descr']!r:.80}), not a plain array")
    return header, start + length


def _c_order(values: "array.array[int]", shape: tuple[int, ...]) -> "array.array[int]":
    """The values of a Fortran-ordered array of shape, in C order."""
    if len(shape) < 2 or not values:
        return values
    strides = [math.prod(shape[:k]) for k in range(len(shape))]      # Fortran strides, in items
    out = array.array(values.typecode)
    index = [0] * len(shape)
    for _ in range(len(values)):
        out.append(values[sum(i * s for i, s in zip(index, strides))])
        for axis in range(len(shape) - 1, -1, -1):                   # the next C-order index
            index[axis] += 1
            if index[axis] < shape[axis]:
                break
            index[axis] = 0
    return out


def read_npy(data: bytes) -> Array:
    """The array of one ``.npy`` (its bytes); ``NpyError`` for a bad one.

    >>> a = read_npy(npy_bytes("<U2", (), "hé".encode("utf-32-le")))
    >>> a.dtype, a.shape, a.text
    ('<U2', (), 'hé')
    >>> read_npy(npy_bytes("|O", (1,), b""))
    Traceback (most recent call last):
    ...
    yinsh.engine.npz.NpyError: a .npy of '|O' items: not a plain array
    """
    header, start = _header(data)
    descr, shape = header["descr"], header["shape"]
    order, kind, size_text = descr[:1], descr[1:2], descr[2:]
    if order not in "<>|=" or not size_text.isdigit() or kind not in "iufcbU":
        raise NpyError(f"a .npy of {descr!r} items: not a plain array")
    size = int(size_text)
    itemsize = 4 * size if kind == "U" else size
    count = math.prod(shape)
    body = data[start:]
    if len(body) != count * itemsize:
        raise NpyError(f"a .npy of {len(body)} data bytes where shape {shape} of {descr} has "
                       f"{count * itemsize}")
    swap = order == ("<" if sys.byteorder == "big" else ">") and (size > 1 or kind == "U")
    if kind == "U":
        name = descr.replace("=", "<" if sys.byteorder == "little" else ">")
        text = None
        if shape == ():
            encoding = "utf-32-be" if name.startswith(">") else "utf-32-le"
            try:
                text = body.decode(encoding).rstrip("\x00")
            except UnicodeDecodeError as exc:
                raise NpyError(f"a .npy string that is no UTF-32: {exc}") from None
        return Array(name, shape, text=text)
    name = "bool" if kind == "b" else f"{_KIND_NAMES[kind]}{8 * size}"
    if kind != "i" or size not in TYPECODES:
        return Array(name, shape)
    values = array.array(TYPECODES[size])
    values.frombytes(body)
    if swap:
        values.byteswap()
    if header["fortran_order"]:
        values = _c_order(values, shape)
    return Array(name, shape, values=values)


def read_npz(file: Union[str, "os.PathLike[str]", IO[bytes]],
             names: Optional[Iterable[str]] = None) -> dict[str, Array]:
    """The arrays of an ``.npz`` (a path or a binary file object) by name
    (the member's name without ``.npy``); with names, only those of them
    that are there. Raises ``NpyError`` for a file that is no zip archive
    (``single`` for a single ``.npy``) or a member that is no ``.npy`` of a
    plain array (``member``), ``FileNotFoundError`` (an ``OSError``) for a
    missing path.

    >>> import io
    >>> read_npz(io.BytesIO(npy_bytes("<i4", (), bytes(4))))
    Traceback (most recent call last):
    ...
    yinsh.engine.npz.NpyError: a single .npy array, not an .npz
    """
    wanted = None if names is None else set(names)
    try:
        with zipfile.ZipFile(file) as archive:
            arrays = {}
            for member in archive.namelist():
                name = member[:-4] if member.endswith(".npy") else member
                if wanted is not None and name not in wanted:
                    continue
                try:
                    arrays[name] = read_npy(archive.read(member))
                except (NpyError, zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError,
                        RuntimeError) as exc:           # a bad .npy, a broken or encrypted member
                    raise NpyError(f"{name}: {exc}", member=name) from None
            return arrays
    except zipfile.BadZipFile as exc:
        single = _starts_with_magic(file)
        raise NpyError("a single .npy array, not an .npz" if single else str(exc),
                       single=single) from None
    except EOFError as exc:                             # a truncated archive
        raise NpyError(f"a truncated archive: {exc}") from None


def _starts_with_magic(file: Union[str, "os.PathLike[str]", IO[bytes]]) -> bool:
    """Whether file (a path or a seekable binary file) starts like an ``.npy``."""
    try:
        if not isinstance(file, (str, os.PathLike)):
            file.seek(0)
            return file.read(len(MAGIC)) == MAGIC
        with open(file, "rb") as handle:
            return handle.read(len(MAGIC)) == MAGIC
    except (OSError, ValueError):
        return False


def npy_bytes(descr: str, shape: tuple[int, ...], data: bytes, fortran_order: bool = False) -> bytes:
    """An ``.npy`` (version 1.0) of data, as numpy writes one (for tests)."""
    header = repr({"descr": descr, "fortran_order": fortran_order, "shape": shape})
    header += " " * (-(len(MAGIC) + 2 + 2 + len(header) + 1) % 64) + "\n"
    return MAGIC + b"\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin-1") + data

