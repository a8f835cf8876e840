"""Named presets of engine settings: a dict of tunables (``Engine.configure``)
under a name, for the match runner (``yinsh match engine engine:preset=baseline``
or simply ``baseline``) and for scripts.

``baseline`` is the engine of the git tag ``engine-baseline`` (main when the
strength work of docs/search.md began): every tunable changed since then is
set back, so fixed-depth searches give the tag's node counts and moves
(tests/test_baseline_preset.py checks it against figures of the tag's build).

``classic`` is the engine of the git tag ``engine-classic`` (main when the
learned evaluation was added; docs/search.md, "Learned evaluation"): every
tunable at that tag's default, the hand-written evaluation's weights
included, so that later changes of the defaults leave it where it was (the
same test checks it against that tag's figures). It is the opponent the
learned evaluation is measured against: ``yinsh match
engine:evaluation=learned classic``.

>>> from yinsh.engine.presets import preset, PRESETS
>>> sorted(PRESETS)
['baseline', 'classic']
>>> preset("baseline")["partial_move"]
0
>>> preset("strongest")
Traceback (most recent call last):
...
ValueError: unknown preset 'strongest' (known: baseline, classic)
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
    "classic": {
        "lmr_depth": 3, "lmr_ply": 2, "lmr_move": 3, "lmr2_move": 6, "lmr2_depth": 4,
        "aspiration": 1, "aspiration_depth": 4, "aspiration_window": 1000, "aspiration_widen": 4,
        "aspiration_max": 20000, "soft_time": 0.6, "partial_move": 1, "poll_nodes": 1024,
        "order_late": 1, "order_killer": 67108864, "history_max": 1048576, "helper_offset": 1,
        "lmp_depth": 1, "lmp_moves": 16, "star": 0,
        "ring": 10000, "threat": 2085, "flip": 404, "three": -95, "marker": 71, "mobility": 0,
        "placing": 4, "tempo": 4812, "jump": 2608, "live": 1954, "secure": 3111,
        "order_row": 268435456, "order_block": 16777216, "order_flip": 512, "order_exact": 1,
        "value_scale": 10000,
    },
}


def preset(name: str) -> dict[str, Number]:
    """The tunables of a preset (a copy); ``ValueError`` for an unknown name."""
    if not isinstance(name, str):
        raise TypeError(f"preset name must be a str, not {type(name).__name__}")
    if name not in PRESETS:
        raise ValueError(f"unknown preset {name!r} (known: {', '.join(sorted(PRESETS))})")
    return dict(PRESETS[name])
