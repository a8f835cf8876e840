"""The manifest of a job: its settings and the units it has finished.

A job (self-play, a batch analysis) is split into numbered *units*; a worker
writes each unit's output as one complete file (``write_atomic``: a
temporary file in the same folder, flushed, then renamed over the name, so
a reader never sees half a file), and the driver lists it in the manifest
with its size and SHA-256 only afterwards. ``manifest.json`` itself is
written the same way, so after any stop (Ctrl-C, a killed process, a lost
node) it lists only complete files; a file on disk that it does not list is
simply made again (units are deterministic: the same bytes).

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> m = Manifest.open(os.path.join(folder, "manifest.json"), {"kind": "demo", "units": 2})
>>> entry = m.finish(0, write_unit(folder, "unit-0.txt", b"hello"))
>>> entry["sha256"][:12], entry["bytes"]
('2cf24dba5fb0', 5)
>>> m.save(); Manifest.open(m.path, {"kind": "demo", "units": 2}).done()
{0: {'file': 'unit-0.txt', 'bytes': 5, 'sha256': '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'}}
>>> Manifest.open(m.path, {"kind": "demo", "units": 3})
Traceback (most recent call last):
...
yinsh.distributed.manifest.ManifestError: ...manifest.json belongs to another job: units is 2 there, 3 here (use another folder, or the same settings to resume)
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import tempfile
import time
from typing import Any, Optional

from yinsh._version import __version__

__all__ = ["Manifest", "ManifestError", "make_folder", "write_atomic", "write_unit", "sha256_of"]

#: The manifest's format (a reader refuses others).
FORMAT = 1
#: The start of the name of a file being written.
TEMPORARY = ".tmp-"


class ManifestError(ValueError):
    """A manifest that is not this job's, or not a manifest at all."""


def make_folder(path: str) -> None:
    """Makes the folder of a job's files (and the folders above it) unless
    it exists. Raises ``NotADirectoryError`` naming path when path is a
    file (not the ``FileExistsError`` of ``os.makedirs``), and the other
    ``OSError`` of a folder that cannot be made."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), path)
    os.makedirs(path, exist_ok=True)


def write_atomic(path: str, data: bytes) -> None:
    """Writes data to path all at once: a temporary file beside it, flushed
    to the disk, then renamed over path (atomic on POSIX filesystems)."""
    folder = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=TEMPORARY, suffix="-" + os.path.basename(path))
    try:
        os.fchmod(fd, 0o644)                 # as open() would make it (mkstemp: 0600)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def sha256_of(path: str) -> str:
    """The SHA-256 of a file, in hex."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_unit(folder: str, name: str, data: bytes, **info: Any) -> dict[str, Any]:
    """Writes a unit's file atomically in folder and returns its manifest
    entry: ``file`` (the name), ``bytes``, ``sha256`` and info."""
    write_atomic(os.path.join(folder, name), data)
    return {"file": name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(), **info}


class Manifest:
    """A job's ``manifest.json``: ``settings`` (what makes the job: a
    resumed job must have the same), ``version`` (the library's), the
    finished ``units`` (number -> entry) and ``complete``. ``finish``
    records a unit; ``save`` writes the file (atomically; ``save(every=s)``
    at most once per s seconds, for a driver that finishes many units)."""

    def __init__(self, path: str, settings: dict[str, Any], units: dict[int, dict[str, Any]],
                 complete: bool = False) -> None:
        self.path = path
        self.settings = settings
        self.units = units
        self.complete = complete
        self._saved = 0.0

    @classmethod
    def open(cls, path: str, settings: dict[str, Any]) -> Manifest:
        """The manifest at path when it is this job's (the same settings),
        keeping only the units whose file is still there with its size; a
        new one when there is none. The temporary files a stopped run left
        in the folder are removed. Raises ``ManifestError`` for a manifest
        of other settings or an unreadable one."""
        settings = json.loads(json.dumps(settings))          # as it reads back
        folder = os.path.dirname(path) or "."
        for name in os.listdir(folder):
            if name.startswith(TEMPORARY):
                try:
                    os.unlink(os.path.join(folder, name))
                except OSError:
                    pass
        if not os.path.exists(path):
            return cls(path, settings, {})
        try:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
            if data.get("format") != FORMAT:
                raise ValueError(f"format {data.get('format')!r}, not {FORMAT}")
            old = data["settings"]
            units = {int(k): v for k, v in data["units"].items()}
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise ManifestError(f"{path} is not a manifest this library can read ({exc})") from None
        for key in sorted(set(old) | set(settings)):
            if old.get(key) != settings.get(key):
                raise ManifestError(f"{path} belongs to another job: {key} is {old.get(key)!r} there, "
                                    f"{settings.get(key)!r} here (use another folder, or the same "
                                    f"settings to resume)")
        kept = {k: v for k, v in units.items()
                if _size(os.path.join(folder, v["file"])) == v["bytes"]}
        return cls(path, settings, kept, bool(data.get("complete")) and len(kept) == len(units))

    def done(self) -> dict[int, dict[str, Any]]:
        """The finished units, by number."""
        return dict(sorted(self.units.items()))

    def finish(self, unit: int, entry: dict[str, Any]) -> dict[str, Any]:
        """Records unit as finished with its entry (returned)."""
        self.units[unit] = entry
        return entry

    def save(self, every: Optional[float] = None) -> None:
        """Writes the manifest (with ``every``: only if the last write is at
        least that many seconds old)."""
        now = time.monotonic()
        if every is not None and now - self._saved < every:
            return
        data = {"format": FORMAT, "version": __version__, "settings": self.settings,
                "complete": self.complete,
                "units": {str(k): v for k, v in sorted(self.units.items())}}
        write_atomic(self.path, (json.dumps(data, indent=1) + "\n").encode())
        self._saved = now


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return -1
