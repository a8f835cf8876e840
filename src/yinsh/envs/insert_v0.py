"""Insert as a PettingZoo AEC environment (docs/rl.md; the conventions are
in ``yinsh.envs.aec``): agents ``player_0`` (White) and ``player_1`` (Red),
the 36 action ids (a square each), planes ``(10, 6, 6)``.
``raw_env(render_mode=None, layout=0)``: the tile layout, 0..6143; an
illegal action raises ``IllegalMoveError``.

>>> from yinsh.envs import insert_v0
>>> env = insert_v0.env(layout=5)
>>> env.reset(seed=1)
>>> observation, reward, termination, truncation, info = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((10, 6, 6), 36)
"""
from __future__ import annotations

from yinsh.envs.aec import module_env, module_raw_env

__all__ = ["env", "raw_env"]

#: The unwrapped environment (see the module): its keywords are the game's
#: options; an illegal action raises ``IllegalMoveError``.
raw_env = module_raw_env(__name__)

#: ``raw_env(**kwargs)`` in PettingZoo's classic-game wrappers (an illegal
#: action ends the game with -1 for the mover).
env = module_env(raw_env)
