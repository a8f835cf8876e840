"""Named presets of engine settings: a dict of tunables (``Engine.configure``)
under a name, for the match runner (``yinsh match engine engine:preset=baseline``
or simply ``baseline``) and for scripts.

``baseline`` is the engine of the git tag ``engine-baseline`` (main when the
strength work of docs/search.md began): every tunable changed since then is
set back, so fixed-depth searches give the tag's node counts and moves
(tests/test_baseline_preset.py checks it against figures of the tag's build).

>>> from yinsh.engine.presets import preset, PRESETS
>>> sorted(PRESETS)
['baseline']
>>> preset("baseline")["partial_move"]
0
>>> preset("strongest")
Traceback (most recent call last):
...
ValueError: unknown preset 'strongest' (known: baseline)
"""
from __future__ import annotations

from typing import Union

Number = Union[int, float]

PRESETS: dict[str, dict[str, Number]] = {
    "baseline": {
        "soft_time": 0.45,
        "partial_move": 0,
        "lmp_depth": 0,
        "order_late": 0,
        "jump": 0,
        "order_exact": 0,
        "live": 0,
        "secure": 0,
        "threat": 300,
        "flip": 120,
        "three": 15,
        "marker": 20,
        "tempo": 1500,
        "aspiration_window": 300,
    },
}


def preset(name: str) -> dict[str, Number]:
    """The tunables of a preset (a copy); ``ValueError`` for an unknown name."""
    if not isinstance(name, str):
        raise TypeError(f"preset name must be a str, not {type(name).__name__}")
    if name not in PRESETS:
        raise ValueError(f"unknown preset {name!r} (known: {', '.join(sorted(PRESETS))})")
    return dict(PRESETS[name])
