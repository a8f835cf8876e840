"""What a live analysis says and what it is asked, without a socket: the
page's view of each iteration of a search (``info_json``) and the checked
request to start one (``start_request``), shared by the server's WebSocket
(``analysis.py``) and the page's worker in a browser (``local.py``).

>>> from yinsh.web.games import WEB_GAMES
>>> from yinsh.web.sessions import GameSession
>>> game = GameSession(WEB_GAMES["yinsh"].new_board({}), [None, None])
>>> request = start_request(game, {"type": "start", "ply": 0, "multipv": 2})
>>> request.board.ply, request.multipv, request.problem
(0, 2, None)
>>> start_request(game, {"type": "start", "multipv": 9})
Traceback (most recent call last):
yinsh.web.inputs.BadRequest: multipv must be a whole number from 1 to 5
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

from yinsh.engine import Analysis
from yinsh.parts.web import WebGame
from yinsh.web import engines
from yinsh.web.games import board_at
from yinsh.web.inputs import BadRequest, integer

if TYPE_CHECKING:
    from yinsh.web.sessions import GameSession

__all__ = ["MAX_MESSAGE", "StartRequest", "info_json", "read_message", "start_request"]

MAX_MESSAGE = 4096          # characters of a message from the page


def _wdl(found: Analysis) -> Optional[list[int]]:
    """``[W, D, L]`` per mille from the side to act (``Analysis.wdl``), or
    None for a game without a model."""
    wdl = found.wdl
    return None if wdl is None else [wdl.wins, wdl.draws, wdl.losses]


def info_json(game: WebGame, board: Any, found: Analysis) -> dict[str, Any]:
    """The page's view of one iteration of a search of board: each line's
    score and ``wdl`` (``[W, D, L]`` per mille from the side to act, or
    None), shown on the page as the win chance beside the score."""
    lines = found.lines or [found]
    return {
        "type": "info", "depth": found.depth, "nodes": found.nodes, "nps": found.nps,
        "time": round(found.time, 2), "algorithm": found.algorithm, "ply": board.ply,
        "turn": game.side_names(board)[int(board.turn)], "scale": game.score_scale(board),
        "lines": [{"multipv": line.multipv, "score": line.score, "mate": line.mate,
                   "score_text": line.score_text(), "wdl": _wdl(line), "pv": [str(m) for m in line.pv]}
                  for line in lines],
        "wdl": _wdl(found),
        "svg": game.svg(board, [str(line.best_move) for line in lines if line.best_move], True),
    }


def read_message(raw: str) -> dict[str, Any]:
    """A message of the page: a JSON object of at most ``MAX_MESSAGE``
    characters whose type is start or stop (``BadRequest``)."""
    message = json.loads(raw) if len(raw) <= MAX_MESSAGE else None
    if not isinstance(message, dict):
        raise BadRequest("a message is a JSON object of at most 4 KB")
    if message.get("type") not in ("start", "stop"):
        raise BadRequest("a message's type is start or stop")
    return message


@dataclass(frozen=True)
class StartRequest:
    """A checked start: a copy of the game's board at the asked ply,
    multipv lines, and why there is nothing to analyse there (``None``:
    there is)."""

    board: Any
    multipv: int
    problem: Optional[str]


def start_request(game: GameSession, message: dict[str, Any]) -> StartRequest:
    """The checked ``{"type": "start", "ply": N, "multipv": K}`` of game
    (``BadRequest`` for a bad ply or multipv)."""
    ply = integer(message.get("ply", game.board.ply), "ply", 0, game.board.ply)
    multipv = integer(message.get("multipv", 1), "multipv", 1, engines.MAX_MULTIPV)
    board = board_at(game.board, ply)
    return StartRequest(board, multipv, game.game.search_problem(board))
