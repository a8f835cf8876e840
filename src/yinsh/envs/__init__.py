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

import importlib.util as _util


def require(module: str, *packages: str) -> None:
    """Raises ``ModuleNotFoundError`` naming the ``rl`` extra when one of
    packages (the importable names: ``gymnasium``, ``pettingzoo``,
    ``pyspiel``) is not installed; module is the environment module that
    needs them. Each environment module calls it before importing them, so
    ``import yinsh.envs.yinsh_v0`` without the extra says what to install
    rather than a bare ``No module named 'gymnasium'``.

    >>> require("yinsh.envs.example", "no_such_package_for_yinsh")
    Traceback (most recent call last):
    ...
    ModuleNotFoundError: yinsh.envs.example needs no_such_package_for_yinsh, of the optional 'rl' extra: pip install "yinsh[rl]"
    """
    missing = [name for name in packages if _util.find_spec(name) is None]
    if missing:
        raise ModuleNotFoundError(f"{module} needs {', '.join(missing)}, of the optional 'rl' extra: "
                                  f'pip install "yinsh[rl]"', name=missing[0])
