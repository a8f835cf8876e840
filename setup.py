"""Builds the compiled core. Compiler directives live here, in one place.

YINSH_DEBUG=1 in the environment turns on bounds checks and a consistency
check of the position after every action pushed on a board.
YINSH_SANITIZE=address builds with AddressSanitizer (-fsanitize=address
-fno-omit-frame-pointer -O1 -g, compile and link; any -fsanitize= value
works, e.g. address,undefined); the README's "Memory checks" says how to run
the tests under it. YINSH_ONLY=_core,_search (or yinsh.insert._core) builds only the named
extensions (every src/yinsh/_*.pyx and src/yinsh/*/_*.pyx by default).
"""
import glob
import os

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("YINSH_DEBUG", "") not in ("", "0")

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
}

extra_compile_args = (["-O0", "-g"] if DEBUG else ["-O3"]) + ["-pthread"]   # perft's threads
macros = [("YINSH_DEBUG", "1" if DEBUG else "0")]

SANITIZE = os.environ.get("YINSH_SANITIZE", "")
extra_link_args = ["-pthread"]
if SANITIZE not in ("", "0"):
    sanitize = [f"-fsanitize={SANITIZE}", "-fno-omit-frame-pointer"]
    extra_compile_args = [arg for arg in extra_compile_args if arg[:2] != "-O"] + sanitize + [
        "-O0" if DEBUG else "-O1", "-g"]
    extra_link_args += sanitize


def module_name(path):
    """src/yinsh/insert/_core.pyx -> yinsh.insert._core"""
    return os.path.relpath(path, "src")[:-4].replace(os.sep, ".")


# Every compiled module: src/yinsh/_*.pyx and src/yinsh/<package>/_*.pyx.
SOURCES = sorted(glob.glob("src/yinsh/_*.pyx") + glob.glob("src/yinsh/*/_*.pyx"))
if os.environ.get("YINSH_ONLY"):
    wanted = os.environ["YINSH_ONLY"].split(",")
    SOURCES = [path for path in SOURCES
               if module_name(path) in wanted or module_name(path).rsplit(".", 1)[1] in wanted]


def extension(path):
    return Extension(
        module_name(path),
        [path],
        include_dirs=["src/yinsh", os.path.dirname(path)],
        define_macros=macros,
        extra_compile_args=extra_compile_args,
        extra_link_args=extra_link_args,
    )


setup(
    ext_modules=cythonize(
        [extension(path) for path in SOURCES],
        compiler_directives=directives,
        include_path=["src"],
        annotate=os.environ.get("YINSH_ANNOTATE", "") not in ("", "0"),
    ),
)
