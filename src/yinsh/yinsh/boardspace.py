"""Import of Boardspace.net Yinsh records (SGF, ``GM[24]``).

Boardspace.net keeps the largest public archive of Yinsh games, one SGF file
per game. ``read(path_or_file)`` and ``reads(text)`` turn such a record into the same
``yinsh.record.Game`` that our own format gives, so it can be replayed,
drawn or written out with ``yinsh.record.write``.

What is read:

- the root node: ``GM[24]`` (required), ``SU`` (``Yinsh``; a name with
  ``blitz`` in it is the blitz variant), ``DT`` (the date: ``Date`` tag as
  ``yyyy.mm.dd``), ``GN`` (``GameName`` tag), ``P0[id "name"]`` (White) and
  ``P1[id "name"]`` (Black), ``RE`` (the winner's name, in the language of the
  site's user: the result is taken from which player's name it contains);
- the move nodes ``P0[n text]`` / ``P1[n text]``: ``place wr G 2`` (a ring
  placement, ``br`` for Black), ``place w G 11`` then ``drop board G 9``
  (the ring move g11-g9, the marker goes on g11), ``move C 6 C 1`` (a ring
  move in one step), ``remove w H 5 H 9`` (the row h5..h9), ``remove wr E 10``
  (the ring on e10), ``pass``, ``Resign``; ``Start``, ``Done`` and the
  ``time`` nodes are bookkeeping and skipped.

A resignation is kept: ``Result`` gives the other side the win and the tag
``Termination "resignation"`` is set. A game played to its end takes its
result from the board; ``RE`` must agree with it. Anything else (an unknown
action, an illegal action, an action by the wrong player) raises
``yinsh.record.RecordError`` with the line, the Boardspace move number and
the reason.

>>> text = '''(;GM[24]SU[Yinsh]DT[Fri Mar 13 19:56:26 GMT+01:00 2026]
... RE[Game won by Ann]P0[id "Ann"]P1[id "Bob"]
... ; P0[0 Start White]; P0[1 place wr  G 2]; P0[2 Done ]; P1[3 Resign ])'''
>>> game = reads(text)[0]
>>> game.tags["White"], game.tags["Date"], game.result, game.termination
('Ann', '2026.03.13', '1-0', 'resignation')
>>> game.actions
[yinsh.Move.from_str('g2')]
"""
from __future__ import annotations

import re
from typing import Optional

from yinsh.yinsh import _core
from yinsh.yinsh.enums import Color
from yinsh.errors import IllegalMoveError, InvalidMoveError
from yinsh.record import Game, RecordError
from yinsh.record.source import PathOrFile, check_text, clip, read_source

__all__ = ["read", "reads"]

_MONTHS = {m: i for i, m in enumerate(
    "jan feb mar apr may jun jul aug sep oct nov dec".split(), start=1)}


def read(path_or_file: PathOrFile) -> list[Game]:
    """The games of a Boardspace.net SGF file: a path or an open file (as
    ``yinsh.record.read``: ``FileNotFoundError`` for a missing file,
    ``RecordError`` for a bad record or bytes that are not UTF-8,
    ``TypeError`` for anything but a path or a file)."""
    return reads(read_source(path_or_file, "read"))


def reads(text: str) -> list[Game]:
    """The games of Boardspace.net SGF text (a str). Raises ``RecordError``
    for a record that cannot be read, ``TypeError`` for anything but a str."""
    text = check_text(text, "reads")
    return [_game(tree, no) for no, tree in enumerate(_trees(text), start=1)]


# SGF syntax -------------------------------------------------------------------

class _Prop:
    __slots__ = ("name", "values", "line")

    def __init__(self, name: str, values: list[str], line: int) -> None:
        self.name, self.values, self.line = name, values, line


def _trees(text: str) -> list[list[list[_Prop]]]:
    """The game trees of text: each a list of nodes, each a list of properties."""
    trees: list[list[list[_Prop]]] = []
    i, n, line = 0, len(text), 1
    depth = 0
    nodes: list[list[_Prop]] = []
    game_no = 1

    def fail(reason: str) -> RecordError:
        return RecordError(reason, line=line, game=game_no)

    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            i += 1
        elif ch.isspace() or ch == "\ufeff":
            i += 1
        elif ch == "(":
            if depth:
                raise fail("SGF variations are not supported (a '(' inside a game)")
            depth, nodes = 1, []
            i += 1
        elif ch == ")":
            if not depth:
                raise fail("a ')' closes no game")
            depth = 0
            trees.append(nodes)
            game_no += 1
            i += 1
        elif ch == ";":
            if not depth:
                raise fail("a node ';' outside a game '( ... )'")
            nodes.append([])
            i += 1
        elif "A" <= ch <= "Z":
            if not nodes:
                raise fail("a property outside a node")
            m = re.compile(r"[A-Z][A-Z0-9]*").match(text, i)
            if m is None:
                raise fail(f"unexpected {text[i:i + 20]!r}")
            name, i = m.group(), m.end()
            values, start_line = [], line
            while True:
                while i < n and text[i].isspace():
                    line += text[i] == "\n"
                    i += 1
                if i >= n or text[i] != "[":
                    break
                j, value = i + 1, []
                while j < n and text[j] != "]":
                    if text[j] == "\\" and j + 1 < n:
                        j += 1
                    line += text[j] == "\n"
                    value.append(text[j])
                    j += 1
                if j >= n:
                    raise fail(f"the value of {name} is never closed with ']'")
                values.append("".join(value))
                i = j + 1
            if not values:
                raise fail(f"the property {name} has no value")
            nodes[-1].append(_Prop(name, values, start_line))
        else:
            raise fail(f"unexpected {text[i:i + 20]!r}")
    if depth:
        raise fail("the record ends inside a game (no closing ')')")
    if not trees:
        raise RecordError("no SGF game '(; ... )' in the record")
    return trees


# Games ------------------------------------------------------------------------

def _point(col: str, row: str) -> str:
    return f"{col.lower()}{row}"


def _date(text: str) -> str:
    m = re.search(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+(\d{1,2})\b"
                  r".*?\b(\d{4})\b", text, re.IGNORECASE)
    if not m:
        return "????.??.??"
    return f"{m.group(3)}.{_MONTHS[m.group(1).lower()]:02d}.{int(m.group(2)):02d}"


def _game(nodes: list[list[_Prop]], game_no: int) -> Game:
    if not nodes:
        raise RecordError("an empty SGF game", game=game_no)
    root: dict[str, _Prop] = {}
    for prop in nodes[0]:
        root.setdefault(prop.name, prop)
    gm = root.get("GM")
    if gm is None or gm.values[0].strip() != "24":
        found = f"GM[{clip(gm.values[0], 20)}]" if gm else "none"
        raise RecordError(f"not a Boardspace Yinsh record: GM[24] expected, found {found}",
                          line=gm.line if gm else None, game=game_no)
    names = {}
    for player in ("P0", "P1"):
        tag = root.get(player)
        m = re.match(r'\s*id\s+"(.*)"\s*$', tag.values[0]) if tag else None
        names[player] = m.group(1) if m else "?"
    variant = "blitz" if "blitz" in (root["SU"].values[0].lower() if "SU" in root else "") \
        else "standard"
    tags = {"Event": "Boardspace.net game", "Site": "boardspace.net",
            "Date": _date(root["DT"].values[0]) if "DT" in root else "????.??.??",
            "White": names["P0"], "Black": names["P1"], "Variant": variant}
    if "GN" in root:
        tags["GameName"] = root["GN"].values[0].strip()

    game = Game([], {"Variant": variant})
    board = game.board
    actions: list[_core.Move] = []
    pending: Optional[str] = None            # the start point of a ring move in progress
    resigned: Optional[Color] = None

    def push(text: str, prop: _Prop, number: str, side: Color) -> None:
        where = f"{number} ({side.label.capitalize()})"
        if board.turn != side or board.is_game_over():
            who = "the game is over" if board.is_game_over() else \
                f"it is {board.turn.label.capitalize()}'s turn"
            raise RecordError(f"{prop.name}[{prop.values[0].strip()}]: {side.label} acts but "
                              f"{who}", line=prop.line, turn=where, game=game_no)
        try:
            move = _core.Move.from_str(text)
            board.push(move)
        except (InvalidMoveError, IllegalMoveError) as exc:
            raise RecordError(f"illegal action {prop.name}[{prop.values[0].strip()}]: {exc}",
                              line=prop.line, turn=where, game=game_no) from None
        actions.append(move)

    for node in nodes[1:]:
        for prop in node:
            if prop.name not in ("P0", "P1"):
                continue
            side = Color.WHITE if prop.name == "P0" else Color.BLACK
            if len(prop.values[0]) > 200:
                raise RecordError(f"{prop.name}[{clip(prop.values[0])}]: too long for an action",
                                  line=prop.line, game=game_no)
            words = prop.values[0].split()
            if not words:
                continue
            number = words[0] if words[0].isdigit() else "?"
            if words[0].isdigit():
                words = words[1:]
            if not words:
                continue
            cmd = words[0].lower()
            args = words[1:]

            def bad(reason: str) -> RecordError:
                return RecordError(f"{prop.name}[{prop.values[0].strip()}]: {reason}",
                                   line=prop.line, turn=f"{number} ({side.label.capitalize()})",
                                   game=game_no)

            if resigned is not None and cmd not in ("done", "time"):
                raise bad(f"an action after {resigned.label}'s resignation")
            if cmd in ("start", "done", "time", "id"):
                continue
            if cmd == "resign":
                resigned = side
            elif cmd == "place" and len(args) == 3 and args[0].lower() in ("wr", "br"):
                if args[0].lower()[0] != "wb"[side]:
                    raise bad(f"{side.label} places a ring of the other colour")
                push(_point(args[1], args[2]), prop, number, side)
            elif cmd == "place" and len(args) == 3 and args[0].lower() in ("w", "b"):
                if args[0].lower() != "wb"[side]:
                    raise bad(f"{side.label} puts down a marker of the other colour")
                if pending is not None:
                    raise bad(f"a second marker before the ring on {pending} was moved")
                pending = _point(args[1], args[2])
            elif cmd == "drop" and len(args) == 3 and args[0].lower() == "board":
                if pending is None:
                    raise bad("a ring is dropped, but no ring was picked up")
                push(f"{pending}-{_point(args[1], args[2])}", prop, number, side)
                pending = None
            elif cmd == "move" and len(args) == 4:
                push(f"{_point(args[0], args[1])}-{_point(args[2], args[3])}", prop, number, side)
            elif cmd == "remove" and len(args) == 5 and args[0].lower() in ("w", "b"):
                if args[0].lower() != "wb"[side]:
                    raise bad(f"{side.label} removes a row of the other colour")
                push(f"x{_point(args[1], args[2])}-{_point(args[3], args[4])}", prop, number, side)
            elif cmd == "remove" and len(args) == 3 and args[0].lower() in ("wr", "br"):
                if args[0].lower()[0] != "wb"[side]:
                    raise bad(f"{side.label} removes a ring of the other colour")
                push(f"x{_point(args[1], args[2])}", prop, number, side)
            elif cmd == "pass" and not args:
                push("pass", prop, number, side)
            else:
                raise bad(f"unsupported Boardspace action {' '.join(words)!r}")
    if pending is not None:
        raise RecordError(f"the record ends with the ring on {pending} picked up but not dropped",
                          game=game_no)

    winner_named = _winner_named(root.get("RE"), names)
    if board.is_game_over():
        result = board.result()
        if winner_named is not None and {"1-0": Color.WHITE, "0-1": Color.BLACK}.get(result) \
                != winner_named:
            raise RecordError(f"RE[{clip(root['RE'].values[0], 60)}] names "
                              f"{clip(names['P' + str(int(winner_named))], 60)} "
                              f"as the winner, but the game ended {result}", line=root["RE"].line,
                              game=game_no)
    elif resigned is not None:
        result = "0-1" if resigned == Color.WHITE else "1-0"
        tags["Termination"] = "resignation"
        if winner_named == resigned:
            raise RecordError(f"RE[{clip(root['RE'].values[0], 60)}] names the player who resigned as "
                              f"the winner", line=root["RE"].line, game=game_no)
    elif winner_named is not None:
        result = "1-0" if winner_named == Color.WHITE else "0-1"
        tags["Termination"] = "unknown"       # e.g. lost on time or abandoned
    else:
        result = "*"
    tags["Result"] = result
    return Game(actions, tags)


def _winner_named(prop: Optional[_Prop], names: dict[str, str]) -> Optional[Color]:
    """The side whose player's name RE contains (the longer name if both)."""
    if prop is None:
        return None
    text = prop.values[0]
    found = [(len(name), Color.WHITE if player == "P0" else Color.BLACK)
             for player, name in names.items() if name != "?" and name in text]
    if not found:
        return None
    found.sort(reverse=True)
    if len(found) == 2 and found[0][0] == found[1][0]:
        return None                          # both names, equally long: cannot tell
    return found[0][1]
