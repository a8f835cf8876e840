"""The dice race as a board of the board protocol (``yinsh.protocol``):
a move stack over the immutable ``Position``, notation, position strings,
records, pictures and the machine-learning interface, so that the race is a
complete game of the library once it is registered (``yinsh.games``;
``yinsh.toys.dice.game``; docs/architecture.md, "Adding a game").

Notation: ``step`` and ``gamble``, and the die's outcomes ``r0``, ``r1``,
``r3`` (the counter moves on by 0, 1 or 3). Action ids: ``step`` 0,
``gamble`` 1, ``rN`` 10 + N (``NUM_ACTIONS`` = 14). A position string is
the counters, the player to act, ``d`` when the die is to be thrown (else
``-``) and the target: ``"7/9 0 - 10"``.

>>> board = Board("7/9 0 - 10")
>>> _ = board.push_str("gamble"); board.is_chance(), board.phase
(True, <Phase.THROW: 'throw'>)
>>> _ = board.push_str("r3"); board.result(), board.outcome().returns
('R', (1.0, -1.0))
>>> Board(board.position()) == board.copy(stack=False), board.position()
(True, '10/9 0 - 10')
"""
from __future__ import annotations

import enum
import random
from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt

from yinsh.outcomes import OrderOutcome
from yinsh.errors import IllegalMoveError, InvalidActionError, InvalidMoveError, InvalidPositionError
from yinsh.toys.dice import GAMBLE, OUTCOMES, STEP, Move, Position

__all__ = ["Board", "Move", "Color", "Phase", "Termination", "Outcome", "NUM_ACTIONS", "NUM_PLANES",
           "perft", "divide", "action_to_move"]

#: The action ids are 0..NUM_ACTIONS - 1 (step 0, gamble 1, the outcomes 10 + steps).
NUM_ACTIONS = 14
#: The observation planes: one row per player (own first), counter one-hot
#: over 0..target + 3, then the chance flag as a full row.
NUM_PLANES = 5
_WIDTH = 104                                   # target 100 + the largest throw


class Color(enum.IntEnum):
    """The players, in turn order (``Board(players=n)`` takes the first n)."""

    RED = 0
    BLUE = 1
    GREEN = 2
    YELLOW = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @property
    def letter(self) -> str:
        """The colour in results: ``R``, ``B``, ``G``, ``Y``."""
        return self.name[0]

    def other(self) -> Color:
        """The opponent in a race of two (red and blue)."""
        if self > 1:
            raise ValueError(f"{self.label} plays in races of three or four: it has no one other")
        return Color(1 - self)

    @classmethod
    def of(cls, value: object) -> Color:
        """The colour of a Color, a number 0..3, a name or a letter
        (``"blue"``, ``"B"``); ``ValueError`` for another value."""
        for c in cls:
            if value is c or (isinstance(value, int) and not isinstance(value, bool) and value == c) \
                    or (isinstance(value, str) and value.lower() in (c.label, c.letter.lower())):
                return c
        raise ValueError(f"not a colour of the dice race: {value!r} (red, blue, green, yellow)")

    def __str__(self) -> str:
        return self.label


class Phase(str, enum.Enum):
    """What comes next: a player chooses (step or gamble), the die is thrown, or nothing."""

    CHOOSE = "choose"
    THROW = "throw"
    GAME_OVER = "game_over"


class Termination(str, enum.Enum):
    """Why a race ended: a counter reached the target."""

    TARGET = "target"


class LegalMoves(tuple[Move, ...]):
    """The legal actions of a position, as the other games' views:
    ``count()`` is their number."""

    def count(self, *move: Any) -> int:
        return super().count(*move) if move else len(self)


class Outcome(OrderOutcome[Termination, Color]):
    """How a race ended (``yinsh.outcomes.OrderOutcome``): the winner alone
    in ``order``, each player's return (the winner 1, the others share -1)."""


def _parse(text: str) -> Position:
    if not isinstance(text, str):
        raise TypeError(f"expected str, not {type(text).__name__}: a position string")
    parts = text.split(" ")
    bad = f"invalid position {text[:60]!r}"
    if len(parts) != 4 or parts[2] not in ("d", "-"):
        raise InvalidPositionError(f"{bad}: expected 'COUNTERS TURN d|- TARGET', e.g. '7/9 0 - 10'")
    try:
        counters = tuple(int(c) for c in parts[0].split("/"))
        turn, target = int(parts[1]), int(parts[3])
        if any(len(c) > 3 or not c.isdigit() for c in parts[0].split("/") + parts[1:2] + parts[3:]):
            raise ValueError("numbers of 1 to 3 digits")
        position = Position(counters, turn, parts[2] == "d", target)
    except ValueError as exc:
        raise InvalidPositionError(f"{bad}: {exc}") from None
    if position.chance and position.winner() is not None:
        raise InvalidPositionError(f"{bad}: the die is thrown in a finished race")
    return position


class Board:
    """A dice race of ``players`` (2-4) to ``target`` (1..100), or the
    position of a position string."""

    def __init__(self, position: Optional[str] = None, *, players: int = 2, target: int = 10) -> None:
        if position is not None:
            self._start = _parse(position)
        else:
            for name, value in (("players", players), ("target", target)):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise TypeError(f"{name} must be an int, not {type(value).__name__}")
            if not 2 <= players <= 4 or not 1 <= target <= 100:
                raise ValueError(f"a race has 2 to 4 players and a target of 1 to 100, not "
                                 f"{players} and {target}")
            self._start = Position((0,) * players, 0, False, target)
        self._states = [self._start]
        self._stack: list[Move] = []

    # State ------------------------------------------------------------------------

    @property
    def state(self) -> Position:
        """The current ``Position`` (what the compiled hooks load)."""
        return self._states[-1]

    @property
    def turn(self) -> Color:
        """The player to act (at a throw: the player who gambled)."""
        return Color(self.state.turn)

    @property
    def players(self) -> list[Color]:
        return [Color(i) for i in range(len(self.state.positions))]

    @property
    def target(self) -> int:
        return self.state.target

    @property
    def ply(self) -> int:
        return len(self._stack)

    @property
    def phase(self) -> Phase:
        if self.state.winner() is not None:
            return Phase.GAME_OVER
        return Phase.THROW if self.state.chance else Phase.CHOOSE

    def is_chance(self) -> bool:
        """Whether the die is thrown next."""
        return self.state.is_chance()

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """The die's outcomes and their probabilities (none outside a throw)."""
        return [(Move(a), p) for a, p in self.state.outcomes()]

    def counter(self, color: int) -> int:
        return self.state.positions[color]

    # Actions ----------------------------------------------------------------------

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal actions (``len``, ``in``, iteration, ``count()``)."""
        return LegalMoves(Move(a) for a in self.state.legal_actions().tolist())

    def legal_actions(self) -> npt.NDArray[np.int64]:
        return np.array(self.state.legal_actions(), np.int64)

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        mask = np.zeros(NUM_ACTIONS, np.bool_)
        mask[self.state.legal_actions()] = True
        return mask

    def action_to_move(self, action: int) -> Move:
        return Move(action)

    def push(self, move: Move) -> None:
        """Plays move (``IllegalMoveError`` if the position does not allow it)."""
        if isinstance(move, str):
            raise TypeError(f"expected a Move, not str: {move!r} (push_str reads text)")
        if not isinstance(move, int) or isinstance(move, bool):
            raise TypeError(f"expected a Move, not {type(move).__name__}")
        move = Move(move)
        if move not in self.state.legal_actions():
            why = ("the race is over" if self.state.winner() is not None
                   else "the die is to be thrown" if self.state.chance else "no die is thrown now")
            raise IllegalMoveError(f"illegal move {move}: {why}")
        self._states.append(self.state.apply(int(move)))
        self._stack.append(move)

    def push_action(self, action: int) -> None:
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"expected int, not {type(action).__name__}: an action id")
        if not 0 <= int(action) < NUM_ACTIONS:
            raise InvalidActionError(f"invalid action {action}: out of range (0..{NUM_ACTIONS - 1})")
        try:
            move = Move(int(action))
        except InvalidActionError:
            raise IllegalMoveError(f"illegal action {action}: no action has this id") from None
        try:
            self.push(move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"illegal action {action} ({move}):"
                                   + str(exc).partition(":")[2]) from None

    def parse_move(self, text: str) -> Move:
        move = Move.from_str(text)
        if move not in self.state.legal_actions():
            self.push(move)                        # raises, saying why
        return move

    def push_str(self, text: str) -> Move:
        move = self.parse_move(text)
        self.push(move)
        return move

    def throw(self, rng: Any = None) -> Move:
        """Throws the die (``IllegalMoveError`` outside a throw): pushes an
        outcome drawn with rng (``random.Random``, a numpy ``Generator`` or
        None) and returns it."""
        if not self.state.chance:
            self.push(Move(10))                    # raises, saying why
        u = (rng if rng is not None else random).random()
        for move, p in self.chance_outcomes():
            u -= p
            if u < 0:
                break
        self.push(move)
        return move

    def pop(self) -> Move:
        if not self._stack:
            raise IndexError("pop from an empty move stack")
        self._states.pop()
        return self._stack.pop()

    def peek(self) -> Move:
        if not self._stack:
            raise IndexError("peek at an empty move stack")
        return self._stack[-1]

    @property
    def move_stack(self) -> list[Move]:
        return list(self._stack)

    def copy(self, stack: bool = True) -> Board:
        board = Board.__new__(Board)
        board._start = self._start if stack else self.state
        board._states = list(self._states) if stack else [self.state]
        board._stack = list(self._stack) if stack else []
        return board

    # The end ----------------------------------------------------------------------

    def is_game_over(self) -> bool:
        return self.state.winner() is not None

    def outcome(self) -> Optional[Outcome]:
        winner = self.state.winner()
        if winner is None:
            return None
        return Outcome(Termination.TARGET, (Color(winner),), tuple(self.state.returns()))

    def result(self) -> str:
        """``*`` in play, else the winner's letter (``R``, ``B``, ``G``, ``Y``)."""
        outcome = self.outcome()
        return "*" if outcome is None else outcome.result()

    # Text, pictures, planes ---------------------------------------------------------

    def position(self) -> str:
        s = self.state
        return f"{'/'.join(map(str, s.positions))} {s.turn} {'d' if s.chance else '-'} {s.target}"

    def zobrist_hash(self) -> int:
        """A 64-bit hash of the position (FNV-1a over the position string)."""
        h = 0xCBF29CE484222325
        for byte in self.position().encode():
            h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        return h

    def status(self) -> str:
        if self.is_game_over():
            return f"{self.result()}: {self.outcome().winner.label} reached {self.target}"  # type: ignore[union-attr]
        return f"{self.turn.label} to {'throw the die' if self.is_chance() else 'step or gamble'}"

    def _diagram(self, unicode: bool) -> str:
        mark = "●" if unicode else "#"
        rows = [f"{c.letter} {'>' if c == self.turn and not self.is_game_over() else ' '} "
                f"{self.counter(c):3d} {mark * min(self.counter(c), self.target)}"
                f"{'.' * max(0, self.target - self.counter(c))}|" for c in self.players]
        return "\n".join(rows + [self.status()])

    def __str__(self) -> str:
        return self._diagram(False)

    def unicode(self) -> str:
        return self._diagram(True)

    def _repr_svg_(self) -> str:
        from yinsh.toys.dice import svg
        return svg.board(self)

    def __repr__(self) -> str:
        return f"yinsh.toys.dice.Board({self.position()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.state == other.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (self._start, self._stack)

    def planes(self, out: Optional[npt.NDArray[np.float32]] = None,
               perspective: Union[str, int, None] = "side_to_act") -> npt.NDArray[np.float32]:
        """``(NUM_PLANES, 104)`` float32: row k the counter (one-hot) of the
        k-th player from the perspective's player on (rows of absent players
        zero), row 4 all ones when the die is to be thrown."""
        if out is None:
            out = np.zeros((NUM_PLANES, _WIDTH), np.float32)
        else:
            out[...] = 0
        if perspective in (None, "side_to_act"):
            me = self.state.turn
        elif isinstance(perspective, str):
            me = Color[perspective.upper()].value
        else:
            me = int(perspective)
        n = len(self.state.positions)
        for k in range(n):
            out[k, min(self.state.positions[(me + k) % n], _WIDTH - 1)] = 1.0
        if self.state.chance:
            out[4, :] = 1.0
        return out


def action_to_move(action: int) -> Move:
    """The action of an id (``InvalidActionError`` for an id out of range)."""
    if isinstance(action, bool) or not isinstance(action, int):
        raise TypeError(f"expected an int, not {type(action).__name__}")
    if not 0 <= action < NUM_ACTIONS:
        raise InvalidActionError(f"invalid action {action}: out of range (0..{NUM_ACTIONS - 1})")
    return Move(action)


def _rebuild(start: Position, stack: list[Move]) -> Board:
    board = Board.__new__(Board)
    board._start, board._states, board._stack = start, [start], []
    for move in stack:
        board.push(move)
    return board


def perft(board: Board, depth: int) -> int:
    """The leaves of the action tree of depth plies (chance outcomes count
    as actions).

    >>> perft(Board(), 3)
    11
    """
    if depth == 0:
        return 1
    moves = board.legal_moves
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def divide(board: Board, depth: int) -> dict[str, int]:
    """perft below each first action, by its text."""
    out: dict[str, int] = {}
    for move in board.legal_moves:
        board.push(move)
        out[str(move)] = perft(board, depth - 1)
        board.pop()
    return out
