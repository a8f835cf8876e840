"""Each game as the page drives it: one shape for every registered game.

The page's view of a game is a ``WebGame`` (``yinsh.parts.web``, with
``Choice`` and ``OptionError``): the game's part ``"web"`` where it has one
(``yinsh.yinsh.web.YinshWeb``, ...), else the generic ``WebGame``, which
serves any board of the protocol. ``WEB_GAMES`` holds one per registered
game; ``catalogue`` is what the page learns of each (its New game form is
drawn from the game's options).

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
from yinsh.parts.web import Choice, OptionError, WebGame

__all__ = ["Choice", "WebGame", "WEB_GAMES", "OptionError", "get", "of_board", "catalogue"]

def _make(kind: _games.GameKind) -> WebGame:
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
