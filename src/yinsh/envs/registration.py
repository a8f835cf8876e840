"""The Gymnasium ids of the library and the function that registers them.

``register_envs()`` registers an id for every registered game
(``yinsh.games``): ``yinsh/Yinsh-v0``, ``yinsh/Insert-v0``, ``yinsh/Ludo-v0``
and a plugin's, with ``gymnasium.register``, each naming its class in
``yinsh.envs.gymnasium_envs`` by a string (``LudoEnv``) from the game's
name alone, so registering imports no environment module (nor a game's
description): the class is made on the first ``gymnasium.make``.

It is the package's entry point in the group ``gymnasium.envs``
(pyproject.toml: ``[project.entry-points."gymnasium.envs"]``, ``yinsh =
"yinsh.envs.registration:register_envs"``). Gymnasium 0.26 to 0.29 call the
function of every such entry point on ``import gymnasium`` (inside the
namespace named by the entry point, here ``yinsh``), so that
``gymnasium.make("yinsh/Insert-v0")`` works without importing anything of
yinsh. Gymnasium 1.0 removed that plugin loading; there
``gymnasium.make("yinsh.envs.gymnasium_envs:yinsh/Insert-v0")`` (the
``module:id`` form imports the module, which calls ``register_envs``) or an
``import yinsh.envs.gymnasium_envs`` first does it (docs/rl.md).

>>> import gymnasium
>>> register_envs()
>>> sorted(i for i in gymnasium.registry if i.startswith("yinsh/"))
['yinsh/Insert-v0', 'yinsh/Ludo-v0', 'yinsh/Yinsh-v0']
>>> gymnasium.registry["yinsh/Ludo-v0"].entry_point
'yinsh.envs.gymnasium_envs:LudoEnv'
"""
from __future__ import annotations

from typing import Any

from yinsh import games

__all__ = ["class_name", "entry_point", "env_id", "register_envs"]


def env_id(name: str) -> str:
    """The Gymnasium id of a registered game (``yinsh.games``): ``yinsh/``,
    the name capitalised, ``-v0``.

    >>> env_id("dice")
    'yinsh/Dice-v0'
    """
    return f"yinsh/{name.capitalize()}-v0"


def class_name(name: str) -> str:
    """The name of a registered game's class in ``yinsh.envs.gymnasium_envs``:
    the name capitalised, ``Env``.

    >>> class_name("dice")
    'DiceEnv'
    """
    return f"{name.capitalize()}Env"


def entry_point(name: str) -> str:
    """The class of a registered game's id, as Gymnasium names it (``module:Class``).

    >>> entry_point("dice")
    'yinsh.envs.gymnasium_envs:DiceEnv'
    """
    return f"yinsh.envs.gymnasium_envs:{class_name(name)}"


def register_envs() -> None:
    """Registers the id of every registered game (``env_id(name)``, its class
    ``entry_point(name)``) with Gymnasium; an id registered already is left
    as it is, so calling it again does nothing but add the games registered
    since. Needs the ``rl`` extra's ``gymnasium``."""
    from gymnasium.envs.registration import register, registry

    for name in games.GAMES:
        if env_id(name) not in registry:
            register(env_id(name), entry_point=entry_point(name), max_episode_steps=None)


def __getattr__(name: str) -> Any:
    """``ENTRY_POINTS``: the ids of the registered games and their classes
    (``module:Class``), read from the registry now.

    >>> from yinsh.envs.registration import ENTRY_POINTS
    >>> ENTRY_POINTS["yinsh/Insert-v0"]
    'yinsh.envs.gymnasium_envs:InsertEnv'
    """
    if name == "ENTRY_POINTS":
        return {env_id(game): entry_point(game) for game in games.GAMES}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
