"""Win/draw/loss: what a score means as chances, from the side to act.

``Wdl(wins, draws, losses)`` holds the chances per mille (summing to 1000),
as Stockfish's ``info ... wdl W D L`` and python-chess's ``Score.wdl()``
do. Every ``Analysis`` has one (``analysis.wdl``), made by the model of the
analysed game and evaluation (``model_for``):

    W = 1 / (1 + exp((a - s) / b))
    L = 1 / (1 + exp((a + s) / b))      (L = 1 - W in a game without draws)
    D = 1 - W - L

with s the score from the side to act and ``a``, ``b`` (score units) linear
in the game's progress x in 0..1 (``GameKind.wdl_progress``: markers used in
Yinsh, rings placed in Insert, pieces' way in Ludo): ``a = a0 + a1 x``,
``b = b0 + b1 x``. ``a`` is the draw band's half width (0 in a two-player
game without draws: the model is then symmetric); with 3 or 4 players
(Ludo, searched by the MCTS) L = 1 - W and ``a`` shifts the curve, the
chance of an even position being about 1/players. The parameters are
fitted to the engines' own games by ``benchmarks/wdl_fit.py`` and stored
with the game (``wdl.json`` beside its ``game.py``: a key per evaluation,
``classic`` and ``learned``, or per evaluation and players, ``classic/2``,
and ``mcts/3`` for the MCTS). A proven result (``Mate``) is 1000/0/0 or
0/0/1000 whatever the model. A game without a stored model (a plugin that
ships no ``wdl.json``) gets a ``Wdl`` only for proven results, and for the
MCTS, whose score is a mean result (``mean_result_wdl``); else ``None``.

>>> w = Wdl(620, 100, 280)
>>> str(w), w.expectation(), -w
('620/100/280', 0.67, Wdl(wins=280, draws=100, losses=620))
>>> m = WdlModel(draws=True, a=(500.0, 0.0), b=(800.0, 0.0))
>>> m.wdl(0, 0.5), m.wdl(3000, 0.5).wins > 900, -m.wdl(1200, 0.0) == m.wdl(-1200, 0.0)
(Wdl(wins=349, draws=302, losses=349), True, True)
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence

from yinsh.engine import info as _info

__all__ = ["Wdl", "WdlModel", "model_for", "model_path", "game_file", "wdl_of", "win_chances", "mean_result_wdl",
           "probabilities"]

TOTAL = 1000
"""Per mille: the three numbers of a ``Wdl`` sum to this."""


@dataclass(frozen=True)
class Wdl:
    """Win, draw and loss chances per mille from the side to act (ints
    summing to 1000). ``-wdl`` is the other side's view (wins and losses
    swapped); ``expectation()`` the expected score in 0..1.

    >>> Wdl(1000, 0, 0).expectation(), Wdl(0, 1000, 0).expectation()
    (1.0, 0.5)
    >>> Wdl(500, 0, 400)
    Traceback (most recent call last):
    ...
    ValueError: wins, draws and losses must sum to 1000 (per mille), not 900
    >>> Wdl(0.5, 0, 999)
    Traceback (most recent call last):
    ...
    TypeError: wins must be an int, not float
    """

    wins: int
    draws: int
    losses: int

    def __post_init__(self) -> None:
        for name in ("wins", "draws", "losses"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
            if value < 0:
                raise ValueError(f"{name} must be >= 0, not {value}")
        total = self.wins + self.draws + self.losses
        if total != TOTAL:
            raise ValueError(f"wins, draws and losses must sum to {TOTAL} (per mille), not {total}")

    def expectation(self) -> float:
        """The expected score in 0..1: (wins + draws / 2) / 1000."""
        return (self.wins + self.draws / 2) / TOTAL

    def winning_chance(self) -> float:
        """wins / 1000."""
        return self.wins / TOTAL

    def __neg__(self) -> Wdl:
        return Wdl(self.losses, self.draws, self.wins)

    def __pos__(self) -> Wdl:
        return self

    def __str__(self) -> str:
        return f"{self.wins}/{self.draws}/{self.losses}"

    @classmethod
    def from_chances(cls, win: float, loss: float) -> Wdl:
        """The ``Wdl`` of a win and a loss chance in 0..1 (each rounded to
        per mille; the draw takes the rest, so wins and losses each move
        with their chance and ``-wdl`` is the other side's rounding).

        >>> Wdl.from_chances(0.6234, 0.2766)
        Wdl(wins=623, draws=100, losses=277)
        """
        w = min(TOTAL, max(0, int(round(win * TOTAL))))
        l = min(TOTAL - w, max(0, int(round(loss * TOTAL))))
        return cls(w, TOTAL - w - l, l)


WON = Wdl(TOTAL, 0, 0)
LOST = Wdl(0, 0, TOTAL)


def _sigmoid(z: Any) -> Any:
    """1 / (1 + exp(-z)) of a float or a numpy array, without overflow."""
    if hasattr(z, "__array__"):
        import numpy as np
        return 0.5 * (1.0 + np.tanh(0.5 * np.asarray(z, dtype=float)))
    return 0.5 * (1.0 + math.tanh(0.5 * float(z)))


def probabilities(model: Any, score: Any, progress: Any) -> tuple[Any, Any, Any]:
    """The win, draw and loss chances (floats, or numpy arrays for arrays)
    of ``model`` (a ``WdlModel`` or its dict: ``draws``, ``a``, ``b``) at
    ``score`` (side to act) and ``progress`` (0..1). ``b`` is kept at 1
    or more."""
    if isinstance(model, WdlModel):
        draws, a_c, b_c, c_c, lapse = model.draws, model.a, model.b, model.c, model.lapse
    else:
        draws, a_c, b_c = bool(model["draws"]), model["a"], model["b"]
        c_c, lapse = tuple(model.get("c", ())), float(model.get("lapse", 0.0))
    if c_c:
        score = _compressed(score, _poly(c_c, progress))
    a = _poly(a_c, progress)
    b = _poly(b_c, progress)
    if hasattr(b, "__array__"):
        import numpy as np
        b = np.maximum(b, 1.0)
    else:
        b = max(b, 1.0)
    w = _sigmoid((score - a) / b)
    if draws:
        l = _sigmoid((-score - a) / b)
        d = 1.0 - w - l
        if hasattr(d, "__array__"):
            import numpy as np
            d = np.maximum(d, 0.0)
        else:
            d = max(d, 0.0)
    else:
        l = 1.0 - w
        d = 0.0 * w
    if lapse > 0:                      # luck: a sure-looking result is lost now and then
        w, l = lapse + (1.0 - 2.0 * lapse) * w, lapse + (1.0 - 2.0 * lapse) * l
        d = (1.0 - 2.0 * lapse) * d
    return w, d, l


def _compressed(score: Any, c: Any) -> Any:
    """``c * asinh(score / c)`` (c kept at 1 or more): the score itself near
    0, its logarithm far out (floats or numpy arrays)."""
    if hasattr(score, "__array__") or hasattr(c, "__array__"):
        import numpy as np
        c = np.maximum(c, 1.0)
        return c * np.arcsinh(np.asarray(score, dtype=float) / c)
    c = max(float(c), 1.0)
    return c * math.asinh(float(score) / c)


def _poly(coefficients: Sequence[float], x: Any) -> Any:
    total: Any = 0.0
    for k, c in enumerate(coefficients):
        total = total + c * x ** k
    return total


@dataclass(frozen=True)
class WdlModel:
    """A fitted win/draw/loss model (see the module): ``a`` and ``b``
    polynomials in the progress (coefficients from the constant),
    ``draws`` whether the game has draws. ``meta`` is what the fit
    recorded (games, nodes, held-out Brier score). Two refinements, each
    kept by the fit only where it lowers the held-out log-loss: ``c`` (a
    polynomial in the progress too; empty: none) reads the score
    compressed, ``c * asinh(s / c)`` (the points of a far lead count less
    than those near an even game), and ``lapse`` moves
    every chance that far towards the other results, ``W' = lapse + (1 -
    2 lapse) W`` and ``L'`` alike (in a game of dice no lead is sure).

    >>> WdlModel(False, (0.0,), (500.0,), lapse=0.05).wdl(100_000)
    Wdl(wins=950, draws=0, losses=50)
    """

    draws: bool
    a: tuple[float, ...]
    b: tuple[float, ...]
    meta: Optional[dict[str, Any]] = None
    c: tuple[float, ...] = ()
    lapse: float = 0.0

    def wdl(self, score: int, progress: float = 0.0) -> Wdl:
        """The ``Wdl`` of a score (points, side to act) at a progress."""
        w, _, l = probabilities(self, float(score), min(1.0, max(0.0, float(progress))))
        return Wdl.from_chances(float(w), float(l))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> WdlModel:
        """The model of a ``wdl.json`` entry (``draws``, ``a``, ``b``)."""
        a = tuple(float(v) for v in data["a"])
        b = tuple(float(v) for v in data["b"])
        if not a or not b:
            raise ValueError("a WDL model needs coefficients a and b")
        c = tuple(float(v) for v in data.get("c", ()))
        lapse = float(data.get("lapse", 0.0))
        if not 0 <= lapse < 0.5:
            raise ValueError(f"a WDL model needs 0 <= lapse < 0.5, not {lapse}")
        return cls(bool(data.get("draws", False)), a, b, data.get("fitted"), c, lapse)


def game_file(game: Any, name: str) -> Optional[Path]:
    """The data file name (``wdl.json``, ``levels.json``) of game (a
    ``GameKind``): in the package of its description's module
    (``yinsh/yinsh/wdl.json``); None when that module has no file."""
    import sys
    module = sys.modules.get(type(game).__module__)
    where = getattr(module, "__file__", None)
    return Path(where).with_name(name) if where else None


def model_path(game: Any) -> Optional[Path]:
    """Where game (a ``GameKind``) keeps its models: its ``wdl.json``
    (``game_file``)."""
    return game_file(game, "wdl.json")


_CACHE: dict[tuple[str, Optional[str]], dict[str, Any]] = {}


def _stored(game: Any) -> dict[str, Any]:
    """The game's ``wdl.json`` (empty when it ships none), read once."""
    path = model_path(game)
    key = (type(game).__qualname__ + "@" + type(game).__module__, str(path) if path else None)
    if key not in _CACHE:
        data: dict[str, Any] = {}
        if path is not None and path.is_file():
            data = json.loads(path.read_text(encoding="utf-8"))
        _CACHE[key] = data
    return _CACHE[key]


def model_for(game: Any, evaluation: str, algorithm: str = "alphabeta", players: int = 2) -> Optional[WdlModel]:
    """The stored model of game (a ``GameKind``, or None: no model) for
    the evaluation and algorithm with this many players: the entry
    ``"<evaluation>/<players>"``, else ``"<evaluation>"`` (the MCTS:
    ``"mcts/<players>"``, else ``"mcts"``); None without one.

    >>> from yinsh import games
    >>> model_for(games.get("yinsh"), "classic").draws
    True
    >>> model_for(None, "classic") is None
    True
    """
    if game is None:
        return None
    stored = _stored(game)
    name = "mcts" if algorithm == "mcts" else evaluation
    for key in (f"{name}/{players}", name):
        if key in stored:
            return WdlModel.from_dict(stored[key])
    return None


def mean_result_wdl(score: int, players: int = 2) -> Wdl:
    """The MCTS's score (mean result times 1000, -1000..1000) read as a
    chance without a fitted model: two players, a result of r wins with
    chance (1 + r) / 2; n players (the winner +1, the others -1/(n-1)),
    (1 + (n - 1) r) / n.

    >>> mean_result_wdl(200), mean_result_wdl(0, players=4)
    (Wdl(wins=600, draws=0, losses=400), Wdl(wins=250, draws=0, losses=750))
    """
    r = max(-1.0, min(1.0, score / _info.MCTS_SCORE_SCALE))
    win = (1 + r) / 2 if players <= 2 else (1 + (players - 1) * r) / players
    return Wdl.from_chances(win, 1.0 - win)


def proven(score: int) -> Optional[Wdl]:
    """1000/0/0 or 0/0/1000 for a proven result (alpha-beta scores beyond
    ``WIN_THRESHOLD``), else None."""
    if score > _info.WIN_THRESHOLD:
        return WON
    if score < -_info.WIN_THRESHOLD:
        return LOST
    return None


def wdl_of(score: int, model: Optional[WdlModel], progress: float, algorithm: str = "alphabeta",
           players: int = 2) -> Optional[Wdl]:
    """The ``Wdl`` of an analysis's score: proven results first, then the
    model, then (MCTS only) the mean result; None otherwise.

    >>> wdl_of(999_990, None, 0.0), wdl_of(120, None, 0.0)
    (Wdl(wins=1000, draws=0, losses=0), None)
    """
    if algorithm != "mcts":
        sure = proven(score)
        if sure is not None:
            return sure
    elif abs(score) >= _info.MCTS_SCORE_SCALE and model is None:
        return WON if score > 0 else LOST
    if model is not None:
        return model.wdl(score, progress)
    if algorithm == "mcts":
        return mean_result_wdl(score, players)
    return None


def win_chances(wdl: Optional[Wdl], seat: Optional[int], players: int,
                others: Sequence[Optional[float]] = ()) -> tuple[float, ...]:
    """Each side's chance of winning (turn order, the board's ``players``)
    from the side to act's ``wdl`` (its seat ``seat``): two players, its
    wins and its losses; more, its wins, and the rest shared among the
    others in proportion to ``others`` (their own chances by the model, in
    seat order, None for unknown), equally without them. Empty without a
    ``wdl``.

    >>> win_chances(Wdl(600, 100, 300), 1, 2)
    (0.3, 0.6)
    >>> win_chances(Wdl(400, 0, 600), 0, 3, [None, 0.1, 0.3])
    (0.4, 0.15, 0.45)
    """
    if wdl is None or seat is None or not 0 <= seat < players:
        return ()
    mine = wdl.wins / TOTAL
    if players == 2:
        chances = [0.0, 0.0]
        chances[seat], chances[1 - seat] = mine, wdl.losses / TOTAL
        return tuple(chances)
    rest = 1.0 - mine
    weights: list[float] = []
    for k in range(players):
        known = others[k] if k < len(others) else None
        weights.append(0.0 if k == seat else (-1.0 if known is None else float(known)))
    if any(w < 0 for w in weights) or sum(weights) <= 0:
        weights = [0.0 if k == seat else 1.0 for k in range(players)]
    total = sum(weights)
    return tuple(mine if k == seat else round(rest * weights[k] / total, 6) for k in range(players))


@dataclass(frozen=True)
class WdlContext:
    """What turns one search's scores into ``Wdl`` and win chances: the
    model (or None), the root's progress, the algorithm, the number of
    players and the seat (turn order) of the side to act."""

    model: Optional[WdlModel]
    progress: float = 0.0
    algorithm: str = "alphabeta"
    players: int = 2
    seat: Optional[int] = None

    def wdl(self, score: int) -> Optional[Wdl]:
        """The ``Wdl`` of a score of this search (side to act)."""
        return wdl_of(score, self.model, self.progress, self.algorithm, self.players)

    def chances(self, wdl: Optional[Wdl], root_values: Sequence[float] = ()) -> tuple[float, ...]:
        """Every side's chance of winning (turn order) given the side to
        act's ``wdl`` and, with 3 or 4 players, the MCTS's mean result of
        every player (``SearchInfo.root_values``)."""
        others: list[Optional[float]] = []
        if self.players > 2 and len(root_values) == self.players:
            for value in root_values:
                other = wdl_of(int(round(value * _info.MCTS_SCORE_SCALE)), self.model, self.progress,
                               "mcts", self.players)
                others.append(None if other is None else other.wins / TOTAL)
        return win_chances(wdl, self.seat, self.players, others)


def context_for(game: Any, evaluation: str, algorithm: str, board: Any, turn: Any, players: int) -> WdlContext:
    """The ``WdlContext`` of a search of board (its game ``game``, a
    ``GameKind`` or None, searched with this evaluation and algorithm)."""
    model = model_for(game, evaluation, algorithm, players)
    progress = 0.0
    if game is not None and model is not None:
        progress = float(game.wdl_progress(board))
    seat: Optional[int] = None
    if turn is not None:
        sides = getattr(board, "players", None)
        try:
            seat = list(sides).index(turn) if sides is not None else int(turn)
        except (TypeError, ValueError):
            seat = None
    return WdlContext(model, progress, algorithm, players, seat)


def final_wdl(game: Any, board: Any, seat: Optional[int]) -> Optional[Wdl]:
    """The ``Wdl`` of a finished game for the side at seat (its return
    from ``GameKind.returns``: won, drawn or lost), None when unknown."""
    if game is None or seat is None:
        return None
    try:
        returns = game.returns(board)
    except (AttributeError, TypeError, ValueError):
        return None
    if not 0 <= seat < len(returns):
        return None
    mine, best = returns[seat], max(returns)
    if mine > 0 and mine == best:
        return WON
    if mine == 0 and all(r == 0 for r in returns):
        return Wdl(0, TOTAL, 0)
    return LOST
