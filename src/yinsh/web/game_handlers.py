"""The games at one screen as requests, without HTTP: what the routes
``/api/games/...`` do, for the server (``app.py``) and for the page's
worker in a browser with no server (``local.py``).

A handler takes the checked parts of a request (a game id, a JSON body as
a dict, a query value) and returns the JSON answer as a dict; it raises
the library's errors, which ``errors.answer`` makes the HTTP status and
body both backends answer with. The handlers of actions that change a
game are ``CHANGES`` (by the route's last part), called under the game's
lock by the server and in order by the worker.

>>> from yinsh.web import errors
>>> handlers = GameHandlers(SessionStore())
>>> state = handlers.new_game({"game": "insert", "options": {"layout": 7}, "seats": [None, None]})
>>> handlers.change(state["id"], "play", {"move": "c3"})["ply"]
1
>>> try:
...     handlers.change(state["id"], "play", {"move": "c3"})
... except ValueError as exc:
...     errors.answer(exc)
(400, {'error': 'illegal move c3: the square is taken (a white ring is on it)'}, {})
>>> handlers.record(state["id"])[0]
'insert-game.txt'
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from yinsh.web import engines, games as _games
from yinsh.web.inputs import MAX_LEVEL, BadRequest, game_options, seats, text
from yinsh.web.sessions import GameSession, SessionStore, UnknownSessionError, import_game

__all__ = ["GameHandlers", "CHANGES"]

Body = dict[str, Any]

#: The handlers of the actions that change a game, by the route's last part.
CHANGES: dict[str, Callable[[GameSession, Body], Body]] = {
    "play": lambda game, body: game.play(text(body, "move", 200)),
    "throw": lambda game, body: game.throw(),
    "step": lambda game, body: game.step(),
    "undo": lambda game, body: game.undo(),
    "resign": lambda game, body: game.resign(),
}


class GameHandlers:
    """The handlers over store's games, whose engines search in slots;
    take_rate(client) is called before a new game (the server's rate of new
    games an address: it raises to refuse)."""

    def __init__(self, store: SessionStore, slots: engines.SearchSlots = engines.SLOTS,
                 take_rate: Optional[Callable[[str], None]] = None) -> None:
        self.store, self.slots, self.take_rate = store, slots, take_rate

    def catalogue(self) -> Body:
        """``GET /api/games``: the games, their options, the engine's levels
        of each (``engines.levels_json``), and the engine's bounds."""
        return {"games": {name: {**_games.catalogue(game), "levels": engines.levels_json(game.kind)}
                          for name, game in _games.WEB_GAMES.items()},
                "engine": {"min_time": engines.MIN_MOVE_TIME, "max_time": engines.MAX_MOVE_TIME,
                           "max_multipv": engines.MAX_MULTIPV,
                           "max_analysis_time": engines.MAX_ANALYSIS_TIME}}

    def new_game(self, body: Body, client: str = "") -> Body:
        """``POST /api/games``: a new game (``game``, ``options``, ``seats``,
        ``auto_throw``), or an imported record or position (``import``,
        with ``seats`` and ``auto_throw`` if given)."""
        if self.take_rate is not None:
            self.take_rate(client)
        auto_throw = body.get("auto_throw", False)
        if not isinstance(auto_throw, bool):
            raise BadRequest("auto_throw must be true or false")
        if "import" in body:
            imported = text(body, "import")
            chosen = body.get("seats")
            if chosen is not None:          # the count is checked against the game's seats
                chosen = seats(chosen, len(chosen) if isinstance(chosen, list) else 0)
            return self.store.add(import_game(imported, chosen, self.slots, auto_throw=auto_throw),
                                  client).state()
        web_game = _games.get(body.get("game"))
        options = game_options(web_game.name, body.get("options", {}))
        board = web_game.new_board(options)
        count = len(web_game.seats(board))
        chosen = seats(body.get("seats", [None] * count), count)
        return self.store.add(GameSession(board, chosen, auto_throw=auto_throw, slots=self.slots),
                              client).state()

    def game(self, game_id: object) -> GameSession:
        """The game of an id (``UnknownSessionError``)."""
        return self.store.get(game_id)

    def state(self, game_id: object) -> Body:
        """``GET /api/games/{id}``: the game's state."""
        return self.game(game_id).state()

    def change(self, game_id: object, what: str, body: Body) -> Body:
        """``POST /api/games/{id}/{what}`` for what in ``CHANGES``, in the
        caller's thread (the server takes the game's lock and, for the
        engine's ``step``, a slot's thread)."""
        if what not in CHANGES:
            raise BadRequest(f"the actions are {', '.join(CHANGES)}, not {what[:20]!r}")
        return CHANGES[what](self.game(game_id), body)

    def board_at(self, game_id: object, ply: Optional[str]) -> Body:
        """``GET /api/games/{id}/board?ply=N``: the position and picture after N actions."""
        game = self.game(game_id)
        return _games.board_view(game.game, game.board, ply)

    def saved(self, game_id: object) -> Body:
        """The request of ``new_game`` that makes the game again: its record,
        seats (an engine below level 8 as ``{"time", "level"}``) and die throws."""
        game = self.game(game_id)
        sides = game.game.seats(game.board)
        players = [game.session.seats[side].player for side in sides]
        return {"import": game.record_text(), "auto_throw": game.auto_throw,
                "seats": [None if player is None else player.time if player.level == MAX_LEVEL
                          else {"time": player.time, "level": player.level} for player in players]}

    def record(self, game_id: object) -> tuple[str, str]:
        """``GET /api/games/{id}/record``: the download's file name and the record."""
        game = self.game(game_id)
        return f"{game.game.name}-game.txt", game.record_text()
