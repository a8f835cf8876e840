"""Compiles the C of each module (wasm/cythonize.py) into a Pyodide side module.

Each module is compiled and linked by Emscripten as Pyodide's own packages
are (``-fPIC -fwasm-exceptions -sSUPPORT_LONGJMP=wasm``, linked with
``-sSIDE_MODULE=1 -sWASM_BIGINT``), without -pthread (Pyodide has no
threads), at -O3 like the native build, and with wasm SIMD (``-msimd128``,
which every current browser runs; YINSH_WASM_SIMD=0 leaves it out):
nnue_simd.h's kernel of the learned evaluation uses it (a depth-6 search
2.2x faster), the classic search is as fast either way.

The result is kept in the cache's ``objects/`` under a hash of everything
that decides it: the C text (less Cython's metadata comment, which names
this machine's folders), the project's headers it includes, the macros,
the flags and the toolchain; a build with nothing changed compiles nothing.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from toolchain import BuildError, Toolchain


#: Compiler and linker flags (Pyodide's for its packages, at -O3); -Wno-version-check:
#: Debian's Emscripten 6.0.5 expects LLVM 21, this is 22 (wasm/pins.py).
CFLAGS = ["-O3", "-fPIC", "-fwasm-exceptions", "-sSUPPORT_LONGJMP=wasm", "-DNDEBUG", "-fno-strict-overflow",
          "-Wno-version-check"]
LDFLAGS = ["-O3", "-fwasm-exceptions", "-sSUPPORT_LONGJMP=wasm", "-sSIDE_MODULE=1", "-sWASM_BIGINT",
           "-Wno-version-check"]


def flags() -> list[str]:
    """The compiler's flags: CFLAGS, with -msimd128 unless YINSH_WASM_SIMD=0."""
    simd = os.environ.get("YINSH_WASM_SIMD", "1") not in ("", "0")
    return CFLAGS + (["-msimd128"] if simd else [])


INCLUDE = re.compile(rb'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
METADATA = re.compile(rb"/\* BEGIN: Cython Metadata\n.*?\nEND: Cython Metadata \*/\n", re.DOTALL)


def local_includes(path: Path, folders: list[Path]) -> list[Path]:
    """The project's files that path #includes "...", transitively (as setup.py's fingerprint)."""
    found, todo = set(), [path]
    while todo:
        current = todo.pop()
        if current in found:
            continue
        found.add(current)
        for name in INCLUDE.findall(current.read_bytes()):
            for folder in [current.parent, *folders]:
                candidate = folder / name.decode()
                if candidate.is_file():
                    todo.append(candidate.resolve())
                    break
    found.discard(path)
    return sorted(found)


def module_key(module: dict, flags: list[str], toolchain: Toolchain) -> str:
    folders = [Path(d) for d in module["include_dirs"]]
    digest = hashlib.sha256(json.dumps([toolchain.id, flags, LDFLAGS, module["macros"]]).encode())
    c_file = Path(module["c"])
    digest.update(hashlib.sha256(METADATA.sub(b"", c_file.read_bytes())).digest())
    root = Path(__file__).resolve().parent.parent
    for header in local_includes(c_file, folders):
        digest.update(os.path.relpath(header, root).encode() + b"\0" + hashlib.sha256(header.read_bytes()).digest())
    return digest.hexdigest()[:24]


def compile_module(module: dict, flags: list[str], toolchain: Toolchain, objects: Path) -> tuple[Path, bool]:
    """The module's side module in the cache, compiled unless there already; whether it was."""
    target = objects / f"{module['name']}-{module_key(module, flags, toolchain)}.so"
    if target.exists():
        os.utime(target)        # used: the last to be pruned
        return target, False
    part = target.with_suffix(f".{os.getpid()}.o")      # another build may compile it at the same time
    defines = [f"-D{name}" if value is None else f"-D{name}={value}" for name, value in module["macros"]]
    includes = [f"-I{toolchain.include}", *(f"-I{d}" for d in module["include_dirs"])]
    for args in ([*flags, *defines, *includes, "-c", module["c"], "-o", str(part)],
                 [*LDFLAGS, *[f for f in flags if f == "-msimd128"], str(part), "-o", f"{part}.so"]):
        result = toolchain.emcc(args)
        if result.returncode != 0:
            raise BuildError(f"emcc failed for {module['name']}:\nemcc {' '.join(args)}\n{result.stdout}{result.stderr}")
    part.unlink()
    os.replace(f"{part}.so", target)
    return target, True


def compile_all(modules: list[dict], flags: list[str], toolchain: Toolchain, jobs: int) -> dict[str, Path]:
    """Every module's side module (name -> path), jobs at a time, the largest first."""
    objects = toolchain.cache / "objects"
    objects.mkdir(parents=True, exist_ok=True)
    modules = sorted(modules, key=lambda m: -os.path.getsize(m["c"]))

    def one(module: dict) -> Path:
        begin = time.monotonic()
        path, compiled = compile_module(module, flags, toolchain, objects)
        took = f"compiled in {time.monotonic() - begin:.0f} s" if compiled else "up to date"
        print(f"wasm/build: {module['name']}: {took}", flush=True)
        return path

    with ThreadPoolExecutor(jobs) as pool:
        paths = list(pool.map(one, modules))
    return {module["name"]: path for module, path in zip(modules, paths)}


def prune(objects: Path, keep: set[Path], most: int = 200) -> None:
    """Deletes the oldest cached modules beyond the most recent `most`, never those in use."""
    old = sorted((p for p in objects.glob("*.so") if p not in keep and ".o." not in p.name), key=os.path.getmtime)
    for path in old[:max(0, len(old) + len(keep) - most)]:
        path.unlink()
    for stale in objects.glob("*.o*"):      # left by a build that was stopped
        if time.time() - os.path.getmtime(stale) > 3600:
            stale.unlink()
