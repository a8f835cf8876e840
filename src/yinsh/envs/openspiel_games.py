"""The registered games as OpenSpiel Python games (docs/rl.md).

Importing this module registers, with ``pyspiel.register_game``, every game
registered then (``yinsh.games``) as ``python_<name>`` with its options as
parameters: ``python_yinsh`` (parameter ``variant``), ``python_insert``
(``layout``) and ``python_ludo`` (``players``, ``variant``), OpenSpiel's
naming for games written in Python; the classes are ``game_class(name)``
(``YinshGame``, ``InsertGame``, ``LudoGame``). Then
``pyspiel.load_game("python_ludo(players=2)")`` gives a game that
OpenSpiel's algorithms (MCTS, evaluation, ...) play.

- Sequential, perfect information, zero-sum, terminal rewards; players are
  the seats in turn order (``yinsh.envs.games``), actions the library's ids.
- Ludo: chance mode *explicit stochastic*: a throw phase is the chance player
  with the six throws ``r1`` .. ``r6`` (ids 0..5), 1/6 each, as the board's
  ``is_chance()`` and ``chance_outcomes()`` give them; returns by finishing
  place. Yinsh and Insert are deterministic.
- The observation tensor is the library's planes from the player's view
  (``observation_tensor_shape()`` is the planes' shape); the observation
  string is the text diagram.
- ``max_game_length``: Yinsh 174 and Insert 30 are bounds; Ludo has none
  (captures send pieces back), so 100000 stands for one.

>>> import pyspiel
>>> from yinsh.envs import openspiel_games
>>> game = pyspiel.load_game("python_ludo(players=2)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()[:2]
(True, [(0, 0.16666666666666666), (1, 0.16666666666666666)])
>>> state.apply_action(5)                        # r6
>>> state.apply_action(2)                        # r3
>>> state.current_player(), state.legal_actions(), state.action_to_string(0, 6)
(0, [6], 's-3')
"""
from __future__ import annotations

from typing import Any, Optional

import numpy as np

from yinsh.envs import require

require(__name__, "pyspiel")

import pyspiel  # noqa: E402  (after the check of the extra)

from yinsh.envs.games import GAMES, Game

__all__ = ["BoardGame", "BoardState", "PlanesObserver", "game_class", "GAME_TYPES"]


def _game_type(game: Game) -> Any:
    return pyspiel.GameType(
        short_name=f"python_{game.name}",
        long_name=f"Python {game.name.capitalize()} (yinsh)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if game.has_chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(game.defaults))


#: The registered game types by game name.
GAME_TYPES = {name: _game_type(game) for name, game in GAMES.items()}


class BoardGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no types
    """An OpenSpiel game of the table's ``game`` with its parameters."""

    def __init__(self, game: Game, params: Optional[dict[str, Any]] = None) -> None:
        options = game.options(params or {})
        board = game.new_board(options)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=game.max_chance_outcomes,
            num_players=len(game.seats(board)),
            min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=game.max_game_length)
        super().__init__(GAME_TYPES[game.name], info, options)
        self.game = game
        self.options = options

    def new_initial_state(self) -> "BoardState":
        return BoardState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "PlanesObserver":
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return PlanesObserver(self.game)


class BoardState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no types
    """A state: the library's board (``board``) of the game."""

    def __init__(self, game: BoardGame) -> None:
        super().__init__(game)
        # OpenSpiel clones a state by deep copies of these attributes: the
        # board is copied in C with its move stack, the table is shared.
        self.game = game.game
        self.board = game.game.new_board(game.options)

    def current_player(self) -> int:
        if self.board.is_game_over():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.game.to_act(self.board)
        return int(pyspiel.PlayerId.CHANCE) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return [int(a) for a in np.flatnonzero(self.board.legal_action_mask())]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(int(a), float(p)) for a, p in self.board.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        self.game.push(self.board, action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.game.action_text(self.board, action)

    def is_terminal(self) -> bool:
        result: bool = self.board.is_game_over()
        return result

    def returns(self) -> list[float]:
        return self.game.returns(self.board)

    def __str__(self) -> str:
        return str(self.board)


class PlanesObserver:
    """OpenSpiel's Python observer: ``tensor`` (flat float32) and ``dict``
    (``{"observation": the planes}``, a view of it) of the library's planes
    from the player's view."""

    def __init__(self, game: Game) -> None:
        self.tensor = np.zeros(int(np.prod(game.plane_shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(game.plane_shape)}

    def set_from(self, state: BoardState, player: int) -> None:
        color = state.game.seats(state.board)[player]
        state.board.planes(self.dict["observation"], color.name.lower())

    def string_from(self, state: BoardState, player: int) -> str:
        return str(state.board)


_CLASSES: dict[str, type[BoardGame]] = {}


def game_class(name: str) -> type[BoardGame]:
    """The OpenSpiel game class of a registered game (``python_<name>``; its
    name is the game's capitalised and ``Game``: ``LudoGame``), made once:
    ``BoardGame`` of that game, called with the parameters alone.

    >>> game_class("insert")({"layout": 9}).options
    {'layout': 9}
    """
    made = _CLASSES.get(name)
    if made is None:
        game = GAMES[name]

        class NamedGame(BoardGame):
            def __init__(self, params: Optional[dict[str, Any]] = None) -> None:
                super().__init__(game, params)

        NamedGame.__name__ = NamedGame.__qualname__ = f"{name.capitalize()}Game"
        NamedGame.__doc__ = f"``python_{name}``: the game {name!r} (parameters: {', '.join(game.defaults)})."
        made = _CLASSES[name] = NamedGame
    return made


def __getattr__(attribute: str) -> Any:
    """A registered game's class by its name (``YinshGame``, ``InsertGame``,
    ``LudoGame``: ``game_class``)."""
    name = attribute.removesuffix("Game").lower()
    if f"{name.capitalize()}Game" == attribute and name in GAMES:
        return game_class(name)
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")


for _name, _type in GAME_TYPES.items():
    if _type.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_type, game_class(_name))
