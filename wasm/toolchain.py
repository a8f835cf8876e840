"""The cross toolchain of wasm/build, fetched into a cache and checked.

Everything comes from the pins (wasm/pins.py) by address and sha256, into
``$YINSH_WASM_CACHE`` (default ``~/.cache/yinsh-wasm``); nothing is installed
into the machine: Debian packages are unpacked with ``dpkg-deb -x``, npm
tarballs with tarfile, the Python wheels into a venv of the cache. The
cache holds:

- ``downloads/``: the files as fetched (checked again before each use);
- ``root-<id>/``: the unpacked .debs (Emscripten, LLVM 22, Python's headers);
- ``npm-<id>/pyodide``, ``npm-<id>/binaryen``: the npm packages;
- ``venv-<id>/``: Cython and setuptools for the Python running the build;
- ``include-<id>/python3.14``: Python's headers with a wasm32 pyconfig.h;
- ``emscripten-<id>.cfg`` and ``emcache-<id>/``: Emscripten's config and its own cache;
- ``objects/``: the compiled modules (wasm/compile.py).

``<id>`` is a hash of the pins, so changing a pin makes a new folder.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.request
import zipfile
from pathlib import Path

import pins


class BuildError(Exception):
    """A failure wasm/build explains in one message (a missing tool, a bad download)."""


def cache_dir() -> Path:
    return Path(os.environ.get("YINSH_WASM_CACHE") or Path.home() / ".cache" / "yinsh-wasm")


def require(tool: str, hint: str) -> str:
    """The path of a program on PATH, or a BuildError saying how to get it."""
    path = shutil.which(tool)
    if path is None:
        raise BuildError(f"wasm/build needs `{tool}` on PATH ({hint})")
    return path


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def fetch(urls: list[str], digest: str, folder: Path) -> Path:
    """The file of that sha256, from the cache or from the first address that
    serves it; a file with another checksum is an error, never used."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / urls[0].rsplit("/", 1)[1].replace("%3a", ":")
    if path.exists() and sha256(path) == digest:
        return path
    failures = []
    for url in urls:
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        try:
            with urllib.request.urlopen(url, timeout=60) as response, open(part, "wb") as f:
                shutil.copyfileobj(response, f, 1 << 20)
        except OSError as exc:
            failures.append(f"  {url}: {exc}")
            continue
        got = sha256(part)
        if got != digest:
            part.unlink()
            raise BuildError(f"checksum mismatch for {url}: sha256 {got}, pinned {digest} (wasm/pins.py)")
        part.replace(path)
        print(f"wasm/build: fetched {url}", flush=True)
        return path
    raise BuildError(f"cannot download {path.name} (sha256 {digest}):\n" + "\n".join(failures))


def debian_mirrors() -> dict[str, list[str]]:
    """The roots of the Debian archives, the machine's own mirror first (from its
    apt sources), then deb.debian.org, then snapshot.debian.org at pins.SNAPSHOT."""
    found: dict[str, list[str]] = {"debian": [], "debian-security": []}
    texts = []
    for name in ["/etc/apt/sources.list", *sorted(map(str, Path("/etc/apt/sources.list.d").glob("*")))]:
        try:
            texts.append(Path(name).read_text(errors="replace"))
        except OSError:
            pass
    for uri in re.findall(r"(?:^deb\s+(?:\[[^]]*\]\s+)?|^URIs:\s*)(\S+)", "\n".join(texts), re.MULTILINE):
        uri = uri.rstrip("/")
        archive = uri.rsplit("/", 1)[-1]
        if archive in found and uri not in found[archive]:
            found[archive].append(uri)
    for archive, roots in found.items():
        roots += [root for root in (f"http://deb.debian.org/{archive}",
                                    f"https://snapshot.debian.org/archive/{archive}/{pins.SNAPSHOT}") if root not in roots]
    return found


def pin_id(*parts: object) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:12]


def unpack_debs(debs: list[tuple[str, str, str]], root: Path, downloads: Path) -> None:
    """Unpacks the .debs (archive, pool path, sha256) into root, once."""
    done = root / ".unpacked.json"
    have = json.loads(done.read_text()) if done.exists() else []
    todo = [deb for deb in debs if deb[2] not in have]
    if not todo:
        return
    dpkg = require("dpkg-deb", "Debian's dpkg package")
    mirrors = debian_mirrors()
    for archive, pool, digest in todo:
        deb = fetch([f"{mirror}/{pool}" for mirror in mirrors[archive]], digest, downloads)
        subprocess.run([dpkg, "-x", str(deb), str(root)], check=True)
        have.append(digest)
    done.write_text(json.dumps(have))


def unpack_npm(name: str, folder: Path, downloads: Path) -> Path:
    """The npm package's folder (the tarball's package/), unpacked once."""
    target = folder / name
    if not (target / "package.json").exists():
        url, digest = pins.NPM[name]
        tarball = fetch([url], digest, downloads)
        shutil.rmtree(target, ignore_errors=True)
        with tarfile.open(tarball) as tar:
            members = [m for m in tar.getmembers() if m.name.startswith("package/")]
            for m in members:
                m.name = m.name[len("package/"):]
            kwargs = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
            tar.extractall(target, members, **kwargs)
    return target


class Toolchain:
    """The fetched toolchain: ``emcc(args)`` runs Emscripten, ``python`` is the
    venv's interpreter (with Cython), ``include`` Python's wasm32 headers."""

    def __init__(self, cache: Path):
        self.cache = cache
        require("node", "Node 18 or newer: Emscripten and binaryen's tools run on it")
        if os.uname().machine != "x86_64":
            raise BuildError(f"wasm/build's pinned LLVM is for x86_64 Debian, not {os.uname().machine}")
        downloads = cache / "downloads"
        self.id = pin_id(pins.DEBS, pins.NPM, pins.CYTHON, pins.SETUPTOOLS)
        self.root = cache / f"root-{self.id}"
        unpack_debs(pins.DEBS, self.root, downloads)
        self.llvm = self.root / "usr/lib/llvm-22"
        link = self.llvm / "lib/libLLVM.so.22.1"    # llvm-22-dev's link, which clang's RUNPATH finds
        if not link.exists():
            link.symlink_to("../../x86_64-linux-gnu/libLLVM.so.22.1")
        self.env = dict(os.environ)
        self.add_missing_libraries(downloads)
        npm = cache / f"npm-{self.id}"
        self.pyodide = unpack_npm("pyodide", npm, downloads)
        self.binaryen = unpack_npm("binaryen", npm, downloads)
        self.python = self.make_venv(cache / f"venv-{self.id}", downloads)
        self.include = self.python_headers(cache / f"include-{self.id}")
        self.emscripten = self.root / "usr/share/emscripten"
        config = cache / f"emscripten-{self.id}.cfg"
        config.write_text(f"LLVM_ROOT = {str(self.llvm / 'bin')!r}\n"
                          f"BINARYEN_ROOT = {str(self.binaryen)!r}\n"
                          f"NODE_JS = {shutil.which('node')!r}\n"
                          f"CACHE = {str(cache / f'emcache-{self.id}')!r}\n")
        self.env["EM_CONFIG"] = str(config)
        self.lock = json.loads((self.pyodide / "pyodide-lock.json").read_text())["info"]

    def add_missing_libraries(self, downloads: Path) -> None:
        """Unpacks the Debian 12 libraries LLVM needs that this machine lacks
        (pins.LIBRARIES), and puts them on LD_LIBRARY_PATH for Emscripten's tools."""
        libs = self.root / "usr/lib/x86_64-linux-gnu"
        self.env["LD_LIBRARY_PATH"] = os.pathsep.join(filter(None, [str(libs), os.environ.get("LD_LIBRARY_PATH")]))
        for _ in range(3):      # a library unpacked may need another
            out = subprocess.run(["ldd", str(libs / "libLLVM.so.22.1"), str(self.llvm / "bin/clang")],
                                 env=self.env, capture_output=True, text=True).stdout
            missing = sorted(set(re.findall(r"^\s*(\S+) => not found", out, re.MULTILINE)))
            if not missing:
                return
            unknown = [name for name in missing if name not in pins.LIBRARIES]
            if unknown:
                raise BuildError(f"LLVM 22 needs {', '.join(unknown)}, which this machine lacks "
                                 "and wasm/pins.py does not name")
            unpack_debs([pins.LIBRARIES[name] for name in missing], self.root, downloads)
        raise BuildError(f"LLVM 22 still misses libraries after unpacking {', '.join(missing)}")

    def make_venv(self, venv: Path, downloads: Path) -> Path:
        """A venv without pip, with the pinned Cython and setuptools wheels unpacked in it."""
        python = venv / "bin" / "python"
        if (venv / ".complete").exists():
            return python
        shutil.rmtree(venv, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
        tag = f"cp{sys.version_info[0]}{sys.version_info[1]}"
        site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                   check=True, capture_output=True, text=True).stdout.strip())
        for url, digest in [pins.CYTHON.get(tag, pins.CYTHON["py3"]), pins.SETUPTOOLS]:
            with zipfile.ZipFile(fetch([url], digest, downloads)) as wheel:
                wheel.extractall(site)
        (venv / ".complete").touch()
        return python

    def python_headers(self, folder: Path) -> Path:
        """Python 3.14's headers with pyconfig.h for wasm32: the macros of the native
        pyconfig.h, valued as Pyodide's sysconfig data records them."""
        include = folder / "python3.14"
        if (include / "pyconfig.h").exists():
            return include
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(self.root / "usr/include/python3.14", include)
        with zipfile.ZipFile(self.pyodide / "python_stdlib.zip") as stdlib:
            name = next(n for n in stdlib.namelist() if n.startswith("_sysconfigdata_") and "emscripten" in n)
            namespace: dict = {}
            exec(stdlib.read(name).decode(), namespace)
        values = namespace["build_time_vars"]
        native = (self.root / "usr/include/x86_64-linux-gnu/python3.14/pyconfig.h").read_text()

        def wasm(match: re.Match) -> str:
            name = match.group(1) or match.group(2)
            if not name[0].isupper() or name not in values:     # as sysconfig parses pyconfig.h
                return match.group(0)
            return f"#define {name} {values[name]}" if values[name] != 0 else f"/* #undef {name} */"
        text = re.sub(r"^#define (\w+) .*$|^/\* #undef (\w+) \*/$", wasm, native, flags=re.MULTILINE)
        (include / "pyconfig.h").write_text(text)
        return include

    @property
    def wheel_tag(self) -> str:
        """The wheel tag the Pyodide accepts: cp314-cp314-pyemscripten_2026_0_wasm32."""
        python = "cp" + "".join(self.lock["python"].split(".")[:2])
        return f"{python}-{python}-pyemscripten_{self.lock['abi_version']}_{self.lock['arch']}"

    def emcc(self, args: list[str]) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, str(self.emscripten / "emcc.py"), *args],
                              env=self.env, capture_output=True, text=True)
