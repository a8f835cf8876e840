"""Each game as the page drives it: one shape for Yinsh, Insert and Ludo.

A ``WebGame`` says how a new board is made from the page's options, how each
legal action is clicked (``choices``: the action's text and the click paths
that name it, a path being the ``data-point`` / ``data-square`` /
``data-place`` values of the picture's targets in order), how the board is
drawn (the game's own SVG module, with click targets and arrows) and what
the side to act must do, in words. Everything else goes through the games'
common Board API (``legal_moves``, ``push``, ``turn``, ``position()``, ...).

>>> game = WEB_GAMES["yinsh"]
>>> board = game.new_board({"variant": "blitz"})
>>> board.variant, game.choices(board)[0]
('blitz', Choice(move='a2', paths=(('a2',),), auto=False))
>>> game.prompt(board)
'White to place a ring'
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Optional

from yinsh import games as _games

__all__ = ["Choice", "WebGame", "WEB_GAMES", "OptionError", "get"]

#: Insert's layouts are numbered 0..LAYOUTS - 1.
LAYOUTS = 6144


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
    registered game (``yinsh.games.GameKind.web``, its ``web_class``); this
    class serves any board of the protocol, subclasses refine it."""

    #: the page's title of the game (default: the game's ``label``)
    title = ""
    #: the attribute of the picture's click targets
    target = "point"

    def __init__(self, kind: Optional[_games.GameKind] = None) -> None:
        if kind is None:                     # YinshWeb() and the like: the registered game
            kind = _games.GAMES[type(self).name]
        self.kind = kind
        self.name = kind.name
        if not self.title:
            self.title = kind.label

    #: the game a subclass describes (``YinshWeb()`` finds its registered game)
    name = ""

    def new_board(self, options: Mapping[str, Any]) -> Any:
        """A board at the start the options give (``OptionError``): the
        game's environment options (``GameKind.env_options``) by default."""
        if not isinstance(options, Mapping):
            raise OptionError("options must be an object")
        unknown = sorted(set(options) - set(self.kind.env_options))
        if unknown:
            raise OptionError(f"{self.title} has no option {unknown[0][:20]!r}"
                              + (f" (its options: {', '.join(self.kind.env_options)})"
                                 if self.kind.env_options else ""))
        try:
            return self.kind.new_board({**self.kind.env_options, **options})
        except (TypeError, ValueError) as exc:
            raise OptionError(f"{self.title}: {exc}") from None

    def board_from_position(self, text: str) -> Any:
        """The board of a position string (the board's ``ValueError``)."""
        return self.kind.board_class(text)

    def side_names(self, board: Any) -> list[str]:
        """The sides' names, by side number (every side of the game, in play or not)."""
        return [str(side).capitalize() for side in type(board.players[0])]

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
        return self.kind.is_chance(board)

    def throw(self, board: Any, rng: random.Random) -> Any:
        return self.kind.throw(board, rng)


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


class YinshWeb(WebGame):
    name, title, target = "yinsh", "Yinsh", "point"
    scale = 10000                                   # one ring
    reasons = {"rings": "{winner} removed the rings needed", "marker_pool": "the markers ran out",
               "blocked": "no side could move"}
    PROMPTS = {"place": "place a ring", "move": "move a ring", "remove_row": "remove a row of five markers",
               "remove_ring": "remove one of their rings"}

    def new_board(self, options: Mapping[str, Any]) -> Any:
        variant = options.get("variant", "standard")
        if variant not in self.kind.variants:
            raise OptionError(f"Yinsh variants are {' and '.join(self.kind.variants)}, not {variant!r}")
        return self.kind.board_class(variant=variant)

    def paths(self, move: Any) -> tuple[tuple[str, ...], ...]:
        from yinsh.yinsh import _core
        from yinsh.yinsh.enums import MoveKind
        name = _core.point_name
        if move.kind == MoveKind.PLACE:
            return ((name(move.to_point),),)
        if move.kind == MoveKind.MOVE:
            return ((name(move.from_point), name(move.to_point)),)
        if move.kind == MoveKind.REMOVE_ROW:
            a, b = name(move.from_point), name(move.to_point)
            return ((a, b), (b, a))
        if move.kind == MoveKind.REMOVE_RING:
            return ((name(move.from_point),),)
        return ()                                  # pass: a button

    def svg(self, board: Any, highlight: list[str], targets: bool) -> str:
        from yinsh.yinsh.enums import Phase
        if not highlight and targets and board.phase is Phase.REMOVE_ROW:
            highlight = [str(m) for m in board.legal_moves]        # the rows to choose from
        return super().svg(board, highlight, targets)

    def prompt(self, board: Any) -> str:
        return f"{str(board.turn).capitalize()} to {self.PROMPTS[board.phase.value]}"


class InsertWeb(WebGame):
    name, title, target = "insert", "Insert", "square"
    reasons = {"five": "five in a row", "groups": "the larger groups"}

    def new_board(self, options: Mapping[str, Any]) -> Any:
        layout = options.get("layout", "random")
        Board = self.kind.board_class
        if layout == "random":
            return Board.random(random.SystemRandom().randrange(2 ** 63))
        if isinstance(layout, str) and layout.isdigit() and len(layout) <= 6:
            layout = int(layout)
        if isinstance(layout, bool) or not isinstance(layout, int) or not 0 <= layout < LAYOUTS:
            raise OptionError(f"an Insert layout is 'random' or a number 0..{LAYOUTS - 1}, "
                              f"not {str(layout)[:20]!r}")
        return Board(layout=layout)

    def prompt(self, board: Any) -> str:
        side = str(board.turn).capitalize()
        if board.ply == 0:
            return f"{side} to place a ring anywhere"
        return f"{side} to place a ring on the lit line"


class LudoWeb(WebGame):
    name, title, target = "ludo", "Ludo", "place"
    auto_play = True                  # a piece has one target: click the piece

    def new_board(self, options: Mapping[str, Any]) -> Any:
        players = options.get("players", 4)
        variant = options.get("variant", "standard")
        if isinstance(players, str) and players.isdigit() and len(players) == 1:
            players = int(players)
        if players not in (2, 3, 4) or isinstance(players, bool):
            raise OptionError(f"Ludo takes 2, 3 or 4 players, not {str(players)[:20]!r}")
        if variant not in self.kind.variants:
            raise OptionError(f"Ludo variants are {' and '.join(self.kind.variants)}, not {variant!r}")
        return self.kind.board_class(players=players, variant=variant)

    def paths(self, move: Any) -> tuple[tuple[str, ...], ...]:
        return ((move.source, move.target),)

    def svg(self, board: Any, highlight: list[str], targets: bool) -> str:
        from yinsh.ludo import svg
        return svg.board(board, highlight=highlight, targets=targets)

    def prompt(self, board: Any) -> str:
        side = str(board.turn).capitalize()
        if board.is_chance():
            return f"{side} to throw the die"
        dice = " and ".join(str(d) for d in board.dice)
        return f"{side} threw {dice}: move a piece {board.total} field{'s' if board.total > 1 else ''}"

    def reason(self, board: Any) -> str:
        return "all pieces home" if board.is_game_over() else ""

    def winner_words(self, board: Any) -> str:
        if not board.is_game_over():
            return ""
        order = [str(self.kind.module.Color.of(c)).capitalize() for c in board.result()]
        if len(order) == 1:
            return f"{order[0]} wins"
        return f"{order[0]} wins; places: {', '.join(order)}"


#: The games by name: every registered game's ``WebGame``.
WEB_GAMES: Mapping[str, WebGame] = _games.GameView(lambda kind: kind.web)


def get(name: object) -> WebGame:
    """The game of a name (``OptionError`` for another)."""
    if not isinstance(name, str) or name not in WEB_GAMES:
        raise OptionError(f"the games are {', '.join(WEB_GAMES)}, not {str(name)[:20]!r}")
    return WEB_GAMES[name]


def of_board(board: Any) -> WebGame:
    """The game of a board."""
    web: WebGame = _games.of_board(board).web
    return web
