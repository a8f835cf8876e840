"""Scores of the engine: points, or a proven end in N plies, with a point of view.

A search scores a position from the side to act (``Score``, as
``chess.engine`` of python-chess does): ``Points(n)`` is an estimate in the
game's evaluation units (Yinsh: a removed ring is worth 10000 points),
``Mate(n)`` a proven end of the game in ``n`` plies (actions), a win for the
side to act when ``n > 0`` and a loss when ``n < 0``. ``Mate(0)`` (or
``Mate(-0)``) is a game already lost by the side to act, ``MateGiven`` one
already won. ``PovScore`` pairs a relative score with the side it is
relative to, and converts it to any side's point of view (two-player games).

>>> from yinsh.engine.score import Mate, MateGiven, Points, PovScore
>>> str(Points(350)), str(Points(-20)), str(Mate(3)), str(Mate(-4))
('+350', '-20', 'win 3', 'loss 4')
>>> Mate(-4) < Points(-50000) < Points(0) < Mate(7) < Mate(3) < MateGiven
True
>>> -Mate(3), -Points(120), -Mate(0)
(Mate(-3), Points(-120), MateGiven)
>>> Mate(3).score(mate_score=1_000_000), Points(15).score(), Mate(3).score()
(999997, 15, None)
>>> pov = PovScore(Points(350), turn=1)        # 350 for the side to act, the second player
>>> pov.relative, pov.black(), pov.white(), pov.pov(0)
(Points(350), Points(350), Points(-350), Points(-350))
"""
from __future__ import annotations

import abc
from dataclasses import dataclass
from typing import Any, Optional

from yinsh.engine import info as _info

__all__ = ["Score", "Points", "Mate", "MateGiven", "PovScore", "from_engine"]


class Score(abc.ABC):
    """A score from the view of the side to act: ``Points``, ``Mate`` or
    ``MateGiven``. Scores compare (a loss in fewer plies is the worst, a win
    in fewer plies the best, points in between), negate (the other side's
    view in a two-player game), hash and pickle."""

    __slots__ = ()

    @abc.abstractmethod
    def mate(self) -> Optional[int]:
        """Plies to the proven end: positive for a win of the side to act,
        negative (or ``0`` for ``Mate(0)``) for a loss, ``None`` for points."""

    def is_mate(self) -> bool:
        """Whether the end of the game is proven (``Mate`` or ``MateGiven``)."""
        return self.mate() is not None

    @abc.abstractmethod
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The points; a proven end is ``None``, or with ``mate_score`` it
        counts as ``mate_score - n`` for a win in n plies and
        ``-(mate_score - n)`` for a loss in n (``mate_score=WIN_SCORE`` gives
        the engine's integer score back)."""

    @abc.abstractmethod
    def _key(self) -> tuple[int, int]: ...

    @abc.abstractmethod
    def __neg__(self) -> Score: ...

    def __pos__(self) -> Score:
        return self

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() >= other._key()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


def _check_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


@dataclass(frozen=True, eq=False, repr=False)
class Points(Score):
    """An estimate in the game's evaluation units from the side to act
    (Yinsh: a removed ring is 10000). ``str`` shows the sign: ``+350``,
    ``-20``, ``0``. (python-chess calls it ``Cp``.)

    >>> Points(350), str(Points(350)), Points(350).score(), Points(350).mate()
    (Points(350), '+350', 350, None)
    """

    value: int

    def __post_init__(self) -> None:
        _check_int("points", self.value)

    def mate(self) -> Optional[int]:
        return None

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return self.value

    def _key(self) -> tuple[int, int]:
        return (0, self.value)

    def __neg__(self) -> Score:
        return Points(-self.value)

    def __str__(self) -> str:
        return f"+{self.value}" if self.value > 0 else str(self.value)

    def __repr__(self) -> str:
        return f"Points({self.value})"


@dataclass(frozen=True, eq=False, repr=False)
class Mate(Score):
    """A proven end in ``abs(plies)`` plies: a win of the side to act for
    ``plies > 0``, a loss for ``plies < 0``; ``Mate(0)``: lost already.
    ``str``: ``win 3`` / ``loss 4``.

    >>> Mate(3), str(Mate(3)), str(Mate(-4)), Mate(-4).mate(), Mate(-4).score(mate_score=100)
    (Mate(+3), 'win 3', 'loss 4', -4, -96)
    """

    plies: int

    def __post_init__(self) -> None:
        _check_int("plies", self.plies)

    def mate(self) -> Optional[int]:
        return self.plies

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        return mate_score - self.plies if self.plies > 0 else -mate_score - self.plies

    def _key(self) -> tuple[int, int]:
        return (1, -self.plies) if self.plies > 0 else (-1, -self.plies)

    def __neg__(self) -> Score:
        return MateGiven if self.plies == 0 else Mate(-self.plies)

    def __str__(self) -> str:
        return f"win {self.plies}" if self.plies > 0 else f"loss {-self.plies}"

    def __repr__(self) -> str:
        return f"Mate({self.plies:+d})" if self.plies else "Mate(-0)"


class _MateGivenType(Score):
    """The side to act has already won (the opposite of ``Mate(0)``); the
    one instance is ``MateGiven``."""

    __slots__ = ()

    def mate(self) -> Optional[int]:
        return 0

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def _key(self) -> tuple[int, int]:
        return (1, 0)

    def __neg__(self) -> Score:
        return Mate(0)

    def __str__(self) -> str:
        return "win 0"

    def __repr__(self) -> str:
        return "MateGiven"

    def __reduce__(self) -> str:
        return "MateGiven"


MateGiven: Score = _MateGivenType()
"""The side to act has already won."""


def from_engine(raw: int) -> Score:
    """The ``Score`` of an integer score of the searches (``Analysis.score``):
    beyond +-``WIN_THRESHOLD`` a proven end (``WIN_SCORE - n``: a win in n
    plies), else points.

    >>> from yinsh.engine.info import WIN_SCORE
    >>> from_engine(WIN_SCORE - 3), from_engine(-(WIN_SCORE - 4)), from_engine(250), from_engine(WIN_SCORE)
    (Mate(+3), Mate(-4), Points(250), MateGiven)
    """
    raw = _check_int("score", raw)
    if abs(raw) <= _info.WIN_THRESHOLD:
        return Points(raw)
    if raw > 0:
        plies = _info.WIN_SCORE - raw
        return Mate(plies) if plies > 0 else MateGiven
    return Mate(-(_info.WIN_SCORE + raw))


@dataclass(frozen=True)
class PovScore:
    """A score ``relative`` to the side ``turn`` (the side to act where it
    was found; a side number: Yinsh's ``Color`` is an int, ``WHITE`` 0,
    ``BLACK`` 1). ``pov(side)`` gives it from any side's view, negated for
    the other side: this holds for two-player zero-sum games; with
    ``players`` 3 or 4, ``pov`` of another side raises ``ValueError``.

    >>> pov = PovScore(Mate(3), 0)
    >>> pov.white(), pov.black(), str(pov), -pov
    (Mate(+3), Mate(-3), 'win 3', PovScore(Mate(-3), 0))
    """

    relative: Score
    turn: int
    players: int = 2

    def __post_init__(self) -> None:
        if not isinstance(self.relative, Score):
            raise TypeError(f"relative must be a Score, not {type(self.relative).__name__}")
        _check_int("turn", self.turn)
        object.__setattr__(self, "turn", int(self.turn))      # an IntEnum side becomes a plain int
        if _check_int("players", self.players) < 1:
            raise ValueError(f"players must be at least 1, not {self.players}")

    def pov(self, side: Any) -> Score:
        """The score from side's view (``side`` an int or ``Color``)."""
        if _check_int("side", side) == self.turn:
            return self.relative
        if self.players != 2:
            raise ValueError(f"a score of a {self.players}-player game has no view but its own side's")
        return -self.relative

    def white(self) -> Score:
        """The first side's view (Yinsh: White)."""
        return self.pov(0)

    def black(self) -> Score:
        """The second side's view (Yinsh: Black)."""
        return self.pov(1)

    def is_mate(self) -> bool:
        """Whether the end of the game is proven."""
        return self.relative.is_mate()

    def __neg__(self) -> PovScore:
        return PovScore(-self.relative, self.turn, self.players)

    def __str__(self) -> str:
        return str(self.relative)

    def __repr__(self) -> str:
        if self.players == 2:
            return f"PovScore({self.relative!r}, {self.turn})"
        return f"PovScore({self.relative!r}, {self.turn}, players={self.players})"
