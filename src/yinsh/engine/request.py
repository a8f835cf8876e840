"""A search request, checked in the caller's thread before the search runs:
``SearchRequest`` (what ``Engine`` runs, in the caller's thread or in an
``AnalysisHandle``'s), and the action codes of ``searchmoves``."""
from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any, Optional, Sequence

from yinsh.engine.limit import Limit
from yinsh.errors import IllegalMoveError


@dataclass
class SearchRequest:
    """One checked search request (``Engine.analyse``'s arguments)."""

    module: ModuleType
    board: Any
    limit: Limit
    multipv: int
    codes: Optional[list[int]]
    turn: Any                    # the board's side to act (Yinsh: a Color, an int), or None
    players: int
    algorithm: str


def action_codes(module: ModuleType, board: Any, moves: Sequence[Any]) -> list[int]:
    """The action codes of searchmoves (moves of board's game); each
    must be legal. Text is a ``TypeError``, as for ``push`` (the README's
    one rule): ``board.parse_move(text)`` reads it."""
    if isinstance(moves, (str, bytes)) or not hasattr(moves, "__iter__"):
        raise TypeError(f"searchmoves must be a list of moves, not {type(moves).__name__}")
    by_move: dict[Any, int] = {}
    move_type: Optional[type] = None
    for code in module.legal_actions(board):
        move = module.action_to_move(code)
        move_type = type(move)
        by_move[move] = code
    codes: list[int] = []
    for move in moves:
        if isinstance(move, str):
            raise TypeError(f"searchmoves must hold moves, not text ({move[:40]!r}): "
                            f"use board.parse_move(text)")
        if move_type is None or not isinstance(move, move_type):
            raise TypeError(f"searchmoves must hold moves of the board's game, "
                            f"not {type(move).__name__}")
        code = by_move.get(move)
        if code is None:
            raise IllegalMoveError(f"searchmoves: {move} is not a legal action in this position")
        if code not in codes:
            codes.append(code)
    if not codes and by_move:
        raise ValueError("searchmoves is empty")
    return codes
