"""The text of a record: from a path, an open file or a str, checked to be
text (the readers of the library's format and of the games' dialects use
it)."""
from __future__ import annotations

import errno
import os
import re
from typing import IO, Union

from yinsh.record.errors import RecordError

__all__ = ["PathOrFile", "read_source", "check_text", "decoded", "clip"]

#: What ``read`` takes: a path or an open file (text, or binary holding UTF-8).
PathOrFile = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]


def clip(text: str, limit: int = 40) -> str:
    """text for an error message, cut after limit characters."""
    return text if len(text) <= limit else text[:limit] + "..."


def decoded(data: bytes) -> str:
    """UTF-8 bytes as text; ``RecordError`` (with the line) if they are not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise RecordError(f"not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start} "
                          f"cannot be decoded (is this a record?)", line=line) from None


def read_source(source: PathOrFile, who: str) -> str:
    """The text of a path or of a file object, for ``who`` (``read`` and
    ``boardspace.read``): a missing file raises ``FileNotFoundError``,
    undecodable bytes ``RecordError``, a wrong type ``TypeError``."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except ValueError as exc:      # a NUL, an unencodable character (a lone surrogate)
            raise RecordError(f"{clip(str(path))!r} cannot be a file name ({exc}); {who}() takes "
                              f"a path or a file, reads() takes record text") from None
        except OSError as exc:
            if exc.errno != errno.ENAMETOOLONG:
                raise
            raise RecordError(f"{clip(str(path))!r} cannot be a file name (too long); {who}() "
                              f"takes a path or a file, reads() takes record text") from None
        return decoded(data)
    if hasattr(source, "read") and not isinstance(source, (bytes, bytearray, memoryview)):
        try:
            content: object = source.read()
        except UnicodeDecodeError as exc:
            raise RecordError(f"not text in the file's encoding ({exc.encoding}): byte "
                              f"0x{exc.object[exc.start]:02x} cannot be decoded") from None
        if isinstance(content, (bytes, bytearray)):
            return decoded(bytes(content))
        if not isinstance(content, str):
            raise TypeError(f"{who}(): the file's read() returned {type(content).__name__}, "
                            f"not str or bytes")
        return content
    raise TypeError(f"{who}() takes a path (str or os.PathLike) or a file object, not "
                    f"{type(source).__name__}" + ("; for record text use reads()"
                                                  if isinstance(source, (bytes, bytearray)) else ""))


_SURROGATE = re.compile("[\ud800-\udfff]")


def check_text(text: object, who: str) -> str:
    """text, if it is a str that can be record text (``reads`` and
    ``boardspace.reads``)."""
    if not isinstance(text, str):
        hint = "; for a path or a file use read()" if isinstance(text, os.PathLike) or \
            hasattr(text, "read") else ""
        raise TypeError(f"{who}() takes the record text as a str, not {type(text).__name__}{hint}")
    m = _SURROGATE.search(text)
    if m is not None:
        raise RecordError(f"a lone surrogate {m.group()!r} is not a character",
                          line=text.count("\n", 0, m.start()) + 1)
    return text
