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
text`` for any text that ``write`` produced. Both also take the records of a
game's own dialect, through its part ``"records"`` (``yinsh.parts.records``):
Boardspace.net SGF records of Yinsh (``yinsh.yinsh.boardspace``). A bad record
raises ``RecordError`` (a ``ValueError``) naming the line, the turn and the
reason; no game is returned half-read.

The package's modules: ``game`` (``Game``, ``write``), ``reader`` (``read``,
``reads``), ``source`` (the text of a path, a file or a str) and ``errors``
(``RecordError``).

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

from yinsh.record.errors import RecordError
from yinsh.record.game import LINE_WIDTH, RESULTS, ROSTER, Game, split_turn, turn_text, write
from yinsh.record.reader import MAX_TOKEN, read, reads
from yinsh.record.source import PathOrFile

__all__ = ["Game", "RecordError", "read", "reads", "write", "split_turn", "turn_text", "ROSTER",
           "RESULTS"]
