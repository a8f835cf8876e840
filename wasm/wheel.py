"""Packs the Pyodide wheel: the library's Python files and run-time data, the
side modules, and a .dist-info made by setuptools from pyproject.toml.

The metadata (METADATA with the version and dependencies, entry_points.txt:
the games register through the ``yinsh.games`` group) comes from
setuptools' PEP 517 hook run on a skeleton of the project (pyproject.toml,
README.md and the version file), so setup.py, which cythonizes on import,
is not run. WHEEL and RECORD (sha256 of every file) are written here.
"""
from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

#: Package data the library reads at run time (pyproject's package-data less the build's
#: sources): a game's wdl.json (the win chances of an analysis and a review) and levels.json
#: (its engine levels) among them.
DATA = ["py.typed", "*.nnue", "wdl.json", "levels.json", "data/*", "static/*"]


def package_files(src: Path) -> dict[str, Path]:
    """Archive name -> file, for every package below src/yinsh (a folder with __init__.py)."""
    files = {}
    for init in sorted((src / "yinsh").rglob("__init__.py")):
        package = init.parent
        for pattern in ["*.py", *DATA]:
            for path in sorted(package.glob(pattern)):
                if path.is_file() and "__pycache__" not in path.parts:
                    files[path.relative_to(src).as_posix()] = path
    return files


def dist_info(root: Path, python: Path, folder: Path) -> Path:
    """The .dist-info folder setuptools makes from the project's pyproject.toml."""
    skeleton = folder / "skeleton"
    for name in ["pyproject.toml", "README.md", "src/yinsh/_version.py"]:
        (skeleton / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(root / name, skeleton / name)
    (skeleton / "src/yinsh/__init__.py").touch()
    out = folder / "metadata"
    out.mkdir()
    script = "import sys; from setuptools import build_meta; print(build_meta.prepare_metadata_for_build_wheel(sys.argv[1]))"
    name = subprocess.run([str(python), "-c", script, str(out)], cwd=skeleton, check=True,
                          capture_output=True, text=True).stdout.strip().splitlines()[-1]
    return out / name


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(root: Path, python: Path, modules: dict[str, Path], suffix: str, tag: str, out: Path) -> Path:
    """Writes the wheel into out and returns its path. modules: dotted name -> side module."""
    files = {name: path.read_bytes() for name, path in package_files(root / "src").items()}
    for name, path in modules.items():
        files[name.replace(".", "/") + suffix] = path.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        info = dist_info(root, python, Path(tmp))
        for path in sorted(info.iterdir()):
            if path.is_file():
                files[f"{info.name}/{path.name}"] = path.read_bytes()
    version = info.name[len("yinsh-"):-len(".dist-info")]
    files[f"{info.name}/WHEEL"] = (f"Wheel-Version: 1.0\nGenerator: yinsh wasm/build\n"
                                   f"Root-Is-Purelib: false\nTag: {tag}\n\n").encode()
    record = f"{info.name}/RECORD"
    lines = [record_line(name, data) for name, data in files.items()] + [f"{record},,"]
    files[record] = ("\n".join(lines) + "\n").encode()
    out.mkdir(parents=True, exist_ok=True)
    wheel = out / f"yinsh-{version}-{tag}.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in files.items():
            info_ = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info_.external_attr = 0o644 << 16
            info_.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info_, data, compresslevel=9)
    return wheel
