"""Standard reinforcement-learning interfaces for the three games (docs/rl.md).

Nothing is imported here: each ecosystem's modules import its package
(``pip install "yinsh[rl]"``) and are imported by name, so ``import yinsh``
never needs them.

- PettingZoo AEC environments: ``yinsh.envs.yinsh_v0``, ``insert_v0``,
  ``ludo_v0`` (``env()`` and ``raw_env``, as PettingZoo's classic games).
- Gymnasium single-agent environments against a fixed opponent:
  ``yinsh.envs.gymnasium_envs`` (importing it registers ``yinsh/Yinsh-v0``,
  ``yinsh/Insert-v0`` and ``yinsh/Ludo-v0``).
- OpenSpiel games: ``yinsh.envs.openspiel_games`` (importing it registers
  ``python_yinsh``, ``python_insert`` and ``python_ludo`` with ``pyspiel``).

``yinsh.envs.games`` is the per-game table they share, ``yinsh.envs.chance``
plays the chance nodes (from the boards' ``chance_outcomes()``), ``yinsh.envs.spaces``
the observations and pictures of the PettingZoo and Gymnasium environments, and
``yinsh.envs.raster`` draws the ``rgb_array`` pictures.
"""
