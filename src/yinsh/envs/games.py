"""The registered games as one table for the RL interfaces (``yinsh.envs``).

Each ``Game`` is the environments' view of a game of the registry
(``yinsh.games``: its ``GameKind``'s planes, options, seats, returns and
players): it says, in the same shape for every game, how to make
a board from the environment's options, who sits where, what an observation
and a mask are, how the game pays out, and how to draw it. The PettingZoo,
Gymnasium and OpenSpiel modules are written once against it; nothing here
imports those packages.

*Seats* are the players in turn order, numbered from 0: Yinsh White 0,
Black 1; Insert White 0, Red 1; Ludo the colours in play (4 players: Green 0,
Yellow 1, Blue 2, Red 3; 2 players: Green 0, Blue 1).

>>> from yinsh.envs.games import GAMES
>>> game = GAMES["ludo"]
>>> board = game.new_board({"players": 2})
>>> game.seats(board), game.num_actions, game.plane_shape
((<Color.GREEN: 0>, <Color.BLUE: 2>), 63, (17, 58))
>>> game.to_act(board) is None            # a throw is next: the chance player
True
"""
from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional, Sequence

from yinsh import games as _games
from yinsh.game_kind import GameKind

__all__ = ["Game", "GAMES", "get", "of_kind", "seat_names"]

Board = Any  # yinsh.Board, yinsh.insert.Board or yinsh.ludo.Board


@dataclass(frozen=True)
class Game:
    """One game's entry in the table (see the module docstring)."""

    #: ``"yinsh"``, ``"insert"`` or ``"ludo"``.
    name: str
    #: The size of the action space (the library's action ids).
    num_actions: int
    #: The shape of the observation planes.
    plane_shape: tuple[int, ...]
    #: Option names with their defaults (``variant``, ``layout``, ``players``).
    defaults: Mapping[str, Any]
    #: Whether a chance player (Ludo's dice) acts between the players.
    has_chance: bool
    #: ``make_board(options)``: a new board (every option given).
    make_board: Callable[[Mapping[str, Any]], Board]
    #: ``seats(board)``: the colours in turn order.
    seats: Callable[[Board], tuple[Any, ...]]
    #: ``returns(board)``: each seat's return (+1 win, -1 loss, 0 draw or playing;
    #: Ludo by finishing place).
    returns: Callable[[Board], list[float]]
    #: ``action_text(board, action)``: the notation of an action id here.
    action_text: Callable[[Board, int], str]
    #: ``svg(board)``: the library's SVG picture.
    svg: Callable[[Board], str]
    #: ``opponent(name, seed)``: the library's player of that name.
    opponent: Callable[[str, int], Any]
    #: A bound on the number of actions of a game (chance actions included);
    #: Ludo has none in principle (captures send pieces back), so its value is
    #: a bound no game comes near (random games take about 700).
    max_game_length: int
    #: The most seats a game has (the game's ``sides``: Ludo 4, else 2).
    max_players: int = 2
    #: A bound on the chance actions' ids (the part ``rl``'s ``chance_actions``:
    #: Ludo's six throws; 0 without chance).
    max_chance_outcomes: int = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self                         # a constant table: OpenSpiel's clones share it

    def __reduce__(self) -> tuple[Callable[[str], Game], tuple[str]]:
        return _game_named, (self.name,)    # pickled by name (its functions are lambdas)

    def options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The defaults updated with options; ``TypeError`` for an option the
        game does not have (the board checks the values)."""
        unknown = sorted(set(options) - set(self.defaults))
        if unknown:
            raise TypeError(f"{self.name} has no option {unknown[0]!r}; its options: "
                            f"{', '.join(self.defaults)}")
        return {**self.defaults, **options}

    def new_board(self, options: Mapping[str, Any]) -> Board:
        """A new board with these options (``options``)."""
        return self.make_board(self.options(options))

    def to_act(self, board: Board) -> Optional[int]:
        """The seat to act, or None at a chance node or once the game is over."""
        if board.is_game_over() or board.is_chance():
            return None
        seat: int = self.seats(board).index(board.turn)
        return seat

    @staticmethod
    def push(board: Board, action: object) -> None:
        """Plays the action id (``operator.index``: a float is a ``TypeError``);
        the library's errors (``IllegalMoveError``, ...) leave the board unchanged."""
        board.push_action(operator.index(action))  # type: ignore[arg-type]


def _opponent(kind: GameKind) -> Callable[[str, int], Any]:
    """The game's players by name (its players module's ``by_name``), plus
    ``"engine"``: ``yinsh.Engine`` at 1000 nodes a move (the MCTS for games
    with dice or more than two players, ``GameKind.algorithm``)."""
    def make(name: str, seed: int) -> Any:
        if name == "engine":
            from yinsh.engine.api import Engine
            return Engine(hash_mb=16, algorithm="mcts" if kind.has_chance else "alphabeta", nodes=1000)
        return kind.players.by_name(name, seed)
    return make


def of_kind(kind: GameKind) -> Game:
    """The environments' view of a registered game (``yinsh.games``)."""
    rl = kind.part("rl")
    return Game(
        name=kind.name, num_actions=kind.num_actions, plane_shape=tuple(kind.plane_shape),
        defaults=kind.options.defaults, has_chance=kind.has_chance,
        make_board=kind.new_board, seats=rl.seats, returns=rl.returns,
        action_text=rl.action_text, svg=lambda board: str(kind.svg.board(board)),
        opponent=_opponent(kind), max_game_length=kind.max_game_length,
        max_players=len(kind.sides), max_chance_outcomes=rl.chance_actions)


#: The games by name: every registered game (``yinsh.games``).
GAMES: Mapping[str, Game] = _games.GameView(of_kind)


def get(name: str) -> Game:
    """The game of a name (``ValueError`` for an unknown one)."""
    return GAMES[_games.get(name).name]


def _game_named(name: str) -> Game:
    return GAMES[name]


def seat_names(n: int) -> Sequence[str]:
    """PettingZoo's agent names of n seats: ``player_0``, ``player_1``, ...

    >>> seat_names(2)
    ['player_0', 'player_1']
    """
    return [f"player_{i}" for i in range(n)]

