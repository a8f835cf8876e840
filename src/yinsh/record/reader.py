"""Reading records: ``read`` (a path or a file) and ``reads`` (text), the
library's format (``yinsh.record``) and the games' own dialects (their
part ``"records"``: Boardspace.net SGF records of Yinsh)."""
from __future__ import annotations

import re
from typing import Any, Optional

from yinsh import games as _games
from yinsh.errors import IllegalMoveError, InvalidMoveError
from yinsh.parts.records import Records
from yinsh.record.errors import RecordError
from yinsh.record.game import Game, game_of_tags, how_ended, records_of, start_of_tags
from yinsh.record.source import PathOrFile, check_text, clip, read_source

__all__ = ["read", "reads"]

MAX_TOKEN = 200                       # a turn token is far shorter

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<tag>\[\s*(?P<name>[A-Za-z0-9_]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\])
  | (?P<comment>\{(?P<text>[^}]*)\})
  | (?P<result>(?:1-0|0-1|1/2-1/2|\*)(?=\s|$))
  | (?P<number>(?P<n>\d+)\.(?P<dots>\.\.)?(?=\s|$|[A-Za-z]))
  | (?P<turn>[A-Za-z][A-Za-z0-9;\-]*(?=\s|$|\{))
  | (?P<digits>\d[A-Za-z0-9\-]*(?=\s|$|\{))
""", re.VERBOSE)


def read(path_or_file: PathOrFile) -> list[Game]:
    """The games of a record file: a path (``str`` or ``os.PathLike``) or an
    open file (text, or binary holding UTF-8). For record text use
    ``reads(text)`` (the ``json.load`` / ``json.loads`` convention).
    A record in a game's own dialect is read by that game's part
    ``"records"`` (Boardspace.net SGF records, which start with ``(;``:
    ``yinsh.yinsh.boardspace``).

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
    return reads(read_source(path_or_file, "read"))


def reads(text: str) -> list[Game]:
    """The games of record text (a ``str``; ``read`` takes a path or a file).
    Text that cannot start a record of the library's format (it starts
    with none of ``[``, ``{``, ``*``, a letter or a digit) goes to the game
    whose part ``"records"`` knows its dialect: text that starts with ``(;``
    is a Boardspace.net SGF record (``yinsh.yinsh.boardspace.reads``).

    Raises ``RecordError`` (line, turn and reason) for any text that is not a
    good record, ``TypeError`` for anything but a str.

    >>> games = reads("1. e5 f6 1-0\\n\\n[Variant \\"blitz\\"]\\n\\n1. a2 *\\n")
    >>> [(g.result, g.tags["Variant"], len(g.actions)) for g in games]
    [('1-0', 'standard', 2), ('*', 'blitz', 1)]
    >>> reads("games.txt")                        # text, not a file name
    Traceback (most recent call last):
    yinsh.record.RecordError: line 1: unexpected text 'games.txt'
    """
    text = check_text(text, "reads")
    if not _OWN_START.match(text.lstrip("\ufeff \t\r\n")):
        for records in _dialects():
            if records.is_dialect(text):
                return records.reads_dialect(text)
    return _Reader(text).games()


# What a record of the library's format starts with (besides white space).
_OWN_START = re.compile(r"[\[{*A-Za-z0-9]|$")


def _dialects() -> list[Records]:
    """The parts ``"records"`` of the games that load, the default game's first."""
    found = []
    for name in _games.GAMES.loadable():
        records = records_of(_games.GAMES[name])
        if records is not None:
            found.append(records)
    return found


def _digit_actions(name: str) -> bool:
    """Whether the game of that name writes actions starting with a digit."""
    return name in _games.GAMES and _games.GAMES[name].part("records").digit_actions


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
                        raise self.error(f"turn number {clip(m.group('n'), 10)} is too large", pos)
                    state.number(int(m.group("n")), bool(m.group("dots")), pos)
                elif kind == "turn" or not state.records.is_result(m.group()):
                    if state.records.is_result(m.group()):
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
            self.game = game_of_tags(tags)
            self.board = start_of_tags(tags)
        except RecordError as exc:
            where = next((tag_pos[t] for t in ("Game", "Position", "Layout", "Players", "Variant")
                          if t in tag_pos and t in exc.reason), tag_pos.get("Position", tag_pos.get("Variant", pos)))
            raise reader.error(exc.reason, where) from None
        self.records = records_of(self.game)
        self.first = self.records.first_side(self.board)
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
            raise self.reader.error(f"the turn {clip(token, 20)!r} is too long to be one", pos,
                                    self._turn_name())
        try:
            texts = self.records.split_turn(token)
        except InvalidMoveError as exc:
            raise self.reader.error(str(exc), pos, self._turn_name()) from None
        for text in texts:
            name = self._turn_name()
            try:
                move = self.records.parse_move(text)
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
            raise self.reader.error(f"the game ended {self.board.result()}{how_ended(self.board)}, "
                                    f"but the record says {result}", pos)
        try:
            return Game(self.actions, tags, self.comments)
        except RecordError as exc:            # cannot happen after the checks above
            raise self.reader.error(exc.reason, pos) from None
