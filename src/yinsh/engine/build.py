"""The compiled engine for a game's package: the helper of a ``setup.py``,
the library's own and another distribution's, as ``numpy.get_include()``
serves C extensions.

A game gives the searches its rules as hooks, ``cdef inline`` functions in
a ``_hooks.pxd`` of its package (the interface: ``yinsh/engine/game.pxd``).
``search_extensions("mygame/_hooks.pxd")`` renders the engine's search
templates (``common``, ``alphabeta`` and ``mcts`` ``.pyx.tp``, beside this
file) with those hooks into ``mygame/_search.pyx``, and returns it as a
setuptools ``Extension`` named ``mygame._search`` with the engine's C
headers, for ``cythonize``; the game's spec imports it (``GameKind.searches``,
or by default its package's ``_search``)::

    # setup.py of a distribution with the game package mygame
    from Cython.Build import cythonize
    from setuptools import setup
    from yinsh.engine.build import search_extensions

    setup(ext_modules=cythonize(search_extensions("mygame/_hooks.pxd")))

Cython finds the engine's ``.pxd`` files in the installed library (on
``sys.path``; ``include_path()`` names the folder). A rendered module
carries its compiler directives in its first line, so it compiles the same
however it is cythonized. With a ``_learned.pxd`` beside the hooks (a
learned evaluation: its network and that network's view of the game's
state; ``yinsh/yinsh/_learned.pxd``), ``_hooks_learned.pxd`` is rendered
from ``learned_hooks.pxd.tp`` too, and ``_search_learned.pyx`` from it (the
templates with ``model=True``). A file is rewritten only when its text
changes, so an unchanged game is not recompiled. docs/architecture.md
("Adding a game") walks through a game in its own distribution.

The switches of the library's build apply to every search built here:
``YINSH_DEBUG=1`` (bounds checks, ``-O0 -g``), ``YINSH_SANITIZE=address``
and ``YINSH_PORTABLE_BITBOARD=1`` (setup.py says more).

This module imports nothing of the library, so that the library's setup.py
loads it from its file before anything is built; Cython and setuptools are
imported only by the functions that need them.

>>> module_name(os.path.join(PACKAGE, "toys", "dice", "_hooks.pxd"))
'yinsh.toys.dice._hooks'
>>> compiler_directives(debug=False)["cdivision"]
True
"""
from __future__ import annotations

import os
from typing import Any, Optional, Union

__all__ = ["ENGINE", "PACKAGE", "SEARCH_TEMPLATES", "LEARNED_TEMPLATE", "BATCH_TEMPLATE", "include_path",
           "include_dirs", "switch", "compiler_directives", "compiler_flags", "compiler_macros",
           "extension_options", "module_name", "render_search", "render_learned_hooks", "render_batch",
           "render_searches", "generated_folder", "search_extensions"]

#: The engine's folder (its templates, ``.pxd`` files and C headers).
ENGINE = os.path.dirname(__file__)
#: The library's package folder (the ``.pxd`` files and C headers shared by the games).
PACKAGE = os.path.dirname(ENGINE)
#: The search templates, rendered in this order into one module.
SEARCH_TEMPLATES = ("common.pyx.tp", "alphabeta.pyx.tp", "mcts.pyx.tp")
#: The learned evaluation's hooks template.
LEARNED_TEMPLATE = "learned_hooks.pxd.tp"
#: The batch of games (``GameBatch``) that a game's ``_ml.pyx`` includes.
BATCH_TEMPLATE = "batch.pxi.tp"

PathLike = Union[str, "os.PathLike[str]"]


def include_path() -> list[str]:
    """The folder in which Cython finds ``yinsh/engine/game.pxd`` and the
    other ``.pxd`` files: ``cythonize(..., include_path=include_path())``
    where the library is not on ``sys.path`` (its own build)."""
    return [os.path.dirname(PACKAGE)]


def include_dirs() -> list[str]:
    """The folders of the C headers a search includes (``smp.h``,
    ``threads.h``, ``bits.h``, ...)."""
    return [PACKAGE, ENGINE]


def switch(name: str) -> bool:
    """Whether the environment variable name is set to something but 0."""
    return os.environ.get(name, "") not in ("", "0")


def compiler_directives(debug: bool) -> dict[str, Any]:
    """Cython's directives for every compiled module of the library and
    every search: bounds checks only in a debug build."""
    return {
        "language_level": 3,
        "boundscheck": debug,
        "wraparound": debug,
        "initializedcheck": debug,
        "cdivision": True,
        "embedsignature": True,
    }


def compiler_flags(msvc: bool, debug: bool, sanitize: str) -> tuple[list[str], list[str]]:
    """(compile args, link args) for MSVC or for gcc and clang (the threads
    of perft and the searches: -pthread).

    >>> compiler_flags(False, False, "")
    (['-O3', '-pthread'], ['-pthread'])
    """
    if msvc:
        if sanitize:
            raise SystemExit("YINSH_SANITIZE needs gcc or clang")
        return (["/Od", "/Zi"] if debug else ["/O2"]), []
    if sanitize:
        flags = [f"-fsanitize={sanitize}", "-fno-omit-frame-pointer"]
        return flags + ["-O0" if debug else "-O1", "-g", "-pthread"], flags + ["-pthread"]
    return (["-O0", "-g"] if debug else ["-O3"]) + ["-pthread"], ["-pthread"]


def compiler_macros(debug: bool, portable_bitboard: bool) -> list[tuple[str, Optional[str]]]:
    """The macros the C headers read (bitboard.h, bits.h)."""
    macros: list[tuple[str, Optional[str]]] = [("YINSH_DEBUG", "1" if debug else "0")]
    if portable_bitboard:
        macros.append(("YINSH_PORTABLE_BITBOARD", "1"))
    return macros


def extension_options() -> dict[str, Any]:
    """An ``Extension``'s macros and compiler and linker flags from the
    build switches of the environment (YINSH_DEBUG, YINSH_SANITIZE,
    YINSH_PORTABLE_BITBOARD) and the compiler (MSVC on Windows)."""
    debug = switch("YINSH_DEBUG")
    sanitize = os.environ.get("YINSH_SANITIZE", "") if switch("YINSH_SANITIZE") else ""
    compile_args, link_args = compiler_flags(os.name == "nt", debug, sanitize)
    return {"define_macros": compiler_macros(debug, switch("YINSH_PORTABLE_BITBOARD")),
            "extra_compile_args": compile_args, "extra_link_args": link_args}


def module_name(path: PathLike) -> str:
    """The dotted module of a ``.pxd`` or ``.pyx`` file: its name below the
    folders with an ``__init__.py`` above it (``src/yinsh/insert/_hooks.pxd``
    -> ``yinsh.insert._hooks``)."""
    folder, name = os.path.split(os.path.abspath(path))
    parts = [name.split(".")[0]]
    while os.path.isfile(os.path.join(folder, "__init__.py")):
        folder, package = os.path.split(folder)
        parts.append(package)
    if len(parts) == 1:
        raise ValueError(f"{path} is in no package (no __init__.py beside it)")
    return ".".join(reversed(parts))


def _write(path: str, text: str) -> None:
    """Writes text to path unless the file holds it already (its time then
    stays, and the module is not recompiled)."""
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def _template(name: str) -> str:
    with open(os.path.join(ENGINE, name), encoding="utf-8") as f:
        return f.read()


def render_search(hooks: PathLike, debug: Optional[bool] = None, into: Optional[str] = None) -> str:
    """Renders the search module of a hooks file into the folder into
    (default: beside it) and returns its path: ``<dir>/_hooks.pxd`` ->
    ``_search.pyx``; a learned evaluation's ``<dir>/_hooks_learned.pxd``
    (the searcher owns a model) -> ``_search_learned.pyx``. Its first line
    holds the compiler directives (debug: default YINSH_DEBUG)."""
    from Cython import Tempita

    folder, name = os.path.split(os.fspath(hooks))
    if not (name.startswith("_hooks") and name.endswith(".pxd")):
        raise ValueError(f"a hooks file is named _hooks*.pxd, not {name}")
    module = module_name(hooks)
    learned = name == "_hooks_learned.pxd"
    directives = compiler_directives(switch("YINSH_DEBUG") if debug is None else debug)
    parts = [f"# cython: {', '.join(f'{k}={v}' for k, v in directives.items())}\n"
             f"# Generated by yinsh.engine.build from yinsh/engine/{', '.join(SEARCH_TEMPLATES)}\n"
             f"# with the hooks of {module}: do not edit.\n"]
    for template in SEARCH_TEMPLATES:
        parts.append(Tempita.sub(_template(template), hooks=module, model=learned))
    out = os.path.join(into or folder, "_search" + name[len("_hooks"):-len(".pxd")] + ".pyx")
    _write(out, "".join(parts))
    return out


def render_learned_hooks(hooks: PathLike, into: Optional[str] = None) -> Optional[str]:
    """Renders ``_hooks_learned.pxd`` (into the folder into, default beside
    the hooks) from the learned hooks template when ``<dir>/_learned.pxd``
    is beside the hooks file, and returns its path (None without a
    ``_learned.pxd``)."""
    from Cython import Tempita

    folder = os.path.dirname(os.fspath(hooks))
    learned = os.path.join(folder, "_learned.pxd")
    if not os.path.isfile(learned):
        return None
    out = os.path.join(into or folder, "_hooks_learned.pxd")
    _write(out, Tempita.sub(_template(LEARNED_TEMPLATE), hooks=module_name(hooks),
                            learned=module_name(learned)))
    return out


def render_batch(hooks: PathLike, into: Optional[str] = None) -> Optional[str]:
    """Renders ``_batch.pxi`` (``GameBatch``, the shared part of a batch of
    games held in C; into the folder into, default beside the hooks) from
    the batch template with the hooks when ``<dir>/_ml.pyx`` is beside the
    hooks file (it includes the result), and returns its path (None without
    an ``_ml.pyx``)."""
    from Cython import Tempita

    folder = os.path.dirname(os.fspath(hooks))
    if not os.path.isfile(os.path.join(folder, "_ml.pyx")):
        return None
    out = os.path.join(into or folder, "_batch.pxi")
    _write(out, Tempita.sub(_template(BATCH_TEMPLATE), hooks=module_name(hooks)))
    return out


def generated_folder(hooks: PathLike, build_dir: str) -> str:
    """The folder below build_dir that a game's generated modules go to:
    ``<build_dir>/yinsh-generated/<package path>``, each folder of the path
    with an empty ``__init__.py`` so that Cython names the modules after
    the game's package (made here)."""
    root = os.path.join(build_dir, "yinsh-generated")
    folder = root
    for package in module_name(hooks).split(".")[:-1]:
        folder = os.path.join(folder, package)
        os.makedirs(folder, exist_ok=True)
        _write(os.path.join(folder, "__init__.py"), "")
    return folder


def render_searches(hooks: PathLike, debug: Optional[bool] = None,
                    build_dir: Optional[str] = None) -> list[str]:
    """Renders the search modules of a game's ``_hooks.pxd``:
    ``_search.pyx``, and with a ``_learned.pxd`` beside the hooks
    ``_hooks_learned.pxd`` and ``_search_learned.pyx``; with an ``_ml.pyx``
    there, ``_batch.pxi`` too (``render_batch``), which that module
    includes. Returns the ``.pyx`` paths. They are written beside the hooks
    when build_dir is None (the library's own build), else into
    ``generated_folder(hooks, build_dir)``, away from the game's sources."""
    into = None if build_dir is None else generated_folder(hooks, build_dir)
    render_batch(hooks, into)
    found = [render_search(hooks, debug, into)]
    learned = render_learned_hooks(hooks, into)
    if learned is not None:
        found.append(render_search(learned, debug, into))
    return found


def search_extensions(hooks: PathLike, build_dir: Optional[str] = "build", **options: Any) -> list[Any]:
    """The setuptools ``Extension``s of the search modules of a game's
    ``_hooks.pxd`` (rendered first, ``render_searches``), for ``cythonize``.
    The generated ``.pyx`` files (and the ``.c`` files Cython writes beside
    them) go below build_dir (``generated_folder``; None: beside the hooks,
    as the library's own build does). options go to each ``Extension``; by
    default its macros and flags are ``extension_options()``, its include
    folders the engine's C headers' and the hooks' own folder."""
    from setuptools import Extension

    name = module_name(hooks)
    settings = {**extension_options(), **options}
    settings.setdefault("include_dirs", include_dirs() + [os.path.dirname(os.fspath(hooks)) or "."])
    return [Extension(f"{name.rpartition('.')[0]}.{os.path.basename(path)[:-len('.pyx')]}", [path], **settings)
            for path in render_searches(hooks, build_dir=build_dir)]
