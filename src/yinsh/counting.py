"""perft and divide of every game, with the same arguments and errors.

``yinsh.perft``, ``yinsh.insert.perft`` and ``yinsh.ludo.perft`` (and their
``divide``) all take ``(board, depth, threads=1)``:

- ``board``: a board of that game; a board of another game is a
  ``TypeError`` that names both games and the function to call instead.
- ``depth``: 0..64 for perft, 1..64 for divide (``ValueError`` otherwise).
- ``threads``: 1..256 threads counting at once (``ValueError`` otherwise);
  the count never depends on it. Yinsh's core splits the tree into many
  tasks in C; Insert's and Ludo's are split at the first action, one
  subtree a task, the calling thread taking tasks too (their cores count
  without the GIL). Ctrl-C stops the calling thread's count, which sets
  the split's stop flag (the core's ``PerftStop``) that the other threads'
  counts poll as often as Ctrl-C: they stop within about a millisecond,
  and ``KeyboardInterrupt`` is raised.

>>> import yinsh
>>> from yinsh import insert, ludo
>>> insert.perft(insert.Board(), 4, threads=2) == insert.perft(insert.Board(), 4)
True
>>> ludo.divide(ludo.Board(), 3, threads=2) == ludo.divide(ludo.Board(), 3)
True
>>> yinsh.perft(insert.Board(), 2)
Traceback (most recent call last):
...
TypeError: yinsh.perft expects a yinsh.Board, not an Insert board (yinsh.insert.Board): use yinsh.insert.perft
>>> insert.perft(insert.Board(), 2, threads=0)
Traceback (most recent call last):
...
ValueError: perft threads must be between 1 and 256, not 0
"""
from __future__ import annotations

import operator
import threading
from typing import Any, Callable, Optional

from yinsh import games
from yinsh.errors import not_a_board

__all__ = ["MAX_THREADS", "counters", "split_at_root"]

#: The most threads perft and divide take (as the Yinsh core).
MAX_THREADS = 256


def _check(what: str, depth: object, lowest: int, threads: object) -> tuple[int, int]:
    for name, value in (("depth", depth), ("threads", threads)):
        if isinstance(value, bool) or not hasattr(type(value), "__index__"):
            raise TypeError(f"{what} {name} must be an int, not {type(value).__name__}")
    d, t = operator.index(depth), operator.index(threads)   # type: ignore[arg-type]
    if not lowest <= d <= 64:
        raise ValueError(f"{what} depth must be between {lowest} and 64, not {d}")
    if not 1 <= t <= MAX_THREADS:
        raise ValueError(f"{what} threads must be between 1 and {MAX_THREADS}, not {t}")
    return d, t


def _split(count: Callable[[Any, Any], int], flag: Any, boards: list[Any],
           threads: int) -> list[int]:
    """count(b, flag) of every board of boards, on threads threads (this
    one too); flag is the stop flag every count polls."""
    results = [0] * len(boards)
    lock = threading.Lock()
    tasks = iter(range(len(boards)))
    stop = threading.Event()
    errors: list[BaseException] = []

    def work() -> None:
        while not stop.is_set():
            with lock:
                i = next(tasks, None)
            if i is None:
                return
            results[i] = count(boards[i], flag)

    def helper_work() -> None:
        try:
            work()
        except BaseException as exc:          # reported by the calling thread, never lost
            errors.append(exc)
            stop.set()
            flag.set()

    helpers = [threading.Thread(target=helper_work, daemon=True, name=f"perft-{k}")
               for k in range(min(threads, len(boards)) - 1)]
    for helper in helpers:
        helper.start()
    try:
        work()
        for helper in helpers:
            helper.join()
    except BaseException:
        stop.set()
        flag.set()                            # the other threads' counts stop too
        raise
    if errors:
        raise errors[0]
    return results


def _children(board: Any) -> tuple[list[str], list[Any]]:
    names, boards = [], []
    for move in board.legal_moves:
        child = board.copy(stack=False)
        child.push(move)
        names.append(str(move))
        boards.append(child)
    return names, boards


def split_at_root(board: Any, depth: int, threads: int,
                  count: Callable[[Any, int], int]) -> dict[str, int]:
    """``count(child, depth - 1)`` below each first action of board, as
    divide's ``{action text: count}`` (in the order of the legal moves), on
    threads threads (this one too; depth 1..64, threads 1..256): the split
    of a count that takes no ``threads=`` itself, such as a game's compiled
    hooks' ``perft`` (``yinsh perft --threads`` of a game whose rules are
    Python, the dice race's). A count that runs without the GIL runs on the
    threads at once. Ctrl-C raises ``KeyboardInterrupt`` in this thread;
    the others finish the subtree they count (count polls no stop flag) and
    take no other.

    >>> from yinsh.toys.dice.board import Board, divide
    >>> from yinsh.toys.dice import _search
    >>> split_at_root(Board(), 4, 2, _search.perft) == divide(Board(), 4)
    True
    """
    d, t = _check("divide", depth, 1, threads)
    names, boards = _children(board)
    counts = _split(lambda b, flag: int(count(b, d - 1)), threading.Event(), boards, t)
    return dict(zip(names, counts))


def counters(game: str, board_type: type, perft: Callable[..., int],
             divide: Callable[..., dict[str, int]], native_threads: bool,
             stop_flag: Optional[Callable[[], Any]] = None, *, public: str
             ) -> tuple[Callable[..., int], Callable[..., dict[str, int]]]:
    """The public ``perft`` and ``divide`` of a game (its name in the
    registry, ``yinsh.games``) from its core's, as functions of the module
    public (``"yinsh.insert"``): board_type is the class its boards are
    instances of; native_threads says whether the core's take ``threads=``;
    else the count is split here at the first action, and stop_flag makes
    the flag (``set()``) that the core's ``perft(board, depth, flag)``
    polls."""

    def _flag() -> Any:
        assert stop_flag is not None, "a split count needs the core's stop flag"
        return stop_flag()

    def check_board(what: str, board: object) -> None:
        if isinstance(board, board_type):
            return
        error = not_a_board(f"{public}.{what}", game, board)
        other = _counter_of(board, what)
        if other is not None:
            error = TypeError(f"{error}: use {other}")
        raise error

    def game_perft(board: Any, depth: int, threads: int = 1) -> int:
        check_board("perft", board)
        d, t = _check("perft", depth, 0, threads)
        if native_threads:
            return int(perft(board, d, threads=t))
        if t == 1 or d < 2:
            return int(perft(board, d))
        names, boards = _children(board)
        return sum(_split(lambda b, flag: int(perft(b, d - 1, flag)), _flag(), boards, t))

    def game_divide(board: Any, depth: int, threads: int = 1) -> dict[str, int]:
        check_board("divide", board)
        d, t = _check("divide", depth, 1, threads)
        if native_threads:
            return dict(divide(board, d, threads=t))
        if t == 1:
            return dict(divide(board, d))
        names, boards = _children(board)
        return dict(zip(names, _split(lambda b, flag: int(perft(b, d - 1, flag)), _flag(), boards,
                                      t)))

    game_perft.__name__ = game_perft.__qualname__ = "perft"
    game_divide.__name__ = game_divide.__qualname__ = "divide"
    game_perft.__module__ = game_divide.__module__ = public
    game_perft.__doc__ = (
        f"The number of action sequences of length depth (0..64) from board, a {public}.Board\n"
        f"(every action is one ply; the last level is bulk counted), on threads threads\n"
        f"(1..{MAX_THREADS}, see yinsh.counting). Ctrl-C raises KeyboardInterrupt.\n\n"
        f"Raises TypeError for a board of another game (naming it), ValueError for a\n"
        f"depth or threads out of range.")
    game_divide.__doc__ = (
        f"perft below each first action (depth 1..64): {{action text: count}} in the order\n"
        f"of the legal moves; threads as for perft.")
    return game_perft, game_divide


def _counter_of(board: object, what: str) -> Optional[str]:
    """The name of the function ``what`` (``perft``, ``divide``) of the
    registered game of board (``yinsh.insert.perft``), None for a board of
    no game (the hint of a board of another game)."""
    try:
        kind = games.of_board(board)
    except TypeError:
        return None
    function = getattr(kind.module, what, None)
    return None if function is None else f"{function.__module__}.{what}"


class PlayoutCounts:
    """What every game's ``PlayoutStats`` (what its ``random_playouts``
    counted, a frozen dataclass deriving from this) shares: ``games``, the
    ``plies`` of each game (a numpy array), ``mean_plies``, and
    ``stats[name]`` for the game's ``as_dict()[name]``. Not hashable (it
    holds arrays)."""

    games: int
    plies: Any

    @property
    def mean_plies(self) -> float:
        """The average game length in plies."""
        return float(self.plies.mean()) if self.games else 0.0

    def as_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def __getitem__(self, name: str) -> Any:
        """The field called name: ``stats["games"]`` is ``stats.as_dict()["games"]``."""
        return self.as_dict()[name]

    __hash__ = None  # type: ignore[assignment]
