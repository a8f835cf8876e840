"""Text diagrams of the hex board.

Columns a..k run left to right; each column's points go up the screen, and
a row (same number) climbs half a line per column, as on the real board.
``W``/``B`` are rings, ``w``/``b`` markers, ``.`` an empty point.
"""
from __future__ import annotations

from yinsh import _core

ASCII_PIECES = "WBwb."
UNICODE_PIECES = "◯⬤○●·"   # white ring, black ring, white marker, black marker, empty


def _cell(p: int) -> tuple[int, int]:
    """Screen (x, y) of point p, y counted upwards."""
    c, r = divmod(p, 11)
    return 4 * c + 4, 2 * (r + 1) - c


def render(bitboards: tuple[int, int, int, int], pieces: str = ASCII_PIECES) -> str:
    """The diagram of (white rings, black rings, white markers, black markers)."""
    cells = {p: _cell(p) for p in _core.POINTS}
    ys = [y for _, y in cells.values()]
    top, bottom = max(ys) + 2, min(ys) - 1
    width = 4 * 11 + 6
    grid = {y: [" "] * width for y in range(bottom, top + 1)}
    for p, (x, y) in cells.items():
        kind = next((i for i, b in enumerate(bitboards) if b >> p & 1), 4)
        grid[y][x] = pieces[kind]
        c, r = divmod(p, 11)
        if c == 0 or (c - 1) * 11 + r not in cells:     # first point of its row: label it
            label = str(r + 1)
            for i, ch in enumerate(reversed(label)):
                grid[y + 1][x - 3 - i] = ch
    for c, letter in enumerate("abcdefghijk"):
        grid[bottom][4 * c + 4] = letter
        grid[top][4 * c + 4] = letter
    return "\n".join("".join(grid[y]).rstrip() for y in range(top, bottom - 1, -1))
