"""Yinsh as a PettingZoo AEC environment (docs/rl.md; the conventions are
in ``yinsh.envs.aec``): agents ``player_0`` (White) and ``player_1``
(Black), the 5016 action ids of ``yinsh.yinsh.actions``, planes ``(17, 11, 11)``.
A turn of a ring move and then row and ring removals is several steps of
the same agent.

>>> from yinsh.envs import yinsh_v0
>>> env = yinsh_v0.env(variant="blitz")
>>> env.reset(seed=1)
>>> observation, reward, termination, truncation, info = env.last()
>>> env.agent_selection, observation["observation"].shape, int(observation["action_mask"].sum())
('player_0', (17, 11, 11), 85)
>>> env.step(32)                                  # White places a ring on e5
>>> env.agent_selection
'player_1'
"""
from __future__ import annotations

from typing import Any, Optional

from yinsh.envs.aec import RENDER_MODES, BoardGameEnv, wrap
from yinsh.envs.games import YINSH

__all__ = ["env", "raw_env"]


class raw_env(BoardGameEnv):
    """The unwrapped environment: an illegal action raises ``IllegalMoveError``.
    ``variant`` is ``"standard"`` or ``"blitz"``."""

    metadata = {"name": "yinsh_v0", "render_modes": RENDER_MODES, "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, render_mode: Optional[str] = None, variant: str = "standard") -> None:
        super().__init__(YINSH, {"variant": variant}, render_mode)


def env(**kwargs: Any) -> Any:
    """``raw_env(**kwargs)`` in PettingZoo's classic-game wrappers (an illegal
    action ends the game with -1 for the mover)."""
    return wrap(raw_env(**kwargs))
