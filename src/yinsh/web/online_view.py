"""What an online game shows: the state a page draws (``state``), the
board's picture (``picture``, drawn once per entry and view) and the
game's record (``record_text``).

>>> from yinsh.web.online_game import OnlineGame, Seat
>>> game = OnlineGame.new("insert", {"layout": 7}, [Seat("person", "Ann"), Seat("person", "Bob")])
>>> game.start(at_ms=0)
>>> shown = state(game, now_ms=0)
>>> shown["prompt"], shown["svg"].startswith("<svg"), len(shown["choices"]) > 0
('White to place a ring anywhere', True, True)
"""
from __future__ import annotations

import collections
import copy as _copy
from typing import TYPE_CHECKING, Any, Optional, Sequence

if TYPE_CHECKING:
    from yinsh.web.online_game import OnlineGame

__all__ = ["state", "picture", "record_text", "PICTURES_KEPT", "SHARED_PICTURES_KEPT"]

#: The pictures a game keeps drawn (``picture``).
PICTURES_KEPT = 4
#: The pictures of start positions the process keeps drawn for every game
#: (the same start position of thousands of new games is drawn once).
SHARED_PICTURES_KEPT = 256
_SHARED: "collections.OrderedDict[tuple[str, str, bool], str]" = collections.OrderedDict()


def _word(value: int, words: tuple[str, str]) -> str:
    return words[0] if value == 1 else words[1]


def state(game: OnlineGame, now_ms: int, pictures: Optional[dict[tuple[int, bool], str]] = None,
          since: Optional[int] = None, svg: bool = True) -> dict[str, Any]:
    """What the page draws (``you`` is added per viewer): the whole of it
    (without svg: its ``svg`` None, not drawn), or, since a seq, an
    update's: without the picture (``view``: whether it has targets) and
    with the moves that changed since then only (``moves_from``,
    ``moves_tail``)."""
    web, board = game.web, game.board
    to_act = game.to_act
    person = to_act is not None and not game.seats[to_act].is_engine and to_act not in game.out
    choices = web.choices(board) if person else []
    over = game.ended is not None
    if over:
        result = game.result()
        prompt = f"Game over: {result['winner']}" + (f" ({result['reason']})" if result["reason"] else "")
    elif to_act is None:
        waiting = sum(1 for s in game.seats if not s.is_engine and not s.joined)
        prompt = f"Waiting for {waiting} {_word(waiting, ('player', 'players'))} to join"
    elif game.engine_to_act():
        prompt = f"{game.side_name(to_act)} (engine) is thinking"
    else:
        prompt = web.prompt(board)
    targets = game.view()
    state = {
        "game": game.game_name, "title": web.title, "target": web.target, "options": game.options,
        "status": game.status, "ply": board.ply, "seq": game.seq, "position": board.position(),
        "turn": game.side_name(to_act), "to_act": to_act,
        "seats": [{"seat": s, "side": game.side_name(s), "kind": seat.kind, "name": seat.name,
                   "level": seat.level if seat.is_engine else None,
                   "joined": seat.joined or seat.is_engine, "out": s in game.out}
                  for s, seat in enumerate(game.seats)],
        "prompt": prompt, "over": over, "result": game.result(),
        "choices": [c.as_json() for c in choices],
        "buttons": {"pass": any(not c.paths for c in choices),
                    "throw": person and game.needs_throw()},
        "dice": list(getattr(board, "dice", None) or ()),
        "clock": None if game.clocks is None else game.clocks.as_json(now_ms),
        "offers": {"draw": game.offers.draw, "takeback": None if game.offers.takeback is None
                   else _copy.deepcopy(game.offers.takeback)},
        "view": int(targets),
    }
    if since is None:
        state.update(moves=game.moves(), svg=picture(game, targets, pictures) if svg else None)
    else:
        start = game.moves_changed_since(since)
        state.update(moves_from=start, moves_tail=game.played[start:])
    return state


def picture(game: OnlineGame, targets: bool, cache: Optional[dict[tuple[int, bool], str]] = None) -> str:
    """The board's SVG (targets: with the clickable targets of the
    player to act), drawn once per entry (seq) and view into cache. A
    picture shows the last action too (its move, Insert's flips), which
    the position string does not hold: only a board with no action
    played yet (a start position, drawn once for thousands of new
    games) is shared by position with every game, in the process's
    last ``SHARED_PICTURES_KEPT`` pictures."""
    key = (game.seq, targets)
    svg = cache.get(key) if cache is not None else None
    if svg is None:
        if game.board.move_stack:
            svg = game.web.svg(game.board, [], targets)
        else:
            shared = (game.game_name, game.board.position(), targets)
            svg = _SHARED.get(shared)
            if svg is None:
                svg = _SHARED[shared] = game.web.svg(game.board, [], targets)
                if len(_SHARED) > SHARED_PICTURES_KEPT:
                    _SHARED.popitem(last=False)
            else:
                _SHARED.move_to_end(shared)
        if cache is not None:
            while len(cache) >= PICTURES_KEPT:
                del cache[next(iter(cache))]
            cache[key] = svg
    return svg


def record_text(game: OnlineGame, names: Optional[Sequence[str]] = None, date: str = "?") -> str:
    """The game in the library's record format."""
    from yinsh import record
    web, board = game.web, game.board
    side_names = web.side_names(board)
    tags = {side_names[game.sides[s]]: (names[s] if names else seat.name)
            for s, seat in enumerate(game.seats)}
    tags.update(Event="Online game", Site="yinsh serve", Date=date)
    if game.control is not None:
        tags["TimeControl"] = str(game.control)
    if game.ended is not None and not board.is_game_over():
        tags.update(Result=game.ended["code"], Termination=game.ended["reason"])
    return record.write(record.Game.from_board(board, **tags))
