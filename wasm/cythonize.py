"""Writes the C of every compiled module of the library, as setup.py does, into a build folder.

Run by wasm/build with its venv's Python (the pinned Cython), from the
repository's root: ``python wasm/cythonize.py BUILD_DIR``. The extensions are
setup.py's: every game's searches rendered by src/yinsh/engine/build.py (into
src/, where setup.py renders them too), then every other src/yinsh/**/_*.pyx,
with the same compiler directives; a release build whatever YINSH_DEBUG says,
as the wheels of cibuildwheel are. The bitboards are two 64-bit words
(YINSH_PORTABLE_BITBOARD=1): wasm32 has no 128-bit integers, and clang's
unsigned __int128 there calls the main module's __multi3 (a depth-7 search
took 0.75 s against 0.39 s so). The C files go to BUILD_DIR, not src/.
Prints, as JSON, each module's name, C file, include folders and macros.
"""
import glob
import importlib.util
import json
import os
import sys

from Cython.Build import cythonize

os.environ["YINSH_DEBUG"] = "0"
os.environ["YINSH_SANITIZE"] = "0"
os.environ["YINSH_PORTABLE_BITBOARD"] = "1"
spec = importlib.util.spec_from_file_location("yinsh_engine_build", os.path.join("src", "yinsh", "engine", "build.py"))
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)


def extensions():
    """setup.py's EXTENSIONS: the searches of each _hooks.pxd, then the other _*.pyx."""
    from setuptools import Extension

    found = [ext for hooks in sorted(glob.glob("src/yinsh/**/_hooks.pxd", recursive=True))
             for ext in build.search_extensions(hooks, build_dir=None)]
    searches = {os.path.normpath(ext.sources[0]) for ext in found}
    options = build.extension_options()
    found += [Extension(build.module_name(path), [path], include_dirs=build.include_dirs() + [os.path.dirname(path)],
                        **options)
              for path in sorted(glob.glob("src/yinsh/**/_*.pyx", recursive=True))
              if os.path.normpath(path) not in searches]
    return found


def main(build_dir):
    modules = cythonize(extensions(), compiler_directives=build.compiler_directives(False),
                        include_path=build.include_path(), build_dir=build_dir, quiet=True,
                        cache=os.path.join(build_dir, "cython-cache"))
    json.dump([{"name": ext.name, "c": os.path.abspath(ext.sources[0]),
                "include_dirs": [os.path.abspath(d) for d in ext.include_dirs],
                "macros": ext.define_macros} for ext in modules], sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
