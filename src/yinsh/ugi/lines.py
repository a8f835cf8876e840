"""What the engine writes during a search: an ``info`` line per line of a
finished iteration, and ``bestmove``.

>>> import yinsh
>>> from yinsh.engine import Analysis, WIN_SCORE
>>> m = yinsh.Move.from_str
>>> a = Analysis(m("e5-e9"), 120, [m("e5-e9"), m("f6-f2")], depth=6, nodes=34567, nps=280000, time=0.1234,
...              seldepth=9)
>>> info_lines(a, hashfull=12)
['info depth 6 seldepth 9 score cp 120 nodes 34567 nps 280000 hashfull 12 time 123 pv e5-e9 f6-f2']
>>> score_words(Analysis(None, WIN_SCORE - 3)), score_words(Analysis(None, -(WIN_SCORE - 4)))
('score mate 3', 'score mate -4')
>>> bestmove_line(a), bestmove_line(Analysis(None, 0))
('bestmove e5-e9', 'bestmove (none)')
"""
from __future__ import annotations

from typing import Any, Optional

from yinsh.engine import Analysis

__all__ = ["info_lines", "score_words", "bestmove_line", "NO_MOVE"]

NO_MOVE = "(none)"
"""The move of ``bestmove`` when there is none (a finished game, a throw of
the dice to come): UCI's convention."""


def score_words(a: Analysis) -> str:
    """``score cp N`` (the engine's points from the side to act: Yinsh's
    evaluation counts 10000 a removed ring; the MCTS the mean result times
    1000) or ``score mate N`` (a proven end in N plies, negative for a
    loss), with ``lowerbound`` for an unfinished iteration's answer."""
    mate = a.mate
    words = f"score cp {a.score}" if mate is None else f"score mate {mate}"
    return words + (" lowerbound" if a.partial else "")


def _wdl_words(a: Analysis) -> str:
    wdl = a.wdl
    return "" if wdl is None else f" wdl {wdl.wins} {wdl.draws} {wdl.losses}"


def info_lines(a: Analysis, hashfull: Optional[int] = None) -> list[str]:
    """The ``info`` lines of one finished iteration: one per line with
    ``multipv`` (``multipv k`` after the depth), else one."""
    lines = a.lines if len(a.lines) > 1 else [a]
    many = len(lines) > 1
    out = []
    for line in lines:
        head = f"info depth {a.depth} seldepth {a.seldepth}"
        if many:
            head += f" multipv {line.multipv}"
        tail = f" nodes {a.nodes} nps {a.nps}"
        if hashfull is not None:
            tail += f" hashfull {hashfull}"
        tail += f" time {int(a.time * 1000)}"
        pv = " ".join(str(move) for move in line.pv)
        out.append(f"{head} {score_words(line)}{_wdl_words(line)}{tail}" + (f" pv {pv}" if pv else ""))
    return out


def bestmove_line(a: Optional[Analysis], move: Any = None) -> str:
    """``bestmove <move>``: move, else the analysis's best move;
    ``bestmove (none)`` without one."""
    if move is None and a is not None:
        move = a.best_move
    return f"bestmove {NO_MOVE if move is None else move}"
