"""Game records: a PGN-like text format, read and written.

A record holds one or more games. Each game is a block of tag pairs, then its
movetext, which ends with the result::

    [Event "Club night"]
    [Site "Lyon"]
    [Date "2026.03.14"]
    [White "Ada"]
    [Black "Ben"]
    [Result "*"]
    [Variant "standard"]

    1. e5 f6 2. g7 h8 3. i9 j10 4. k7 k10 5. a2 a5 {rings placed} 6. e5-e9 *

- Tags: ``[Name "value"]``, one per line; ``\\"`` and ``\\\\`` escape a quote
  and a backslash. The seven-tag roster (Event, Site, Date, White, Black,
  Result, Variant) is always written, in that order, unknown values as ``?``
  (the date as ``????.??.??``); an optional ``Position`` tag holds the start
  position string (default: the empty board of the variant); other tags
  (e.g. ``Termination "resignation"``) follow in their order.
- Movetext: one token per turn of a side, the actions of that side in one go
  (the official GIPF turn notation): a placement ``e5``, a ring move
  ``e5-e9``, a pass ``pass``; the row and ring removals that follow a ring
  move are written after a ``;`` with no spaces (``e5-e9;xe6-e10xa2``), and
  removals a side makes before its ring move (rows the opponent made for it)
  before a ``;`` (``xb2-b6xk7;f2-f5``). ``N.`` numbers White's turns,
  ``N...`` a turn of Black that does not follow White's token directly.
- Comments in braces ``{...}`` between tokens; they belong to the point of
  the game where they stand.
- The movetext ends with the result: ``1-0``, ``0-1``, ``1/2-1/2`` or ``*``,
  the same as the Result tag. Lines are wrapped at 80 characters.

``read(path_or_file)`` (a path or an open file) and ``reads(text)`` (record
text, a str) return a list of ``Game`` (tags, actions, comments and the final
``board``), as ``json.load`` / ``json.loads``; ``write(games)`` returns the
text. ``reads(write(g))`` gives back equal games and ``write(reads(text)) ==
text`` for any text that ``write`` produced. Both also take Boardspace.net SGF
records (``yinsh.yinsh.boardspace``). A bad record raises ``RecordError`` (a
``ValueError``) naming the line, the turn and the reason; no game is returned
half-read.

>>> game = reads('[White "Ada"]\\n\\n1. e5 f6 2. g7 {nice} h8 *\\n')[0]
>>> game.tags["White"], [str(m) for m in game.actions], game.result
('Ada', ['e5', 'f6', 'g7', 'h8'], '*')
>>> print(write(game), end="")
[Event "?"]
[Site "?"]
[Date "????.??.??"]
[White "Ada"]
[Black "?"]
[Result "*"]
[Variant "standard"]
<BLANKLINE>
1. e5 f6 2. g7 {nice} 2... h8 *
"""
from __future__ import annotations

import errno
import os
import re
from typing import IO, Any, Iterable, Optional, Union

from yinsh import games as _games
from yinsh.yinsh import _core
from yinsh.yinsh.board import Board
from yinsh.yinsh.enums import Color, MoveKind
from yinsh.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError

__all__ = ["Game", "RecordError", "read", "reads", "write", "split_turn", "turn_text", "ROSTER",
           "RESULTS"]

#: The tags every written game has, in this order, with their unknown values.
ROSTER = {"Event": "?", "Site": "?", "Date": "????.??.??", "White": "?", "Black": "?",
          "Result": "*", "Variant": "standard"}
#: The results a record can give.
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
LINE_WIDTH = 80
MAX_TOKEN = 200                       # a turn token is far shorter

#: What ``read`` takes: a path or an open file (text, or binary holding UTF-8).
PathOrFile = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]


class RecordError(ValueError):
    """A record that cannot be read: the message names the line (and the
    turn) and says why. ``line``, ``turn`` and ``game`` (the game's number
    in the file, from 1) are kept as attributes (``None`` when unknown)."""

    def __init__(self, reason: str, *, line: Optional[int] = None,
                 turn: Optional[str] = None, game: Optional[int] = None) -> None:
        where = []
        if game is not None and game > 1:
            where.append(f"game {game}")
        if line is not None:
            where.append(f"line {line}")
        if turn is not None:
            where.append(f"turn {turn}")
        super().__init__(f"{', '.join(where)}: {reason}" if where else reason)
        self.reason, self.line, self.turn, self.game = reason, line, turn, game


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

    def __init__(self, actions: Iterable[Union[_core.Move, str]] = (),
                 tags: Optional[dict[str, str]] = None,
                 comments: Iterable[tuple[int, str]] = ()) -> None:
        given = dict(tags or {})
        for name, value in given.items():
            if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_]+", name):
                raise RecordError(f"bad tag name {name!r} (letters, digits and _ only)")
            if not isinstance(value, str):
                raise RecordError(f"the value of tag {name} must be a string, not {value!r}")
        #: the game (``yinsh.games``): its ``name`` is the Game tag
        self.game: _games.GameKind = _game_of(given)
        start = _start_board(given)
        self.tags: dict[str, str] = {k: given.get(k, v) for k, v in self.game.roster.items()}
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
                move = self.game.parse_move(action) if isinstance(action, str) else action
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
        if not self.game.is_result(result):
            raise RecordError(f"the Result tag must be {_results_text(self.game)}, not {result!r}")
        if board.is_game_over() and result != board.result():
            raise RecordError(f"the game ended {board.result()}{_how(board)}, but the result "
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
        return self.game.winner(self.result)

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
        return _start_board(self.tags)

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
        first = self.game.first_side(board)
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


def _game_of(tags: dict[str, str]) -> _games.GameKind:
    """The game the Game tag names (Yinsh without one)."""
    name = tags.get("Game", _games.DEFAULT)
    if name not in _games.GAMES:
        raise RecordError(f"unknown Game tag {_clip(name)!r} (known: {', '.join(_games.GAMES)})")
    return _games.GAMES[name]


def _start_board(tags: dict[str, str]) -> Any:
    try:
        return _game_of(tags).start_board(tags)
    except RecordError:
        raise
    except ValueError as exc:
        raise RecordError(str(exc)) from None


def _results_text(game: _games.GameKind) -> str:
    return game.describe_results()


def _digit_actions(name: str) -> bool:
    """Whether the game of that name writes actions starting with a digit."""
    return name in _games.GAMES and _games.GAMES[name].digit_actions


def _how(board: Any) -> str:
    """`` (rings)``: how an ended game ended, where the board says."""
    outcome = board.outcome() if hasattr(board, "outcome") else None
    return "" if outcome is None else f" ({outcome.termination.value})"


# Writing --------------------------------------------------------------------

def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def turn_text(moves: Iterable[_core.Move]) -> str:
    """The GIPF turn notation of one side's consecutive actions: removals
    run together, other actions separated from them by ``;``.

    >>> turn_text(_core.Move.from_str(t) for t in ["e5-e9", "xe6-e10", "xa2"])
    'e5-e9;xe6-e10xa2'
    """
    pieces: list[str] = []
    removal_open = False
    for move in moves:
        removal = move.kind in (MoveKind.REMOVE_ROW, MoveKind.REMOVE_RING)
        if removal and removal_open:
            pieces[-1] += str(move)
        else:
            pieces.append(str(move))
        removal_open = removal
    return ";".join(pieces)


def split_turn(token: str) -> list[str]:
    """The action texts of one turn token (the inverse of ``turn_text``).
    Raises ``InvalidMoveError`` for a token that cannot be split (the actions
    themselves are not checked here).

    >>> split_turn("xb2-b6xk7;f2-f5;xc2-c6xb1")
    ['xb2-b6', 'xk7', 'f2-f5', 'xc2-c6', 'xb1']
    """
    texts: list[str] = []
    for piece in token.split(";"):
        if not piece:
            raise InvalidMoveError(f"empty action in {token!r} (a stray ';')")
        if piece[0] in "xX":
            found = _REMOVAL.findall(piece)
            if "".join(found) != piece:
                raise InvalidMoveError(f"cannot read the removals {piece!r} in {token!r}")
            texts += found
        else:
            texts.append(piece)
    return texts


def _movetext(game: Game) -> str:
    comments: dict[int, list[str]] = {}
    for ply, text in game.comments:
        comments.setdefault(ply, []).append(text)
    items: list[str] = []
    ply = 0
    need_number = True
    first = game.game.first_side(game.start_board())
    join = turn_text if game.game.grouped_turns else (lambda ms: " ".join(str(m) for m in ms))
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


# Reading --------------------------------------------------------------------

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<tag>\[\s*(?P<name>[A-Za-z0-9_]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\])
  | (?P<comment>\{(?P<text>[^}]*)\})
  | (?P<result>(?:1-0|0-1|1/2-1/2|\*)(?=\s|$))
  | (?P<number>(?P<n>\d+)\.(?P<dots>\.\.)?(?=\s|$|[A-Za-z]))
  | (?P<turn>[A-Za-z][A-Za-z0-9;\-]*(?=\s|$|\{))
  | (?P<digits>\d[A-Za-z0-9\-]*(?=\s|$|\{))
""", re.VERBOSE)

_REMOVAL = re.compile(r"x[a-z]\d+(?:-[a-z]\d+)?", re.IGNORECASE)


def _clip(text: str, limit: int = 40) -> str:
    """text for an error message, cut after limit characters."""
    return text if len(text) <= limit else text[:limit] + "..."


def _decoded(data: bytes) -> str:
    """UTF-8 bytes as text; ``RecordError`` (with the line) if they are not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise RecordError(f"not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start} "
                          f"cannot be decoded (is this a record?)", line=line) from None


def _read_source(source: PathOrFile, who: str) -> str:
    """The text of a path or of a file object, for ``who`` (``read`` and
    ``boardspace.read``): a missing file raises ``FileNotFoundError``,
    undecodable bytes ``RecordError``, a wrong type ``TypeError``."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except ValueError as exc:      # a NUL, an unencodable character (a lone surrogate)
            raise RecordError(f"{_clip(str(path))!r} cannot be a file name ({exc}); {who}() takes "
                              f"a path or a file, reads() takes record text") from None
        except OSError as exc:
            if exc.errno != errno.ENAMETOOLONG:
                raise
            raise RecordError(f"{_clip(str(path))!r} cannot be a file name (too long); {who}() "
                              f"takes a path or a file, reads() takes record text") from None
        return _decoded(data)
    if hasattr(source, "read") and not isinstance(source, (bytes, bytearray, memoryview)):
        try:
            content: object = source.read()
        except UnicodeDecodeError as exc:
            raise RecordError(f"not text in the file's encoding ({exc.encoding}): byte "
                              f"0x{exc.object[exc.start]:02x} cannot be decoded") from None
        if isinstance(content, (bytes, bytearray)):
            return _decoded(bytes(content))
        if not isinstance(content, str):
            raise TypeError(f"{who}(): the file's read() returned {type(content).__name__}, "
                            f"not str or bytes")
        return content
    raise TypeError(f"{who}() takes a path (str or os.PathLike) or a file object, not "
                    f"{type(source).__name__}" + ("; for record text use reads()"
                                                  if isinstance(source, (bytes, bytearray)) else ""))


_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_text(text: object, who: str) -> str:
    """text, if it is a str that can be record text (``reads`` and
    ``boardspace.reads``)."""
    if not isinstance(text, str):
        hint = "; for a path or a file use read()" if isinstance(text, os.PathLike) or \
            hasattr(text, "read") else ""
        raise TypeError(f"{who}() takes the record text as a str, not {type(text).__name__}{hint}")
    m = _SURROGATE.search(text)
    if m is not None:
        raise RecordError(f"a lone surrogate {m.group()!r} is not a character",
                          line=text.count("\n", 0, m.start()) + 1)
    return text


def read(path_or_file: PathOrFile) -> list[Game]:
    """The games of a record file: a path (``str`` or ``os.PathLike``) or an
    open file (text, or binary holding UTF-8). For record text use
    ``reads(text)`` (the ``json.load`` / ``json.loads`` convention).
    Boardspace.net SGF records (they start with ``(;``) are read by
    ``yinsh.yinsh.boardspace``.

    Raises ``FileNotFoundError`` (and other ``OSError``) for a file that
    cannot be opened, ``RecordError`` (line, turn and reason) for a bad
    record, bytes that are not UTF-8 or a str that cannot be a file name,
    and ``TypeError`` for anything but a path or a file.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.txt"
    >>> _ = path.write_text("1. e5 f6 *\\n")
    >>> [str(m) for m in read(path)[0].actions]
    ['e5', 'f6']
    >>> read(path.with_name("gmae.txt"))           # doctest: +ELLIPSIS
    Traceback (most recent call last):
    FileNotFoundError: [Errno 2] No such file or directory: '...gmae.txt'
    """
    return reads(_read_source(path_or_file, "read"))


def reads(text: str) -> list[Game]:
    """The games of record text (a ``str``; ``read`` takes a path or a file).
    Text that starts with ``(;`` is a Boardspace.net SGF record
    (``yinsh.yinsh.boardspace.reads``).

    Raises ``RecordError`` (line, turn and reason) for any text that is not a
    good record, ``TypeError`` for anything but a str.

    >>> games = reads("1. e5 f6 1-0\\n\\n[Variant \\"blitz\\"]\\n\\n1. a2 *\\n")
    >>> [(g.result, g.tags["Variant"], len(g.actions)) for g in games]
    [('1-0', 'standard', 2), ('*', 'blitz', 1)]
    >>> reads("games.txt")                        # text, not a file name
    Traceback (most recent call last):
    yinsh.record.RecordError: line 1: unexpected text 'games.txt'
    """
    text = _check_text(text, "reads")
    if text.lstrip("\ufeff \t\r\n").startswith("(;"):
        from yinsh.yinsh import boardspace
        return boardspace.reads(text)
    return _Reader(text).games()


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text.lstrip("\ufeff")
        self.game_no = 1

    def line_of(self, pos: int) -> int:
        return self.text.count("\n", 0, pos) + 1

    def error(self, reason: str, pos: int, turn: Optional[str] = None) -> RecordError:
        return RecordError(reason, line=self.line_of(pos), turn=turn, game=self.game_no)

    def games(self) -> list[Game]:
        games: list[Game] = []
        tags: dict[str, str] = {}
        tag_pos: dict[str, int] = {}
        state: Optional[_GameState] = None
        pos, end = 0, len(self.text)
        first_pos = None
        while pos < end:
            m = _TOKEN.match(self.text, pos)
            if m is None:
                bad = self.text[pos:].split(None, 1)[0] if self.text[pos:].strip() else ""
                if self.text[pos] == "{":
                    raise self.error("a comment '{' is never closed", pos)
                if self.text[pos] == "[":
                    raise self.error(f"bad tag pair {bad[:40]!r} (write [Name \"value\"])", pos)
                raise self.error(f"unexpected text {bad[:40]!r}", pos)
            kind = next(k for k in ("space", "tag", "comment", "result", "number", "turn", "digits")
                        if m.group(k) is not None)
            if kind == "digits" and _digit_actions(state.game.name if state is not None
                                                   else tags.get("Game", _games.DEFAULT)):
                kind = "turn"                   # a Ludo action: 14-19
            elif kind == "digits":
                raise self.error(f"unexpected text {m.group()[:40]!r}", pos)
            if kind != "space" and first_pos is None:
                first_pos = pos
            if kind == "tag":
                if state is not None:
                    raise self.error("a tag pair inside the movetext: the game before it has "
                                     "no result (1-0, 0-1, 1/2-1/2 or *) at its end", pos)
                name = m.group("name")
                if name in tags:
                    raise self.error(f"the tag {name} is given twice", pos)
                tags[name] = re.sub(r"\\(.)", r"\1", m.group("value"))
                tag_pos[name] = pos
            elif kind != "space":
                if state is None:
                    state = _GameState(self, tags, tag_pos, pos)
                if kind == "comment":
                    state.comment(m.group("text"))
                elif kind == "number":
                    if len(m.group("n")) > 6:
                        raise self.error(f"turn number {_clip(m.group('n'), 10)} is too large", pos)
                    state.number(int(m.group("n")), bool(m.group("dots")), pos)
                elif kind == "turn" or not state.game.is_result(m.group()):
                    if state.game.is_result(m.group()):
                        games.append(state.finish(m.group(), pos))      # Ludo: GBYR
                        self.game_no += 1
                        state, tags, tag_pos, first_pos = None, {}, {}, None
                    else:
                        state.turn(m.group(), pos)
                else:
                    games.append(state.finish(m.group("result"), pos))
                    self.game_no += 1
                    state, tags, tag_pos, first_pos = None, {}, {}, None
            pos = m.end()
        if state is not None or tags:
            raise self.error("the record ends inside a game: its movetext has no result "
                             "(1-0, 0-1, 1/2-1/2 or *) at its end", first_pos or 0)
        return games


class _GameState:
    """Reading one game's movetext."""

    def __init__(self, reader: _Reader, tags: dict[str, str], tag_pos: dict[str, int],
                 pos: int) -> None:
        self.reader = reader
        self.tags = tags
        try:
            self.game = _game_of(tags)
            self.board = _start_board(tags)
        except RecordError as exc:
            where = next((tag_pos[t] for t in ("Game", "Position", "Layout", "Players", "Variant")
                          if t in tag_pos and t in exc.reason), tag_pos.get("Position", tag_pos.get("Variant", pos)))
            raise reader.error(exc.reason, where) from None
        self.first = self.game.first_side(self.board)
        self.actions: list[Any] = []
        self.comments: list[tuple[int, str]] = []
        self.number_no = 1            # the turn number of the next action
        self.last_side: Any = None

    def side_changes(self) -> None:
        """Advances the turn number as the next action's side is known."""
        side = self.board.turn
        if self.last_side is not None and side != self.last_side and side == self.first:
            self.number_no += 1

    def comment(self, text: str) -> None:
        self.comments.append((len(self.actions), text))

    def number(self, n: int, dots: bool, pos: int) -> None:
        if self.board.is_game_over():
            raise self.reader.error(f"turn number {n}{'...' if dots else '.'} after the end of "
                                    f"the game ({self.board.result()})", pos)
        side = self.board.turn
        expected = self.number_no
        if self.last_side is not None and side != self.last_side and side == self.first:
            expected += 1
        want_dots = side != self.first
        if n != expected or dots != want_dots:
            raise self.reader.error(
                f"turn number {n}{'...' if dots else '.'} where "
                f"{expected}{'...' if want_dots else '.'} was expected "
                f"({side.label.capitalize()} acts next)", pos)

    def turn(self, token: str, pos: int) -> None:
        if len(token) > MAX_TOKEN:
            raise self.reader.error(f"the turn {_clip(token, 20)!r} is too long to be one", pos,
                                    self._turn_name())
        try:
            texts = split_turn(token) if self.game.grouped_turns else [token]
        except InvalidMoveError as exc:
            raise self.reader.error(str(exc), pos, self._turn_name()) from None
        for text in texts:
            name = self._turn_name()
            try:
                move = self.game.parse_move(text)
            except InvalidMoveError as exc:
                raise self.reader.error(f"invalid action {text!r} in {token!r}: {exc}", pos,
                                        name) from None
            try:
                self.side_changes()
                side = self.board.turn
                self.board.push(move)
            except IllegalMoveError as exc:
                raise self.reader.error(f"illegal action {text!r}: {exc}", pos, name) from None
            self.last_side = side
            self.actions.append(move)

    def _turn_name(self) -> str:
        side = self.board.turn
        n = self.number_no
        if self.last_side is not None and side != self.last_side and side == self.first:
            n += 1
        return f"{n} ({side.label.capitalize()})"

    def finish(self, result: str, pos: int) -> Game:
        tag = self.tags.get("Result")
        if tag is not None and tag != result:
            raise self.reader.error(f"the movetext ends with {result} but the Result tag "
                                    f"says {tag}", pos)
        tags = dict(self.tags)
        tags["Result"] = result
        if self.board.is_game_over() and self.board.result() != result:
            raise self.reader.error(f"the game ended {self.board.result()}{_how(self.board)}, "
                                    f"but the record says {result}", pos)
        try:
            return Game(self.actions, tags, self.comments)
        except RecordError as exc:            # cannot happen after the checks above
            raise self.reader.error(exc.reason, pos) from None
