"""Ludo players with the engine's ``best_move(board, **limits)`` shape.

- ``RandomPlayer``: a uniformly random valid move.
- ``HeuristicPlayer``: the rules of thumb good players use, tried in this
  order (the first that applies picks the move; ties go to the most advanced
  piece, then at random):

  1. **finish**: a move that brings a piece into the finish;
  2. **capture**: a move that lands on an opponent piece (the most advanced
     victim first);
  3. **enter**: bring a piece out of the start corner;
  4. **escape**: move a piece that is *in danger* (an opponent piece 1..6
     fields behind it on the track, or it stands on an opponent's first six
     fields while that opponent has pieces to enter) to a field where it is
     not in danger;
  5. **safety**: move a piece into its home column (no captures there);
  6. **block**: these rules have no blocks (one piece a field; an opponent's
     landing captures), so the nearest thing: land safely 1..6 fields behind
     an opponent piece, which threatens it and keeps the field behind it;
  7. **advance**: move the most advanced piece whose landing field is not in
     danger (``"advance"``), else the most advanced piece (``"advance_unsafe"``).

- ``MctsPlayer``: ``yinsh.Engine(algorithm="mcts")`` with a time (or node)
  limit per move, the shared MCTS with chance nodes and per-player values.

All of them decide only in a move phase: the dice are thrown by whoever runs
the game (``board.throw(rng)``); at a throw phase ``best_move`` raises
``ValueError``. ``players.random`` and ``players.heuristic`` are ready-made
instances (seed 0); the classes are also factories ``make(seed)`` for
``yinsh.ludo.match``.

>>> import random
>>> from yinsh import ludo
>>> board = ludo.Board()
>>> for text in "r6 r3".split():
...     _ = board.push_str(text)
>>> ludo.players.heuristic.best_move(board)          # enter
yinsh.ludo.Move.from_str('s-3')
>>> ludo.players.RandomPlayer(seed=1).best_move(board) in board.legal_moves
True
"""
from __future__ import annotations

from typing import Any, Optional, Union

from yinsh.engine import players as _base
from yinsh.ludo._core import CoreBoard, Move

__all__ = ["RandomPlayer", "HeuristicPlayer", "MctsPlayer", "RULES", "random", "heuristic",
           "by_name", "heuristic_reason"]

#: the heuristic's rules of thumb, in priority order
RULES = ("finish", "capture", "enter", "escape", "safety", "block", "advance", "advance_unsafe")

_TRACK = 52
_LAST_TRACK = 50
_FINISH = 56
_A_ENTER = 6
_A_MOVE = 7


def _check_board(board: object) -> None:
    if not isinstance(board, CoreBoard):
        raise TypeError(f"board must be a yinsh.ludo.Board, not {type(board).__name__}")
    if board.is_chance():
        raise ValueError("a throw phase: throw the dice first (board.throw(rng)); players choose moves only")


class RandomPlayer(_base.RandomPlayer):
    """Plays a uniformly random valid move (``seed=None``: unseeded). Raises
    ``ValueError`` at a throw phase."""

    board_type = CoreBoard
    board_name = "yinsh.ludo.Board"

    def check_board(self, board: object) -> None:
        _check_board(board)

    def __call__(self, seed: int = 0) -> "RandomPlayer":
        return RandomPlayer(seed)


class _Chooser:
    """``best_move`` of the players that think: ``None`` for a finished
    game, the one legal move without a thought, else ``_choose``'s move
    among the legal actions."""

    def best_move(self, board: CoreBoard, depth: Optional[int] = None, time: Optional[float] = None,
                  nodes: Optional[int] = None) -> Optional[Move]:
        """The player's move in board (``None`` for a finished game). Raises
        ``TypeError`` if board is not a ``ludo.Board``, ``ValueError`` at a
        throw phase."""
        if isinstance(board, CoreBoard) and board._phase_code == 2:    # the game is over
            return None
        _check_board(board)
        actions = board._legal_action_list()
        if len(actions) == 1:
            return board.action_to_move(actions[0])
        return self._choose(board, actions, time, nodes)

    def _choose(self, board: CoreBoard, actions: list[int], time: Optional[float],
                nodes: Optional[int]) -> Optional[Move]:
        raise NotImplementedError


def _field(c: int, q: int) -> int:
    return (q + 13 * c) % _TRACK


class _View:
    """What the heuristic needs of a position: who stands where."""

    def __init__(self, board: CoreBoard) -> None:
        s = board._state()
        self.me = s.turn
        self.total = sum(s.dice)
        self.pm = s.pm
        self.start = s.start
        self.colors = [c for c in range(4) if s.players >> c & 1]
        self.on_field: dict[int, tuple[int, int]] = {}      # track field -> (colour, progress)
        for c in self.colors:
            for q in range(_LAST_TRACK + 1):
                if s.pm[c] >> q & 1:
                    self.on_field[_field(c, q)] = (c, q)
        self.threats = self._threatened()

    def _threatened(self) -> set[int]:
        """Track fields an opponent may land on with one throw: 1..6 ahead of
        its pieces on the track, and its first six fields after entering."""
        out: set[int] = set()
        for c in self.colors:
            if c == self.me:
                continue
            for q in range(_LAST_TRACK + 1):
                if self.pm[c] >> q & 1:
                    out.update(_field(c, q + d) for d in range(1, 7) if q + d <= _LAST_TRACK)
            if self.start[c]:
                out.update(_field(c, q) for q in range(1, 7))
        return out

    def safe(self, q: int) -> bool:
        """Whether a piece of the mover at progress q is out of danger."""
        return q > _LAST_TRACK or _field(self.me, q) not in self.threats


def heuristic_reason(board: CoreBoard, action: int) -> tuple[int, int]:
    """The heuristic's rank of the legal action id (``RULES`` index, lower
    is better) and the progress it tie-breaks on (higher is better)."""
    return _rank(_View(board), action)


def _rank(v: _View, a: int) -> tuple[int, int]:
    src = -1 if a == _A_ENTER else a - _A_MOVE
    q = v.total - 6 if a == _A_ENTER else src + v.total
    if q == _FINISH:
        return 0, src
    if q <= _LAST_TRACK:
        victim = v.on_field.get(_field(v.me, q))
        if victim is not None and victim[0] != v.me:
            return 1, victim[1]
    if a == _A_ENTER:
        return 2, 0
    if src <= _LAST_TRACK and not v.safe(src) and v.safe(q):
        return 3, src
    if _LAST_TRACK < q < _FINISH and src <= _LAST_TRACK:
        return 4, src
    if q <= _LAST_TRACK and v.safe(q):
        for d in range(1, 7):
            if q + d > _LAST_TRACK + 6:
                break
            ahead = v.on_field.get(_field(v.me, q + d)) if q + d <= _LAST_TRACK else None
            if ahead is not None and ahead[0] != v.me:
                return 5, src
    return (6 if v.safe(q) else 7), src


class HeuristicPlayer(_Chooser, _base.SeededPlayer):
    """The rules of thumb of the module docstring, in order (``RULES``);
    ties at random (``seed=None``: unseeded)."""

    name = "heuristic"

    def _choose(self, board: CoreBoard, actions: list[int], time: Optional[float],
                nodes: Optional[int]) -> Optional[Move]:
        """The heuristic's move (the limits are ignored)."""
        v = _View(board)
        ranked = [(_rank(v, a), a) for a in actions]
        best = min(r for r, _ in ranked)
        best = (best[0], max(r[1] for r, _ in ranked if r[0] == best[0]))
        return board.action_to_move(self._rng.choice([a for r, a in ranked if r == best]))

    def __call__(self, seed: int = 0) -> "HeuristicPlayer":
        return HeuristicPlayer(seed)


class MctsPlayer(_Chooser):
    """``yinsh.Engine(algorithm="mcts")`` playing with ``time`` seconds (or
    ``nodes`` playouts) per move; a forced move is played without a search.
    Extra keyword arguments are MCTS tunables or evaluation weights
    (``engine.configure``); unless given, ``playout_plies=40``: playouts
    are cut off after 40 random plies by the evaluation's per-player values
    (much stronger in Ludo than random playouts to the end, docs/ludo.md). Also a factory: ``MctsPlayer(0.1)(seed)`` is a
    fresh player whose searches are seeded by seed.

    >>> from yinsh import ludo
    >>> board = ludo.Board(players=2)
    >>> for text in "r6 r4".split():
    ...     _ = board.push_str(text)
    >>> MctsPlayer(nodes=200).best_move(board) in board.legal_moves
    True
    """

    name = "mcts"

    def __init__(self, time: Optional[float] = 0.1, *, nodes: Optional[int] = None, seed: int = 0,
                 **settings: Any) -> None:
        if nodes is not None:
            time = None
        if time is None and nodes is None:
            raise ValueError("MctsPlayer needs a time or a nodes limit")
        self.time = time
        self.nodes = nodes
        self.seed = seed
        self.settings = {"playout_plies": 40, **settings}
        self._engine: Any = None

    def _get_engine(self) -> Any:
        if self._engine is None:
            from yinsh.engine.api import Engine
            from yinsh.ludo.board import Board
            self._engine = Engine(algorithm="mcts")
            if self.settings:
                self._engine.configure(Board, **self.settings)   # evaluation weights are Ludo's
        return self._engine

    def _choose(self, board: CoreBoard, actions: list[int], time: Optional[float],
                nodes: Optional[int]) -> Optional[Move]:
        """The MCTS's move; limits given to ``best_move`` replace the player's."""
        if time is None and nodes is None:
            time, nodes = self.time, self.nodes
        move: Move = self._get_engine().best_move(board, time=time, nodes=nodes)
        return move

    def __call__(self, seed: int = 0) -> "MctsPlayer":
        return MctsPlayer(self.time, nodes=self.nodes, seed=seed, **self.settings)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, MctsPlayer) and (self.time, self.nodes, self.settings)
                == (other.time, other.nodes, other.settings))

    def __hash__(self) -> int:
        return hash((MctsPlayer, self.time, self.nodes))

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_engine"] = None
        return state

    def __repr__(self) -> str:
        limit = f"nodes={self.nodes}" if self.nodes is not None else f"{self.time}"
        return f"MctsPlayer({limit})"


#: ``RandomPlayer()`` (seed 0): ``players.random(board)`` plays a random legal action.
random = RandomPlayer()
#: ``HeuristicPlayer()``: ``players.heuristic(board)`` plays by the rules of thumb of ``RULES``.
heuristic = HeuristicPlayer()


def by_name(name: str, seed: Optional[int] = 0) -> Union[RandomPlayer, HeuristicPlayer, MctsPlayer]:
    """A new player from its name: ``"random"``, ``"heuristic"``, ``"mcts"``
    (0.1 s a move). Raises ``ValueError`` for another name.

    >>> by_name("heuristic")
    HeuristicPlayer()
    """
    if not isinstance(name, str):
        raise TypeError(f"expected str, not {type(name).__name__}: a player name")
    if name == "random":
        return RandomPlayer(seed)
    if name == "heuristic":
        return HeuristicPlayer(seed)
    if name == "mcts":
        return MctsPlayer(0.1, seed=seed or 0)
    raise ValueError(f"unknown player {name!r}; known: random, heuristic, mcts")
