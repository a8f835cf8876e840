"""The Gymnasium ids of the library and the function that registers them.

``register_envs()`` registers ``yinsh/Yinsh-v0``, ``yinsh/Insert-v0`` and
``yinsh/Ludo-v0`` with ``gymnasium.register``, each naming its class in
``yinsh.envs.gymnasium_envs`` by a string, so registering does not import
that module (nor any other environment module): it loads on the first
``gymnasium.make``.

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

__all__ = ["ENTRY_POINTS", "env_id", "register_envs"]

#: The registered ids and their classes (``module:Class``).
ENTRY_POINTS = {
    "yinsh/Yinsh-v0": "yinsh.envs.gymnasium_envs:YinshEnv",
    "yinsh/Insert-v0": "yinsh.envs.gymnasium_envs:InsertEnv",
    "yinsh/Ludo-v0": "yinsh.envs.gymnasium_envs:LudoEnv",
}


def env_id(name: str) -> str:
    """The Gymnasium id of a registered game (``yinsh.games``): ``yinsh/``,
    the name capitalised, ``-v0``.

    >>> env_id("dice")
    'yinsh/Dice-v0'
    """
    return f"yinsh/{name.capitalize()}-v0"


def register_envs() -> None:
    """Registers the ids of ``ENTRY_POINTS`` with Gymnasium, and one for
    every other registered game (``env_id(name)``, the generic
    ``yinsh.envs.gymnasium_envs:BoardGameEnv`` with ``game=name``); an id
    already registered is left as it is, so calling it again does nothing
    but add the games registered since. Needs the ``rl`` extra's
    ``gymnasium``."""
    from gymnasium.envs.registration import register, registry

    from yinsh import games
    for env_id_, entry_point in ENTRY_POINTS.items():
        if env_id_ not in registry:
            register(env_id_, entry_point=entry_point, max_episode_steps=None)
    for name in games.GAMES:
        if env_id(name) not in registry:
            register(env_id(name), entry_point="yinsh.envs.gymnasium_envs:BoardGameEnv",
                     max_episode_steps=None, kwargs={"game": name})
