"""The three games as one table for the RL interfaces (``yinsh.envs``).

Each ``Game`` says, in the same shape for Yinsh, Insert and Ludo, how to make
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

import yinsh
from yinsh import insert, ludo
from yinsh.engine.api import Engine
from yinsh.insert.actions import NUM_ACTIONS as INSERT_ACTIONS
from yinsh.insert.actions import action_to_move as insert_action
from yinsh.insert.board import Board as InsertBoard

__all__ = ["Game", "GAMES", "YINSH", "INSERT", "LUDO", "seat_names"]

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
        if board.is_game_over() or (self.has_chance and board.is_chance()):
            return None
        seat: int = self.seats(board).index(board.turn)
        return seat

    @staticmethod
    def push(board: Board, action: object) -> None:
        """Plays the action id (``operator.index``: a float is a ``TypeError``);
        the library's errors (``IllegalMoveError``, ...) leave the board unchanged."""
        board.push_action(operator.index(action))  # type: ignore[arg-type]


def _two_player_returns(board: Board) -> list[float]:
    result = board.result()
    return [1.0, -1.0] if result == "1-0" else [-1.0, 1.0] if result == "0-1" else [0.0, 0.0]


def _ludo_returns(board: Board) -> list[float]:
    returns = board.returns()
    return [returns[c] for c in board.players]


def _opponent(by_name: Callable[[str, int], Any], algorithm: str) -> Callable[[str, int], Any]:
    """The players' ``by_name``, plus ``"engine"``: ``yinsh.Engine`` at 1000 nodes a move."""
    def make(name: str, seed: int) -> Any:
        if name == "engine":
            return Engine(hash_mb=16, algorithm=algorithm, nodes=1000)
        return by_name(name, seed)
    return make


def _ludo_action_text(board: Board, action: int) -> str:
    try:
        return str(board.action_to_move(action))
    except ValueError:                      # not an action of this position
        return f"action {action}"


_YINSH_SEATS = (yinsh.WHITE, yinsh.BLACK)
_INSERT_SEATS = (insert.WHITE, insert.RED)

#: Yinsh, whose games last at most 174 actions: every ring move lays a marker from the
#: pool of 51, and each of the at most 2 * 3 - 1 = 5 ring removals (each after a row)
#: puts 5 back, so at most 76 ring moves; a pass is followed by a ring move or ends the
#: game, so at most 78 passes; with the 10 placements and the 10 removals, 174 actions.
YINSH = Game(
    name="yinsh", num_actions=yinsh.NUM_ACTIONS, plane_shape=(17, 11, 11),
    defaults={"variant": "standard"}, has_chance=False,
    make_board=lambda options: yinsh.Board(variant=options["variant"]),
    seats=lambda board: _YINSH_SEATS, returns=_two_player_returns,
    action_text=lambda board, action: str(yinsh.action_to_move(action)), svg=yinsh.svg.board,
    opponent=_opponent(yinsh.players.by_name, "alphabeta"), max_game_length=174)
#: Insert: one ring a turn, and the game ends when the 30th is down.
INSERT = Game(
    name="insert", num_actions=INSERT_ACTIONS, plane_shape=(10, 6, 6),
    defaults={"layout": 0}, has_chance=False,
    make_board=lambda options: InsertBoard(layout=options["layout"]),
    seats=lambda board: _INSERT_SEATS, returns=_two_player_returns,
    action_text=lambda board, action: str(insert_action(action)), svg=insert.svg.board,
    opponent=_opponent(insert.players.by_name, "alphabeta"), max_game_length=30)
#: Ludo, 2 to 4 players, with the chance of its dice.
LUDO = Game(
    name="ludo", num_actions=ludo.NUM_ACTIONS, plane_shape=(ludo.NUM_PLANES, 58),
    defaults={"players": 4, "variant": "standard"}, has_chance=True,
    make_board=lambda options: ludo.Board(players=options["players"], variant=options["variant"]),
    seats=lambda board: tuple(board.players), returns=_ludo_returns,
    action_text=_ludo_action_text, svg=ludo.svg.board,
    opponent=_opponent(ludo.players.by_name, "mcts"), max_game_length=100_000)

#: The games by name.
GAMES: dict[str, Game] = {game.name: game for game in (YINSH, INSERT, LUDO)}


def _game_named(name: str) -> Game:
    return GAMES[name]


def seat_names(n: int) -> Sequence[str]:
    """PettingZoo's agent names of n seats: ``player_0``, ``player_1``, ...

    >>> seat_names(2)
    ['player_0', 'player_1']
    """
    return [f"player_{i}" for i in range(n)]
