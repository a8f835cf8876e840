"""Dice race: a toy game with dice and 2 to 4 players, for the tests of the
engine layer (chance nodes, per-player results) and the smallest complete
example of a game on it (``_hooks.pxd`` beside this file).

Each player has a counter, starting at 0; the first to reach ``target`` wins
(the others lose). The player to act either steps (action ``STEP``: +1) or
gambles (``GAMBLE``); after a gamble the chance actor throws a die whose
outcomes are actions 10 (+0, probability 1/2), 11 (+1, 1/4) and 13 (+3,
1/4), and the counter moves on by that much. Then the next player acts.

Actions are ``Move``s, ints with a notation (``step``, ``gamble``, ``r0``,
``r1``, ``r3``; ``yinsh.toys.dice.board`` makes the race a board of the
protocol).

>>> p = Position((7, 9))
>>> p.legal_actions().tolist(), p.apply(GAMBLE).outcomes()
([0, 1], [(10, 0.5), (11, 0.25), (13, 0.25)])
>>> p.apply(GAMBLE).apply(13).winner()
0
>>> p.is_chance(), p.apply(GAMBLE).chance_outcomes()
(False, [(10, 0.5), (11, 0.25), (13, 0.25)])
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np
import numpy.typing as npt

from yinsh.errors import InvalidActionError, InvalidMoveError

class Move(int):
    """An action: an ``int`` (its id) whose text is its notation.

    >>> Move.from_str("gamble"), str(Move(13)), Move(13) == 13
    (yinsh.toys.dice.Move.from_str('gamble'), 'r3', True)
    """

    __slots__ = ()

    def __new__(cls, action: int) -> Move:
        if isinstance(action, bool) or not isinstance(action, int):
            raise TypeError(f"expected int, not {type(action).__name__}: an action id")
        if action not in (0, 1, 10, 11, 13):
            raise InvalidActionError(f"invalid action {action}: not an action of the dice race "
                                     f"(0, 1, 10, 11, 13)")
        return super().__new__(cls, action)

    @classmethod
    def from_str(cls, text: str) -> Move:
        if not isinstance(text, str):
            raise TypeError(f"expected str, not {type(text).__name__}: {text!r}")
        names = {"step": STEP, "gamble": GAMBLE, **{f"r{OUTCOMES[a][0]}": a for a in OUTCOMES}}
        if text not in names:
            raise InvalidMoveError(f"invalid move {text[:40]!r}: step, gamble, r0, r1 or r3")
        return cls(names[text])

    def __str__(self) -> str:
        if self == STEP:
            return "step"
        if self == GAMBLE:
            return "gamble"
        return f"r{OUTCOMES[int(self)][0]}"

    def __repr__(self) -> str:
        return f"yinsh.toys.dice.Move.from_str({str(self)!r})"   # pastes back, as every game's

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return Move, (int(self),)


STEP = Move(0)
GAMBLE = Move(1)
OUTCOMES = {10: (0, 0.5), 11: (1, 0.25), 13: (3, 0.25)}
"""Chance outcome action -> (steps, probability)."""

ACTOR_CHANCE = -1
ACTOR_TERMINAL = -2


@dataclass(frozen=True)
class Position:
    """A state of the race: each player's counter, the player to act, whether
    the die is to be thrown (after a gamble of ``turn``), the target. This
    is the pure-Python statement of the rules; the compiled hooks implement
    the same."""

    positions: tuple[int, ...] = (0, 0)
    turn: int = 0
    chance: bool = False
    target: int = 10

    def __post_init__(self) -> None:
        if not 2 <= len(self.positions) <= 4:
            raise ValueError("2 to 4 players")
        if not 1 <= self.target <= 100 or not 0 <= self.turn < len(self.positions):
            raise ValueError("bad target or turn")
        if any(not 0 <= p <= self.target + 3 for p in self.positions):
            raise ValueError("bad counter")
        if sum(p >= self.target for p in self.positions) > 1:
            raise ValueError("two winners")

    def winner(self) -> Optional[int]:
        for i, p in enumerate(self.positions):
            if p >= self.target:
                return i
        return None

    def actor(self) -> int:
        if self.winner() is not None:
            return ACTOR_TERMINAL
        return ACTOR_CHANCE if self.chance else self.turn

    def legal_actions(self) -> npt.NDArray[np.int64]:
        """The legal action ids, ascending: an int64 array, as every game's."""
        return np.array(self._legal(), dtype=np.int64)

    def _legal(self) -> list[int]:
        if self.winner() is not None:
            return []
        return sorted(OUTCOMES) if self.chance else [STEP, GAMBLE]

    def outcomes(self) -> list[tuple[int, float]]:
        return [(a, OUTCOMES[a][1]) for a in sorted(OUTCOMES)] if self.chance else []

    def is_chance(self) -> bool:
        """Whether the die is to be thrown (the board protocol's member)."""
        return self.chance and self.winner() is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The die's outcomes as ``(action, probability)`` pairs (the board
        protocol's member, as OpenSpiel's): empty unless ``is_chance()``."""
        return self.outcomes() if self.is_chance() else []

    def apply(self, action: int) -> "Position":
        if action not in self._legal():
            raise ValueError(f"illegal action {action}")
        if action == GAMBLE:
            return Position(self.positions, self.turn, True, self.target)
        steps = 1 if action == STEP else OUTCOMES[action][0]
        positions = list(self.positions)
        positions[self.turn] += steps
        turn = self.turn if positions[self.turn] >= self.target else (self.turn + 1) % len(positions)
        return Position(tuple(positions), turn, False, self.target)

    def returns(self) -> list[float]:
        """Each player's result in a finished game: 1 for the winner, the
        others share -1."""
        w = self.winner()
        n = len(self.positions)
        return [1.0 if i == w else -1.0 / (n - 1) for i in range(n)]


def __getattr__(name: str) -> object:
    """The board's names (``Board``, ``Color``, ``perft``, ``divide``,
    ``NUM_ACTIONS``, ``action_to_move``: ``yinsh.toys.dice.board``),
    imported on first use: the game's package exports them, as every
    game's does (docs/architecture.md, "Adding a game")."""
    if name in ("Board", "Color", "Phase", "Termination", "Outcome", "NUM_ACTIONS", "NUM_PLANES",
                "perft", "divide", "action_to_move"):
        from yinsh.toys.dice import board
        return getattr(board, name)
    raise AttributeError(f"module 'yinsh.toys.dice' has no attribute {name!r}")
