"""Each game as the page drives it: one shape for every registered game.

The page's view of a game is a ``WebGame`` (``yinsh.parts.web``, with
``Choice`` and ``OptionError``): the game's part ``"web"`` where it has one
(``yinsh.yinsh.web.YinshWeb``, ...), else the generic ``WebGame``, which
serves any board of the protocol. ``WEB_GAMES`` holds one per registered
game; ``catalogue`` is what the page learns of each (its New game form is
drawn from the game's options). ``board_at`` and ``board_view`` look
back at a game (at one screen and online alike).

>>> game = WEB_GAMES["yinsh"]
>>> board = game.new_board({"variant": "blitz"})
>>> board.variant, game.choices(board)[0]
('blitz', Choice(move='a2', paths=(('a2',),), auto=False))
>>> game.prompt(board)
'White to place a ring'
>>> catalogue(WEB_GAMES["ludo"])["seats"]["2"]
['Green', 'Blue']
"""
from __future__ import annotations

from typing import Any, Mapping

from yinsh import games as _games
from yinsh.game_kind import GameKind
from yinsh.parts.web import OptionError, WebGame

__all__ = ["WEB_GAMES", "get", "of_board", "catalogue", "board_at", "board_view"]

def _make(kind: GameKind) -> WebGame:
    """The page's view of kind: its part ``"web"``, else the generic one."""
    made: WebGame = kind.part("web")(kind) if kind.has_part("web") else WebGame(kind)
    return made


#: The games by name: every registered game's ``WebGame``.
WEB_GAMES: Mapping[str, WebGame] = _games.GameView(_make)


def get(name: object) -> WebGame:
    """The game of a name (``OptionError`` for another)."""
    if not isinstance(name, str) or name not in WEB_GAMES:
        raise OptionError(f"the games are {', '.join(WEB_GAMES)}, not {str(name)[:20]!r}")
    return WEB_GAMES[name]


def of_board(board: Any) -> WebGame:
    """The game of a board."""
    return WEB_GAMES[_games.of_board(board).name]


def catalogue(game: WebGame) -> dict[str, Any]:
    """What the page learns of game (``GET /api/games``): its title, its
    sides, its options (the New game form's fields), whether dice act
    (the form's "throw the die for people too"), and the sides that take
    a seat, in seat order, by the number of players where the game has
    the option ``players`` (else under ``""``)."""
    kind = game.kind
    counts = next((option for option in kind.options if option.name == "players" and option.numbers), None)
    starts: list[dict[str, Any]] = [{}] if counts is None else [
        {"players": n} for n in range(int(counts.minimum or 0), int(counts.maximum or 0) + 1)]
    seats: dict[str, list[str]] = {}
    for options in starts:
        board = game.new_board(options)
        names = game.side_names(board)
        seats[str(options.get("players", ""))] = [names[side] for side in game.seats(board)]
    return {"title": game.title, "sides": [side.capitalize() for side in kind.sides],
            "variants": list(kind.options.choices("variant")), "options": [option.as_json() for option in kind.options],
            "chance": kind.has_chance, "seats": seats}



def board_at(board: Any, ply: object = None) -> Any:
    """A copy of board after ply actions: a whole number (or its digits)
    from the game's first ply (a game from a position starts there) to now
    (None: now); ``ValueError`` for another ply. Every look back at a game
    (at one screen, online, in analysis) goes through it.

    >>> board = WEB_GAMES["insert"].new_board({"layout": 7})
    >>> board.push(next(iter(board.legal_moves)))
    >>> [board_at(board, n).ply for n in (None, "0", 1)]
    [1, 0, 1]
    >>> board_at(board, "2")
    Traceback (most recent call last):
    ValueError: ply must be a whole number from 0 to 1
    """
    first = board.ply - len(board.move_stack)
    if ply is None:
        ply = board.ply
    if isinstance(ply, str) and ply.isascii() and ply.isdigit() and len(ply) <= 9:
        ply = int(ply)
    if isinstance(ply, bool) or not isinstance(ply, int) or not first <= ply <= board.ply:
        raise ValueError(f"ply must be a whole number from {first} to {board.ply}")
    view = board.copy()
    while view.ply > ply:
        view.pop()
    return view


def board_view(game: WebGame, board: Any, ply: object = None) -> dict[str, Any]:
    """``GET .../board?ply=N`` of a game at one screen or online: the ply,
    the position and the picture (without targets) after N actions
    (``board_at``)."""
    view = board_at(board, ply)
    return {"ply": view.ply, "position": view.position(), "svg": game.svg(view, [], False)}
