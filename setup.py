"""Builds the compiled core. Compiler directives live here, in one place.

YINSH_DEBUG=1 in the environment turns on bounds checks and a consistency
check of the position after every action pushed on a board.
"""
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

extra_compile_args = ["-O0", "-g"] if DEBUG else ["-O3"]
macros = [("YINSH_DEBUG", "1" if DEBUG else "0")]


def extension(name):
    return Extension(
        f"yinsh.{name}",
        [f"src/yinsh/{name}.pyx"],
        include_dirs=["src/yinsh"],
        define_macros=macros,
        extra_compile_args=extra_compile_args,
    )


setup(
    ext_modules=cythonize(
        [extension("_core")],
        compiler_directives=directives,
        include_path=["src"],
        annotate=os.environ.get("YINSH_ANNOTATE", "") not in ("", "0"),
    ),
)
