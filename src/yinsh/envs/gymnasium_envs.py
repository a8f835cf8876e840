"""Gymnasium single-agent environments: the agent plays one seat, a fixed
opponent policy plays all the others (docs/rl.md).

The ids ``yinsh/Yinsh-v0``, ``yinsh/Insert-v0`` and ``yinsh/Ludo-v0``
(Gymnasium's ``namespace/Name-vN`` form: the namespace is the package), one
for every registered game, name the classes ``YinshEnv``, ``InsertEnv``,
``LudoEnv`` (``env_class``: a ``BoardGameEnv`` of the game, its options as
keywords) and are registered by ``yinsh.envs.registration.register_envs``:
the package's ``gymnasium.envs`` entry point (Gymnasium 0.26 to 0.29 call
it on ``import gymnasium``, so ``gymnasium.make("yinsh/Insert-v0")`` needs
no import), and importing this module, which ``gymnasium.make`` does itself with
``gymnasium.make("yinsh.envs.gymnasium_envs:yinsh/Yinsh-v0")`` (the way on
Gymnasium 1.0 and later, which load no entry points).

- Observation ``{"observation": planes, "action_mask": int8 mask}`` of the
  agent's seat (as the PettingZoo environments), action the library's id.
- ``opponent``: ``"random"``, ``"greedy"`` (Yinsh, Insert), ``"heuristic"``
  or ``"mcts"`` (Ludo), ``"engine"`` (``yinsh.Engine`` at 1000 nodes a move;
  MCTS for Ludo), or any object with the library players' ``best_move(board)``
  (a ``yinsh.Engine(depth=3)``, say). Named players are seeded from the
  environment's generator at every ``reset``.
- ``seat``: the agent's seat in turn order (0 moves first).
- Reward at the end: +1 / -1 / 0, Ludo by finishing place; an illegal action
  ends the episode with -1 (``info["illegal_action"]`` is True,
  ``info["error"]`` the library's reason) and leaves the board as it was. Episodes always end (``terminated``); nothing truncates.
- Ludo's dice are thrown by the environment's generator, drawn from the
  board's ``chance_outcomes()`` (``yinsh.envs.chance``).

>>> import gymnasium
>>> from yinsh.envs import gymnasium_envs
>>> env = gymnasium.make("yinsh/Insert-v0", opponent="greedy")
>>> observation, info = env.reset(seed=0)
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((10, 6, 6), 36)
>>> observation, reward, terminated, truncated, info = env.step(14)      # c3
>>> int(observation["action_mask"].sum()) < 36, reward, terminated
(True, 0.0, False)
"""
from __future__ import annotations

from typing import Any, Optional, SupportsFloat, Union

import numpy as np

from yinsh.envs import require

require(__name__, "gymnasium")

import gymnasium  # noqa: E402  (after the check of the extra)
from gymnasium import spaces

from yinsh.envs.chance import play_chance
from yinsh.envs.games import GAMES, Game, get
from yinsh.envs.registration import class_name, env_id, register_envs
from yinsh.envs.spaces import RENDER_MODES, check_render_mode, observation, observation_space, render

__all__ = ["BoardGameEnv", "env_class"]

Observation = dict[str, Any]


class BoardGameEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a game against ``opponent`` (the module docstring).
    ``board`` is the live board (read it, do not change it)."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 1}

    def __init__(self, game: Union[Game, str], opponent: Any = "random", seat: int = 0,
                 render_mode: Optional[str] = None, **options: Any) -> None:
        check_render_mode(render_mode)
        if isinstance(game, str):                   # a registered game's name (yinsh.games)
            game = get(game)
        if not (isinstance(opponent, str) or callable(getattr(opponent, "best_move", None))):
            raise TypeError("opponent must be a player name or have best_move(board), "
                            f"not {type(opponent).__name__}")
        self.game = game
        self.render_mode = render_mode
        self._options = game.options(options)
        self.board = game.new_board(self._options)
        self._colors = game.seats(self.board)
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat must be an int, not {type(seat).__name__}")
        if not 0 <= seat < len(self._colors):
            raise ValueError(f"seat must be in 0..{len(self._colors) - 1}, not {seat}")
        if isinstance(opponent, str):
            game.opponent(opponent, 0)                  # a bad name fails here
        self.seat = seat
        self._opponent_spec = opponent
        self._opponent: Any = None
        self._perspective = self._colors[seat].name.lower()
        self.observation_space = observation_space(game)
        self.action_space = spaces.Discrete(game.num_actions)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
              ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.board = self.game.new_board(self._options)
        spec = self._opponent_spec
        self._opponent = (self.game.opponent(spec, int(self.np_random.integers(2**31)))
                          if isinstance(spec, str) else spec)
        self._play_others()
        return self._observation(), {}

    def step(self, action: Union[int, np.integer[Any]]
             ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._opponent is None or self.board.is_game_over():
            raise RuntimeError("step() before reset() or after the episode ended: call reset()")
        try:
            self.game.push(self.board, action)
        except ValueError as exc:           # the library's errors: the board is unchanged
            return self._observation(), -1.0, True, False, {"illegal_action": True, "error": str(exc)}
        self._play_others()
        over = self.board.is_game_over()
        reward = self.game.returns(self.board)[self.seat] if over else 0.0
        return self._observation(), reward, over, False, {}

    def render(self) -> Any:
        """The text diagram (``"ansi"``) or the picture as ``uint8``
        ``(height, width, 3)`` (``"rgb_array"``); None without a render mode."""
        return render(self.game, self.board, self.render_mode)

    def _observation(self) -> Observation:
        return observation(self.game, self.board, self._perspective, not self.board.is_game_over())

    def _play_others(self) -> None:
        """Throws (Ludo) and the opponent's moves up to the agent's turn or the end."""
        board, game = self.board, self.game
        while True:
            if play_chance(board, self.np_random):       # the chance nodes (Ludo's dice)
                continue
            seat = game.to_act(board)
            if seat is None or seat == self.seat:
                return
            board.push(self._opponent.best_move(board))


_CLASSES: dict[str, type[BoardGameEnv]] = {}


def env_class(name: str) -> type[BoardGameEnv]:
    """The class of a registered game's id (``registration.class_name``:
    ``LudoEnv``), made once: ``BoardGameEnv`` of that game, with ``opponent``,
    ``seat``, ``render_mode`` and the game's options as keywords
    (``LudoEnv(players=2)``; ``ValueError`` for an unknown game).

    >>> env_class("ludo")(players=2, seat=1).seat
    1
    """
    made = _CLASSES.get(name)
    if made is None:
        get(name)                                   # an unknown name fails here

        class GameEnv(BoardGameEnv):
            def __init__(self, opponent: Any = "random", seat: int = 0,
                         render_mode: Optional[str] = None, **options: Any) -> None:
                super().__init__(name, opponent, seat, render_mode, **options)

        GameEnv.__name__ = GameEnv.__qualname__ = class_name(name)
        GameEnv.__doc__ = (f"The registered game {name!r} against ``opponent``; its options "
                           f"(``yinsh.envs.games.GAMES[{name!r}].defaults``) as keywords.")
        made = _CLASSES[name] = GameEnv
    return made


def __getattr__(attribute: str) -> Any:
    """A registered game's class by its name (``YinshEnv``, ``InsertEnv``,
    ``LudoEnv``: ``env_class``), and ``ENV_IDS``, the ids of the registered
    games and their classes."""
    if attribute == "ENV_IDS":
        return {env_id(name): env_class(name) for name in GAMES}
    name = attribute.removesuffix("Env").lower()
    if class_name(name) == attribute and name in GAMES:
        return env_class(name)
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")


register_envs()
