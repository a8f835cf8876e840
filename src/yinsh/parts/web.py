"""The web page's view of one game: the part ``"web"``, and the generic
view that serves a game without one.

A ``WebGame`` says how a new board is made from the page's options (each
checked against the game's ``GameKind.options``), how each legal action is
clicked (``choices``: the action's text and the click paths that name it,
a path being the ``data-point`` / ``data-square`` / ``data-place`` values
of the picture's targets in order), how the board is drawn (the game's own
SVG module, with click targets and arrows) and what the side to act must
do, in words. Everything else goes through the games' common Board API
(``legal_moves``, ``push``, ``turn``, ``position()``, ...).

A game whose page needs more than this class gives a subclass of its own
package as its part ``"web"`` (``yinsh.yinsh.web.YinshWeb``); the web page
(``yinsh.web.games.WEB_GAMES``) makes one per registered game.

>>> from yinsh import games
>>> game = WebGame(games.get("yinsh"))
>>> board = game.new_board({"variant": "blitz"})
>>> board.variant, game.choices(board)[0], game.prompt(board)
('blitz', Choice(move='a2', paths=(('a2',),), auto=False), 'White to act')
>>> game.new_board({"variant": "fast"})
Traceback (most recent call last):
yinsh.parts.web.OptionError: Yinsh variants are standard and blitz, not 'fast'
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Optional

from yinsh import games as _games
from yinsh.game_kind import GameKind
from yinsh.options import check

__all__ = ["Choice", "WebGame", "OptionError"]


class OptionError(ValueError):
    """A new-game option the game does not take (the page shows the text)."""


@dataclass(frozen=True)
class Choice:
    """A legal action (``move``: its text) and the click paths naming it
    (none: the page offers a button, e.g. ``pass``); ``auto``: the page
    plays it as soon as the clicks so far fit no other action (a row of
    Yinsh by one end, a piece of Ludo)."""

    move: str
    paths: tuple[tuple[str, ...], ...]
    auto: bool = False

    def as_json(self) -> dict[str, Any]:
        return {"move": self.move, "paths": [list(p) for p in self.paths], "auto": self.auto}


class WebGame:
    """What the page needs of one game (see the module): made once per
    registered game (``yinsh.web.games.WEB_GAMES``) of its part ``"web"``
    or of this class, which serves any board of the protocol."""

    #: the page's title of the game (default: the game's ``label``)
    title = ""
    #: the attribute of the picture's click targets
    target = "point"

    def __init__(self, kind: Optional[GameKind] = None) -> None:
        if kind is None:                     # YinshWeb() and the like: the registered game
            kind = _games.GAMES[type(self).name]
        self.kind = kind
        self.name = kind.name
        if not self.title:
            self.title = kind.title

    #: the game a subclass describes (``YinshWeb()`` finds its registered game)
    name = ""

    def new_board(self, options: Mapping[str, Any]) -> Any:
        """A board at the start the options give: each one checked against
        the game's options (``GameKind.options``; ``OptionError`` saying
        what it takes), the others at their defaults, then ``start``."""
        if not isinstance(options, Mapping):
            raise OptionError("options must be an object")
        try:
            values = check(self.title, self.kind.options, options)
        except ValueError as exc:
            raise OptionError(str(exc)) from None
        return self.start(values)

    def start(self, values: dict[str, Any]) -> Any:
        """The board of every option's value (checked): the game's
        ``new_board`` (its ``ValueError`` as an ``OptionError``)."""
        try:
            return self.kind.new_board(values)
        except (TypeError, ValueError) as exc:
            raise OptionError(f"{self.title}: {exc}") from None

    def board_from_position(self, text: str) -> Any:
        """The board of a position string (the board's ``ValueError``)."""
        return self.kind.board_class(text)

    def side_names(self, board: Any) -> list[str]:
        """The sides' names, by side number (every side of the game, in play or not)."""
        return [side.capitalize() for side in self.kind.sides]

    def move_list(self, start: Any, moves: Iterable[Any]) -> list[dict[str, Any]]:
        """The actions played from the board start (not changed): the ply
        after each, the name of the side that made it and its text."""
        board = start.copy()
        names = self.side_names(board)
        out = []
        for move in moves:
            out.append({"ply": board.ply + 1, "side": names[int(board.turn)], "text": str(move)})
            board.push(move)
        return out

    def seats(self, board: Any) -> list[int]:
        """The side numbers that take part (the protocol's ``players``)."""
        return [int(c) for c in board.players]

    def choices(self, board: Any) -> list[Choice]:
        """The legal actions of the side to act, with their click paths
        (none at a throw of the dice: the page's throw button)."""
        if self.needs_throw(board):
            return []
        auto = self.auto_play
        return [Choice(str(m), paths, auto or len(paths) > 1)
                for m, paths in ((m, self.paths(m)) for m in board.legal_moves)]

    #: whether every action is played as soon as the clicks fit it alone
    auto_play = False

    def paths(self, move: Any) -> tuple[tuple[str, ...], ...]:
        return ((str(move),),)

    def needs_throw(self, board: Any) -> bool:
        """Whether the side to act throws the die next (games with dice)."""
        return bool(self.kind.part("rl").is_chance(board))

    def throw(self, board: Any, rng: random.Random) -> Any:
        return self.kind.part("rl").throw(board, rng)


    def svg(self, board: Any, highlight: list[str], targets: bool) -> str:
        """The picture: the game's SVG module, with click targets and the
        highlighted actions (arrows, frames)."""
        return str(self.kind.svg.board(board, highlight=highlight, targets=targets))

    def prompt(self, board: Any) -> str:
        """Whose turn it is and what they must do, in words."""
        side = str(board.turn).capitalize()
        return f"{side} to act"

    #: the end reasons in words, by termination (``{winner}``: the winner's name)
    reasons: dict[str, str] = {}

    def reason(self, board: Any) -> str:
        """Why a finished game ended, in words."""
        outcome = board.outcome()
        if outcome is None:
            return ""
        how = str(outcome.termination.value)
        return self.reasons.get(how, how).format(winner=str(outcome.winner).capitalize())

    def winner_words(self, board: Any) -> str:
        outcome = board.outcome()
        if outcome is None:
            return ""
        if outcome.winner is None:
            return "Draw"
        return f"{str(outcome.winner).capitalize()} wins"

    def algorithm(self, board: Any) -> str:
        return self.kind.algorithm(board)

    #: a score of the alpha-beta worth a clear advantage (the evaluation bar's scale)
    scale = 3000

    def score_scale(self, board: Any) -> int:
        """The score that fills most of the evaluation bar: the MCTS's
        scores run from -1000 to 1000, the alpha-beta's are the game's own."""
        return 1000 if self.algorithm(board) == "mcts" else self.scale

    def search_problem(self, board: Any) -> Optional[str]:
        """Why the engine cannot search board, else None."""
        if board.is_game_over():
            return "the game is over"
        if self.needs_throw(board):
            return f"{str(board.turn).capitalize()} throws the die next"
        return self.kind.search_problem(board, self.algorithm(board))
