"""Ludo as a PettingZoo AEC environment (docs/rl.md; the conventions are in
``yinsh.envs.aec``): agents ``player_0`` .. ``player_{n-1}``, the colours in
play in turn order (2 players: Green and Blue), the 63 action ids of
docs/ludo.md, planes ``(17, 58)``. The dice are thrown by the environment's
seeded generator inside ``reset`` and ``step``: every observation is of a
move phase, with this turn's throws in the planes ``die_1`` .. ``die_3``.
Rewards at the end by finishing place (+1 first .. -1 last).
``raw_env(render_mode=None, players=4, variant="standard")``: 2, 3 or 4
players, the variant ``"standard"`` (the first home wins) or ``"places"``
(play on for every place); an illegal action raises ``IllegalMoveError``.

>>> from yinsh.envs import ludo_v0
>>> env = ludo_v0.env(players=2)
>>> env.reset(seed=3)
>>> env.possible_agents, env.agent_selection
(['player_0', 'player_1'], 'player_0')
>>> env.unwrapped.board.dice                       # thrown by reset(seed=3)
(6, 4)
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
