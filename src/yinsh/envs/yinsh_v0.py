"""Yinsh as a PettingZoo AEC environment (docs/rl.md; the conventions are
in ``yinsh.envs.aec``): agents ``player_0`` (White) and ``player_1``
(Black), the 5016 action ids of ``yinsh.yinsh.actions``, planes ``(17, 11, 11)``.
A turn of a ring move and then row and ring removals is several steps of
the same agent. ``raw_env(render_mode=None, variant="standard")``: the
variant is ``"standard"`` or ``"blitz"``; an illegal action raises
``IllegalMoveError``.

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

from yinsh.envs.aec import module_env, module_raw_env

__all__ = ["env", "raw_env"]

#: The unwrapped environment (see the module): its keywords are the game's
#: options; an illegal action raises ``IllegalMoveError``.
raw_env = module_raw_env(__name__)

#: ``raw_env(**kwargs)`` in PettingZoo's classic-game wrappers (an illegal
#: action ends the game with -1 for the mover).
env = module_env(raw_env)
