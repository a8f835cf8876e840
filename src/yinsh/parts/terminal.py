"""What ``yinsh play`` (the game at the terminal) says of a game: the part
``"terminal"``.

The defaults draw the game's diagram and write its status from the board
protocol, so a game that gives no such part is played at the terminal
all the same.

>>> from yinsh import games
>>> terminal = games.get("insert").part("terminal")
>>> terminal.can_flip, terminal.scores_help()[:40]
(True, "Scores are the engine's estimate for the")
"""
from __future__ import annotations

from typing import Any

from yinsh.parts import Part

__all__ = ["Terminal"]


class Terminal(Part):
    """The terminal's text of a game (see the module)."""

    #: the help's line of action examples
    play_notation = ""
    #: what a score of the engine is measured in ('' for no unit worth naming)
    score_unit = ""
    #: what follows a score in the engine's replies (e.g. "; 10000 = one ring")
    score_note = ""
    #: whether the diagram can be drawn turned round (``flip``)
    can_flip = False
    #: play's help on what the diagram marks ('' for nothing)
    play_marks = ""

    def scores_help(self) -> str:
        """play's opening line on the engine's scores."""
        unit = f": {self.score_unit}" if self.score_unit else ""
        return (f"Scores are the engine's estimate for the side named{unit}; 'wins in N' is "
                f"a forced win in N actions.")

    def draw(self, board: Any, unicode: bool = False, orientation: Any = None) -> str:
        """The diagram of board for play (without its last line), turned for
        orientation where the game can flip."""
        options = {"orientation": orientation} if self.can_flip and orientation is not None else {}
        lines = str(self.game.diagram.draw(board, unicode=unicode, **options)).splitlines()
        return "\n".join(lines[:-1])

    def status(self, board: Any) -> str:
        """One line for play: who acts and what, or the result with its reason."""
        outcome = board.outcome()
        if outcome is not None:
            how = outcome.termination.value
            if outcome.winner is None:
                return f"Game over: draw ({how}), {board.result()}"
            return f"Game over: {outcome.winner.label.capitalize()} wins ({how}), {board.result()}"
        return str(str(board).splitlines()[-1])
