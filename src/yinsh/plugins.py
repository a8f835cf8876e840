"""Entry points: how the registry finds the games of installed distributions.

A distribution declares a game with one line of its ``pyproject.toml``::

    [project.entry-points."yinsh.games"]
    dice = "yinsh_dice.game:DiceGame"

and ``pip install`` writes it to the distribution's ``entry_points.txt``
(in its ``*.dist-info`` or ``*.egg-info`` folder). The library's own games
are declared the same way. This module reads those files directly:
importing ``importlib.metadata`` would cost every ``yinsh`` command tens of
milliseconds, and nothing here runs before a game is first asked for.

A source tree used without an install (a build in place, ``PYTHONPATH=src``)
has no metadata of this library: its ``pyproject.toml`` is read instead.

>>> text = '''[console_scripts]
... yinsh = yinsh.cli:main
... [yinsh.games]
... dice = yinsh_dice.game:DiceGame [extra]
... '''
>>> parse_entry_points(text, "yinsh.games")
[('dice', 'yinsh_dice.game:DiceGame')]
>>> toml = '''[project.entry-points."yinsh.games"]
... dice = "yinsh_dice.game:DiceGame"   # the race
... '''
>>> parse_entry_points(toml, '"yinsh.games"', prefix="project.entry-points.")
[('dice', 'yinsh_dice.game:DiceGame')]
>>> load("os.path:join") is __import__("os").path.join
True
"""
from __future__ import annotations

import importlib
import os
import sys
from typing import Any, Optional

__all__ = ["entry_points", "load", "parse_entry_points", "DISTRIBUTION"]

#: This library's distribution name: its entry points come first.
DISTRIBUTION = "yinsh"


def load(spec: str) -> Any:
    """The object a ``"module:attribute"`` entry point names (imported now)."""
    module, _, attribute = spec.partition(":")
    found: Any = importlib.import_module(module.strip())
    for part in attribute.strip().split(".") if attribute.strip() else ():
        found = getattr(found, part)
    return found


def parse_entry_points(text: str, group: str, prefix: str = "") -> list[tuple[str, str]]:
    """The ``(name, "module:attribute")`` pairs of the section ``prefix + group``
    of an ``entry_points.txt`` (or of a ``pyproject.toml``: values in quotes,
    comments after ``#``), in their order; extras (``[...]``) are dropped."""
    found = []
    section = None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == prefix + group and "=" in line and not line.startswith(("#", ";")):
            name, _, value = line.partition("=")
            value = value.split("#")[0].split("[")[0].strip().strip("\"'").strip()
            found.append((name.strip().strip("\"'"), value))
    return found


def _distribution_name(folder: str) -> str:
    """``yinsh`` of ``yinsh-0.1.0.dist-info`` or ``yinsh.egg-info``."""
    stem = folder.rsplit(".", 1)[0]
    return stem.split("-")[0].replace("_", "-").lower()


def entry_points(group: str, path: Optional[list[str]] = None) -> list[tuple[str, str]]:
    """The entry points of ``group`` of the distributions on path (default
    ``sys.path``) as ``(name, "module:attribute")``: what
    ``importlib.metadata.entry_points(group=...)`` gives, this library's own
    first and the first of a name winning. Without this library's metadata
    (a source tree), its ``pyproject.toml`` stands in for it."""
    ours: list[tuple[str, str]] = []
    others: list[tuple[str, str]] = []
    have_ours = False
    for entry in sys.path if path is None else path:
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:                          # a zip file, a missing folder
            continue
        for folder in names:
            if not folder.endswith((".dist-info", ".egg-info")):
                continue
            try:
                with open(os.path.join(entry or ".", folder, "entry_points.txt"), encoding="utf-8") as f:
                    text = f.read()
            except OSError:
                continue
            points = parse_entry_points(text, group)
            mine = _distribution_name(folder) == DISTRIBUTION
            if mine and (have_ours or not points):   # another copy further down the path, or
                continue                             # metadata older than the group
            have_ours = have_ours or mine
            (ours if mine else others).extend(points)
    if not have_ours:
        ours = _source_tree_entry_points(group)
    found: dict[str, str] = {}
    for name, value in ours + others:
        found.setdefault(name, value)
    return list(found.items())


def _source_tree_entry_points(group: str) -> list[tuple[str, str]]:
    """The entry points of group in the ``pyproject.toml`` of the source
    tree this package lies in (none if it is not in one)."""
    here = os.path.dirname(os.path.abspath(__file__))
    pyproject = os.path.join(here, os.pardir, os.pardir, "pyproject.toml")
    try:
        with open(pyproject, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return []
    return parse_entry_points(text, f'"{group}"', prefix="project.entry-points.")
