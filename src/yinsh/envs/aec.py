"""PettingZoo's AEC API over the per-game table (``yinsh.envs.games``):
the class behind ``yinsh.envs.yinsh_v0``, ``insert_v0`` and ``ludo_v0``,
whose ``raw_env`` and ``env`` ``game_module`` makes from the module's name.

- **Agents** ``player_0``, ``player_1``, ... are the seats in turn order
  (``yinsh.envs.games``). ``agent_selection`` is always the library's side
  to act: a Yinsh turn of a ring move and then row and ring removals is
  several steps of the same agent, and a Ludo seat that has finished or is
  skipped is simply not selected.
- **Observations** ``{"observation": planes, "action_mask": mask}``: the
  library's planes from the agent's own view (``board.planes(perspective=
  its colour)``, float32 in [0, 1]) and, for the agent to act, its legal
  action mask (int8, 1 at legal ids); other agents get a mask of zeros.
- **Actions** are the library's action ids (``Discrete(num_actions)``).
- **Rewards** come at the end only: +1 / -1 (0 for a draw) in Yinsh and
  Insert, Ludo's returns by finishing place (``board.returns()``).
- **Ludo's dice** are thrown by the environment's generator (seeded by
  ``reset(seed=...)``) inside ``reset`` and ``step``, up to the next move
  phase, drawn from the board's ``chance_outcomes()`` (``yinsh.envs.chance``:
  any game's chance nodes alike); the current throws are in the planes (``die_1`` .. ``die_3``).
- **Illegal actions**: ``raw_env.step`` raises the library's
  ``IllegalMoveError`` and leaves the game unchanged; ``env()`` wraps it as
  PettingZoo's classic games do, so an illegal action ends the game with
  -1 for the mover and 0 for the others.
"""
from __future__ import annotations

from typing import Any, Callable, Optional, Union

import numpy.typing as npt

from yinsh.envs import require

require(__name__, "gymnasium", "pettingzoo")

from gymnasium import spaces  # noqa: E402  (after the check of the extra)
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from yinsh.envs.chance import play_chance
from yinsh.envs.games import Game, get, seat_names
from yinsh.envs.spaces import RENDER_MODES, check_render_mode, observation, observation_space, render

__all__ = ["BoardGameEnv", "GameModuleEnv", "env", "module_env", "module_metadata", "module_raw_env", "wrap",
           "RENDER_MODES"]

Observation = dict[str, npt.NDArray[Any]]


class BoardGameEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no types
    """An AEC environment of one game; the modules ``yinsh_v0`` etc. name
    the game and its options. ``board`` is the live board (read it, do not
    change it)."""

    game: Game

    def __init__(self, game: Union[Game, str], options: dict[str, Any],
                 render_mode: Optional[str] = None) -> None:
        super().__init__()
        if isinstance(game, str):                   # a registered game's name (yinsh.games)
            game = get(game)
        check_render_mode(render_mode)
        self.game = game
        self.render_mode = render_mode
        self._options = game.options(options)
        self.board = game.new_board(self._options)
        self._colors = game.seats(self.board)
        self.possible_agents = list(seat_names(len(self._colors)))
        self._seat_of = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._agent_of: dict[Any, str] = dict(zip(self._colors, self.possible_agents))
        self._perspectives = [color.name.lower() for color in self._colors]
        self.observation_spaces = {a: observation_space(game) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(game.num_actions) for a in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Observation:
        acts = agent == self.agent_selection and not self.board.is_game_over()
        return observation(self.game, self.board, self._perspectives[self._seat_of[agent]], acts)

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.board = self.game.new_board(self._options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._throw()
        self.agent_selection = self._agent_to_act()

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.game.push(self.board, action)
        self._throw()
        self._cumulative_rewards[agent] = 0.0
        if self.board.is_game_over():
            returns = self.game.returns(self.board)
            for a in self.agents:
                self.rewards[a] = returns[self._seat_of[a]]
                self.terminations[a] = True
        else:
            self.agent_selection = self._agent_to_act()
        self._accumulate_rewards()

    def render(self) -> Any:
        """The text diagram (``"ansi"``) or the SVG picture as a ``uint8``
        ``(height, width, 3)`` array (``"rgb_array"``); None (with a warning)
        without a render mode."""
        return render(self.game, self.board, self.render_mode)

    def close(self) -> None:
        pass

    def _throw(self) -> None:
        """The chance nodes (Ludo's dice) up to the next player's action (or
        the end), drawn from the board's ``chance_outcomes()``."""
        play_chance(self.board, self.np_random)

    def _agent_to_act(self) -> str:
        """The side to act's agent (after the throws, a game in play has one)."""
        return self._agent_of[self.board.turn]


def env(game: str, render_mode: Optional[str] = None, **options: Any) -> Any:
    """The wrapped environment of any registered game (``yinsh.games``) by
    name, with its options: ``env("ludo", players=2)`` is
    ``ludo_v0.env(players=2)``."""
    return wrap(BoardGameEnv(game, options, render_mode))


class GameModuleEnv(BoardGameEnv):
    """The base of ``raw_env`` in the modules ``yinsh.envs.<game>_v0``,
    PettingZoo's names for a classic game's module: the environment of the
    registered game (``yinsh.games``) that the module is named after, with
    its options as keywords (``yinsh.envs.games.GAMES[game].defaults``). A
    module's ``raw_env`` sets ``metadata = module_metadata(__name__)``.

    >>> class raw_env(GameModuleEnv):
    ...     metadata = module_metadata("yinsh.envs.ludo_v0")
    >>> raw_env.metadata["name"], len(raw_env(players=3).possible_agents)
    ('ludo_v0', 3)
    """

    metadata: dict[str, Any] = {}

    def __init__(self, render_mode: Optional[str] = None, **options: Any) -> None:
        super().__init__(str(self.metadata["name"]).removesuffix("_v0"), options, render_mode)


def module_metadata(module: str) -> dict[str, Any]:
    """The PettingZoo metadata of the module ``yinsh.envs.<game>_v0``."""
    return {"name": module.rpartition(".")[2], "render_modes": RENDER_MODES, "is_parallelizable": False,
            "render_fps": 1}


def module_raw_env(module: str) -> type[GameModuleEnv]:
    """The ``raw_env`` of the module ``yinsh.envs.<game>_v0``: the unwrapped
    environment of the game the module is named after (its keywords are the
    game's options; an illegal action raises ``IllegalMoveError``), written
    once for every game's module."""
    doc = ("The unwrapped environment (see the module): its keywords are the game's options; "
           "an illegal action raises ``IllegalMoveError``.")
    return type("raw_env", (GameModuleEnv,), {"metadata": module_metadata(module), "__module__": module,
                                              "__qualname__": "raw_env", "__doc__": doc})


def module_env(raw_env: type[GameModuleEnv]) -> Callable[..., Any]:
    """A module's ``env``: its ``raw_env(**kwargs)`` in PettingZoo's
    classic-game wrappers (an illegal action ends the game with -1 for the
    mover)."""
    def env(**kwargs: Any) -> Any:
        return wrap(raw_env(**kwargs))

    env.__module__, env.__qualname__ = raw_env.__module__, "env"
    env.__doc__ = ("``raw_env(**kwargs)`` in PettingZoo's classic-game wrappers (an illegal action "
                   "ends the game with -1 for the mover).")
    return env


def wrap(env: BoardGameEnv) -> Any:
    """PettingZoo's classic-game wrappers: an illegal action ends the game
    with -1 for the mover, an out-of-range one is an assertion, and the
    order of calls is enforced."""
    wrapped: Any = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
