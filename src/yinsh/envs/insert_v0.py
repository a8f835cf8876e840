"""Insert as a PettingZoo AEC environment (docs/rl.md; the conventions are
in ``yinsh.envs.aec``): agents ``player_0`` (White) and ``player_1`` (Red),
the 36 action ids (a square each), planes ``(10, 6, 6)``.

>>> from yinsh.envs import insert_v0
>>> env = insert_v0.env(layout=5)
>>> env.reset(seed=1)
>>> observation, reward, termination, truncation, info = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((10, 6, 6), 36)
"""
from __future__ import annotations

from typing import Any, Optional

from yinsh.envs.aec import RENDER_MODES, BoardGameEnv, wrap
from yinsh.envs.games import INSERT

__all__ = ["env", "raw_env"]


class raw_env(BoardGameEnv):
    """The unwrapped environment: an illegal action raises ``IllegalMoveError``.
    ``layout`` is the tile layout, 0..6143."""

    metadata = {"name": "insert_v0", "render_modes": RENDER_MODES, "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, render_mode: Optional[str] = None, layout: int = 0) -> None:
        super().__init__(INSERT, {"layout": layout}, render_mode)


def env(**kwargs: Any) -> Any:
    """``raw_env(**kwargs)`` in PettingZoo's classic-game wrappers (an illegal
    action ends the game with -1 for the mover)."""
    return wrap(raw_env(**kwargs))
