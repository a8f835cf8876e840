"""The picture of a dice race: a bar per player, its counter against the
target (``board._repr_svg_()``, ``yinsh.svg.board(board)``).

>>> from yinsh.toys.dice.board import Board
>>> board(Board()).startswith("<svg")
True
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

from yinsh.toys.dice import Position

__all__ = ["board"]

_FILL = {"red": "#c0392b", "blue": "#2e6fb7", "green": "#2e9b4f", "yellow": "#d4ac0d"}


def board(board: Any, size: int = 360, *, highlight: Optional[Sequence[str]] = None,
          targets: bool = False, last_move: bool = True, coordinates: bool = True) -> str:
    """The SVG of board, size pixels wide. The other options are the
    pictures' common ones; the race draws no coordinates, last move,
    highlights or click targets (it has nothing to click but buttons)."""
    if isinstance(size, bool) or not isinstance(size, int) or not 100 <= size <= 4000:
        raise ValueError(f"size must be an int 100..4000, not {size!r}")
    if not isinstance(getattr(board, "state", None), Position):     # a race's board has its Position
        from yinsh.svg import wrong_board
        raise wrong_board(board, "dice", "yinsh.toys.dice.svg.board")
    rows = []
    step = (size - 80) / board.target
    for i, color in enumerate(board.players):
        y = 20 + 30 * i
        width = min(board.counter(color), board.target) * step
        rows.append(f'<text x="10" y="{y + 15}" font-size="14">{color.letter}</text>'
                    f'<rect x="30" y="{y}" width="{size - 80:.1f}" height="20" fill="none" stroke="#555"/>'
                    f'<rect x="30" y="{y}" width="{width:.1f}" height="20" fill="{_FILL[color.label]}"/>'
                    f'<text x="{size - 40}" y="{y + 15}" font-size="14">{board.counter(color)}</text>')
    height = 30 * len(board.players) + 30
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" '
            f'viewBox="0 0 {size} {height}">{"".join(rows)}</svg>')
