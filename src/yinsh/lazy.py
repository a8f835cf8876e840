"""A package's names imported when first asked for (PEP 562's module
``__getattr__`` and ``__dir__``), written once for the top-level ``yinsh``
and every game's package: so that ``import yinsh`` loads only the board,
and a game's boards, perft and engine work without numpy
(docs/architecture.md, "``import yinsh`` is lazy").

A package names, for each module (absolute, or relative to the package),
the names it takes from it, and the submodules it imports on first use:

>>> import types
>>> package = types.ModuleType("example")
>>> package.__all__ = ["sqrt", "pi", "path"]
>>> package.__getattr__, package.__dir__ = attributes(vars(package), {"math": ("sqrt", "pi")})
>>> package.pi, "pi" in vars(package), package.__dir__()[-3:]
(3.141592653589793, True, ['path', 'pi', 'sqrt'])
>>> package.tau
Traceback (most recent call last):
...
AttributeError: module 'example' has no attribute 'tau'
"""
from __future__ import annotations

import importlib
from typing import Any, Callable, Iterable, Mapping

__all__ = ["attributes"]


def attributes(namespace: dict[str, Any], names: Mapping[str, Iterable[str]],
               modules: Iterable[str] = ()) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package whose globals are
    namespace: a name of ``names[module]`` is that module's attribute,
    imported on first use and kept in namespace (the next look-up finds it
    there); a name of modules is the package's submodule of that name,
    imported on first use; any other name is an ``AttributeError``.
    ``__dir__`` lists the package's globals and its ``__all__``."""
    package = str(namespace["__name__"])
    sources = {name: module for module, listed in names.items() for name in listed}
    submodules = frozenset(modules)

    def __getattr__(name: str) -> object:
        if name in submodules:
            return importlib.import_module(f"{package}.{name}")
        if name not in sources:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value: object = getattr(importlib.import_module(sources[name], package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(namespace.get("__all__", ())))

    __getattr__.__doc__ = (f"The names of {package} imported on first use: "
                           f"{', '.join(sorted([*sources, *submodules]))}.")
    __dir__.__doc__ = "The module's names, those not imported yet included."
    for function in (__getattr__, __dir__):
        function.__module__ = package
    return __getattr__, __dir__
