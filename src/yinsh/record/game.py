"""One game of a record: ``Game`` (its tags, actions, comments and final
board), and its text in the library's format, ``write``.

The movetext groups a side's consecutive actions into one token where the
game's part ``"records"`` says how (``yinsh.parts.records``: Yinsh's GIPF
turns, ``e5-e9;xe6-e10xa2``), else writes a token per action.
"""
from __future__ import annotations

import os
import re
from typing import IO, Any, Iterable, Optional, Union

from yinsh import games as _games
from yinsh.game_kind import GameKind
from yinsh.errors import IllegalMoveError, InvalidMoveError
from yinsh.parts.records import Records
from yinsh.record.errors import RecordError
from yinsh.record.source import clip

__all__ = ["Game", "write", "turn_text", "split_turn", "ROSTER", "RESULTS"]

#: The tags every written game has, in this order, with their unknown values.
ROSTER = {"Event": "?", "Site": "?", "Date": "????.??.??", "White": "?", "Black": "?",
          "Result": "*", "Variant": "standard"}
#: The results a record can give.
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
LINE_WIDTH = 80


class Game:
    """One game: ``tags`` (a dict, roster first), ``actions`` (the
    ``Move`` list from the start position), ``comments`` (a list of
    ``(ply, text)``: the text stands after ``ply`` actions) and ``board``,
    the final position, whose move stack holds the actions.

    Raises ``RecordError`` if the actions are not legal from the start
    position, or if the Result tag contradicts an ended game.

    >>> g = Game(["e5", "f6"], {"White": "Ada"})
    >>> g.board.ply, g.tags["Variant"], g.result
    (2, 'standard', '*')
    >>> Game.from_board(g.board) == g.copy(tags={"White": "?"})
    True
    """

    # the name users import it by (its repr in docs, pickles)
    __module__ = "yinsh.record"

    def __init__(self, actions: Iterable[Any] = (),
                 tags: Optional[dict[str, str]] = None,
                 comments: Iterable[tuple[int, str]] = ()) -> None:
        given = dict(tags or {})
        for name, value in given.items():
            if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_]+", name):
                raise RecordError(f"bad tag name {name!r} (letters, digits and _ only)")
            if not isinstance(value, str):
                raise RecordError(f"the value of tag {name} must be a string, not {value!r}")
        #: the game (``yinsh.games``): its ``name`` is the Game tag
        self.game: GameKind = game_of_tags(given)
        start = start_of_tags(given)
        self.tags: dict[str, str] = {k: given.get(k, v) for k, v in records_of(self.game).roster.items()}
        for name, value in self.game.start_tags(start).items():
            if name != "Position":
                self.tags[name] = given.get(name, value)
        for name, value in given.items():
            if name not in self.tags:
                self.tags[name] = value
        self.actions: list[Any] = []
        board = start
        for i, action in enumerate(actions):
            try:
                move = records_of(self.game).parse_move(action) if isinstance(action, str) else action
                if not isinstance(move, self.game.module.Move):
                    raise TypeError(f"actions are Move objects or text, not {move!r}")
                board.push(move)
            except (InvalidMoveError, IllegalMoveError) as exc:
                raise RecordError(f"action {i + 1}: {exc}") from None
            self.actions.append(move)
        self.board: Any = board
        self.comments: list[tuple[int, str]] = []
        for ply, text in comments:
            if not 0 <= ply <= len(self.actions):
                raise RecordError(f"a comment stands after action {ply}, but the game has "
                                  f"{len(self.actions)}")
            if "}" in text:
                raise RecordError(f"a comment may not contain '}}': {text!r}")
            self.comments.append((ply, text))
        self.comments.sort(key=lambda c: c[0])
        if given.get("Result") is None and board.is_game_over():
            self.tags["Result"] = board.result()
        result = self.tags["Result"]
        if not records_of(self.game).is_result(result):
            raise RecordError(f"the Result tag must be {_results_text(self.game)}, not {result!r}")
        if board.is_game_over() and result != board.result():
            raise RecordError(f"the game ended {board.result()}{how_ended(board)}, but the result "
                              f"says {result}")

    # Derived facts ----------------------------------------------------------

    @property
    def headers(self) -> dict[str, str]:
        """The same as ``tags`` (the python-chess name)."""
        return self.tags

    @property
    def moves(self) -> list[Any]:
        """The same as ``actions``."""
        return self.actions

    @property
    def result(self) -> str:
        """The Result tag: ``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``"*"``
        (Ludo: the finishing order, e.g. ``"G"`` or ``"GBYR"``, or ``"*"``)."""
        return self.tags["Result"]

    @property
    def winner(self) -> Any:
        """The winning side (a Color of the game), or ``None`` (draw or no
        result)."""
        return records_of(self.game).winner(self.result)

    @property
    def termination(self) -> Optional[str]:
        """How the game ended: the board's reason (``"rings"``,
        ``"marker_pool"``, ``"blocked"``) for a game played to its end, else
        the Termination tag (e.g. ``"resignation"``), else ``None``."""
        outcome = self.board.outcome() if hasattr(self.board, "outcome") else None
        if outcome is not None:
            return str(outcome.termination.value)
        return self.tags.get("Termination")

    def start_board(self) -> Any:
        """A new board at the start position (Position tag or empty board;
        Insert: the Layout tag; Ludo: the Players and Variant tags)."""
        return start_of_tags(self.tags)

    def board_at(self, ply: int) -> Any:
        """The board after the first ply actions (0 = the start). Raises
        ``ValueError`` for a ply outside 0..len(actions)."""
        if not 0 <= ply <= len(self.actions):
            raise ValueError(f"ply must be between 0 and {len(self.actions)}, not {ply}")
        board = self.start_board()
        for move in self.actions[:ply]:
            board.push(move)
        return board

    def turns(self) -> list[tuple[int, Any, list[Any]]]:
        """The actions grouped by turn: ``(number, side, actions)``, one
        entry per run of actions by one side; White's runs (Ludo: the
        first colour's) start a new number."""
        board = self.start_board()
        first = records_of(self.game).first_side(board)
        out: list[tuple[int, Any, list[Any]]] = []
        number = 1
        for move in self.actions:
            side = board.turn
            if out and out[-1][1] == side:
                out[-1][2].append(move)
            else:
                if out and side == first:
                    number += 1
                out.append((number, side, [move]))
            board.push(move)
        return out

    # Construction -----------------------------------------------------------

    @classmethod
    def from_board(cls, board: Any, **tags: str) -> "Game":
        """The game of board's move stack (from the position where the stack
        starts), with these tags; board is of any game (``yinsh.games``).
        The result comes from the board if the game ended.

        >>> from yinsh import Board
        >>> b = Board()
        >>> _ = b.push_str("e5")
        >>> Game.from_board(b, White="Ada").actions
        [yinsh.Move.from_str('e5')]
        """
        start = board.copy()
        while start.ply:
            start.pop()
        game = _games.of_board(board)
        tags = dict(tags)
        if game.name != _games.DEFAULT:
            tags.setdefault("Game", game.name)
        for name, value in game.start_tags(start).items():
            tags.setdefault(name, value)
        return cls(board.move_stack, tags)

    def copy(self, *, tags: Optional[dict[str, str]] = None) -> "Game":
        """A copy, with some tags replaced."""
        return Game(self.actions, {**self.tags, **(tags or {})}, self.comments)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.tags, self.actions, self.comments) == (other.tags, other.actions, other.comments)

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return write(self)

    def __repr__(self) -> str:
        if self.game.name != _games.DEFAULT:
            return f"<Game {self.game.name}, {len(self.actions)} actions, {self.result}>"
        return (f"<Game {self.tags['White']!r} vs {self.tags['Black']!r}, "
                f"{len(self.actions)} actions, {self.result}>")


def game_of_tags(tags: dict[str, str]) -> GameKind:
    """The game the Game tag names (Yinsh without one)."""
    name = tags.get("Game", _games.DEFAULT)
    if name not in _games.GAMES:
        raise RecordError(f"unknown Game tag {clip(name)!r} (known: {', '.join(_games.GAMES)})")
    return _games.GAMES[name]


def start_of_tags(tags: dict[str, str]) -> Any:
    try:
        return game_of_tags(tags).start_board(tags)
    except RecordError:
        raise
    except ValueError as exc:
        raise RecordError(str(exc)) from None


def _results_text(game: GameKind) -> str:
    return records_of(game).describe_results()


def how_ended(board: Any) -> str:
    """`` (rings)``: how an ended game ended, where the board says."""
    outcome = board.outcome() if hasattr(board, "outcome") else None
    return "" if outcome is None else f" ({outcome.termination.value})"


def records_of(game: GameKind) -> Records:
    """The game's part ``"records"`` (its roster, results, turn notation
    and dialects; ``yinsh.parts.records``)."""
    records: Records = game.part("records")
    return records


def turn_text(moves: Iterable[Any]) -> str:
    """The GIPF turn notation of one side's consecutive Yinsh actions:
    removals run together, other actions separated from them by ``;``
    (Yinsh's part ``"records"``, ``yinsh.yinsh.records``).

    >>> from yinsh import Move
    >>> turn_text(Move.from_str(t) for t in ["e5-e9", "xe6-e10", "xa2"])
    'e5-e9;xe6-e10xa2'
    """
    return _yinsh_records().turn_text(moves)


def split_turn(token: str) -> list[str]:
    """The action texts of one Yinsh turn token (the inverse of
    ``turn_text``). Raises ``InvalidMoveError`` for a token that cannot be
    split (the actions themselves are not checked here).

    >>> split_turn("xb2-b6xk7;f2-f5;xc2-c6xb1")
    ['xb2-b6', 'xk7', 'f2-f5', 'xc2-c6', 'xb1']
    """
    return _yinsh_records().split_turn(token)


def _yinsh_records() -> Records:
    """The default game's (Yinsh's) part ``"records"``."""
    records: Records = _games.get(_games.DEFAULT).part("records")
    return records


# Writing --------------------------------------------------------------------

def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'



def _movetext(game: Game) -> str:
    comments: dict[int, list[str]] = {}
    for ply, text in game.comments:
        comments.setdefault(ply, []).append(text)
    items: list[str] = []
    ply = 0
    need_number = True
    records = records_of(game.game)
    first = records.first_side(game.start_board())
    join = records.turn_text
    for number, side, moves in game.turns():
        if ply in comments:
            items += ["{" + t + "}" for t in comments.pop(ply)]
            need_number = True
        label = f"{number}. " if side == first else f"{number}... " if need_number else ""
        items.append(label + join(moves))     # a number stays with its turn
        need_number = False
        ply += len(moves)
    for text in comments.pop(ply, []):
        items.append("{" + text + "}")
    items.append(game.result)
    lines, line = [], ""
    for item in items:
        if line and len(line) + 1 + len(item) > LINE_WIDTH:
            lines.append(line)
            line = item
        else:
            line = f"{line} {item}" if line else item
    lines.append(line)
    return "\n".join(lines)


def write(games: Union[Game, Iterable[Game]], file: Optional[Union[str, "os.PathLike[str]", IO[str]]] = None) -> str:
    """The record text of one game or several (separated by a blank line);
    also written to file (a path or a text file object) when given."""
    if isinstance(games, Game):
        games = [games]
    blocks = []
    for game in games:
        if not isinstance(game, Game):
            raise TypeError(f"write takes Game objects, not {type(game).__name__}")
        tags = "\n".join(f"[{k} {_quote(v)}]" for k, v in game.tags.items())
        blocks.append(f"{tags}\n\n{_movetext(game)}\n")
    text = "\n".join(blocks)
    if file is not None:
        if hasattr(file, "write"):
            file.write(text)
        else:
            with open(file, "w", encoding="utf-8") as f:
                f.write(text)
    return text
