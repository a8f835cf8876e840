"""A game's records: the part ``"records"``.

The library's format (``yinsh.record``) is the same for every game; what
differs is in this part: the tags every written game has (``roster``), the
results a record may give, which side starts a turn number, and the
notation of a turn. The default writes a token per action, and splits
nothing; a game whose side takes several actions in one turn may group
them into one token (Yinsh's GIPF turns: ``e5-e9;xe6-e10xa2``), and a game
may read records of its own dialect too (Yinsh's Boardspace.net SGF).

>>> from yinsh import games
>>> records = games.get("yinsh").part("records")
>>> isinstance(records, Records), records.split_turn("e5-e9;xe6-e10xa2")
(True, ['e5-e9', 'xe6-e10', 'xa2'])
>>> records.is_dialect("(;GM[24])"), records.is_dialect("1. e5 *")
(True, False)
>>> games.get("ludo").part("records").split_turn("14-19;20")
['14-19;20']
"""
from __future__ import annotations

from typing import Any, Iterable, Optional

from yinsh.parts import Part

__all__ = ["Records"]


class Records(Part):
    """What ``yinsh.record`` needs of a game (see the module); each member
    has a default from the game's spec."""

    #: the results of two-sided games
    results: tuple[str, ...] = ("1-0", "0-1", "1/2-1/2", "*")
    #: the results in words, for a record's error messages ('' : "one of" the results)
    results_text = ""
    #: whether an action's text may start with a digit (Ludo's ``14-19``)
    digit_actions = False

    @property
    def roster(self) -> dict[str, str]:
        """The tags every written game has, in this order, with their
        unknown values: the event, the players of a two-sided game by side,
        the result, and the game's name (but for the default game)."""
        from yinsh.games import DEFAULT
        tags = {"Event": "?", "Site": "?", "Date": "????.??.??"}
        if len(self.game.sides) == 2:
            tags.update({side.capitalize(): "?" for side in self.game.sides})
        tags["Result"] = "*"
        if self.game.name != DEFAULT:
            tags["Game"] = self.game.name
        return tags

    def parse_move(self, text: str) -> Any:
        """The action of text (``InvalidMoveError`` if it is none)."""
        return self.game.module.Move.from_str(text)

    def is_result(self, text: str) -> bool:
        """Whether text is a result a record of this game may give."""
        return text in self.results

    def describe_results(self) -> str:
        """The results a record may give, in words (error messages)."""
        return self.results_text or "one of " + ", ".join(self.results)

    def winner(self, result: str) -> Optional[Any]:
        """The winning colour a result names, else None."""
        color = self.game.module.Color
        return {"1-0": color(0), "0-1": color(1)}.get(result)

    def first_side(self, board: Any) -> Any:
        """The colour whose turns start a new turn number."""
        return board.players[0]

    def turn_text(self, moves: Iterable[Any]) -> str:
        """The token(s) of one side's consecutive actions: one per action,
        separated by spaces, where the game does not group them."""
        return " ".join(str(move) for move in moves)

    def split_turn(self, token: str) -> list[str]:
        """The action texts of one token (the inverse of ``turn_text``):
        the token itself where the game does not group actions;
        ``InvalidMoveError`` for a token that cannot be split."""
        return [token]

    def is_dialect(self, text: str) -> bool:
        """Whether record text is of the game's own dialect (a quick look at
        its start: text of the library's format never is)."""
        return False

    def reads_dialect(self, text: str) -> list[Any]:
        """The games (``yinsh.record.Game``) of record text in the dialect."""
        raise NotImplementedError(f"{self.game.name} has no record dialect")
