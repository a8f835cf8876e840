"""The text diagrams: str(board), board.unicode() and yinsh.yinsh.diagram.draw."""
import re
import unicodedata

import pytest

import yinsh
from yinsh.yinsh import diagram

from helpers import board, position

# White's ring e3 jumps the black markers e4, e5 and lands on e6 (they turn white).
WHITE_VIEW = """\
    a   b   c   d   e   f   g   h   i   j   k
               10      11
            9       .       .
        8       .       .       .
    7       .       .       .       .
        .       .       .       .       B
    6       .       .       .       .       11
5       .       .       .       .       .
    W       .       .       .       .       B
4       .       .       .       .       .       10
    W       .      [W]      .       .       B
3       .       .       .       .       .       9
    W       .      (w)      .       .       B
2       .       .       w       .       .       8
    W       .      (w)      .       .       B
        .       .       .       .       .       7
    1       .      [w]      b       .       6
        .       .       .       .       .
            .       .       .       .       5
                .       .       .       4
                    .       .       3
                        1       2
    a   b   c   d   e   f   g   h   i   j   k"""

BLACK_VIEW_UNICODE = """\
    k   j   i   h   g   f   e   d   c   b   a
                2       1
            3       ·       ·
        4       ·       ·       ·
    5       ·       ·       ·       ·
        ·       ·       ·       ·       ·
    6       ·       ●      [○]      ·       1
7       ·       ·       ·       ·       ·
    ◉       ·       ·      (○)      ·       ◎
8       ·       ·       ○       ·       ·       2
    ◉       ·       ·      (○)      ·       ◎
9       ·       ·       ·       ·       ·       3
    ◉       ·       ·      [◎]      ·       ◎
10      ·       ·       ·       ·       ·       4
    ◉       ·       ·       ·       ·       ◎
        ·       ·       ·       ·       ·       5
   11       ·       ·       ·       ·       6
        ◉       ·       ·       ·       ·
            ·       ·       ·       ·       7
                ·       ·       ·       8
                    ·       ·       9
                        11      10
    k   j   i   h   g   f   e   d   c   b   a"""

PIECES = "WBwb"


def jumped():
    b = board("e3", "", "f5", "e4 e5 g4")
    b.push_str("e3-e6")
    return b


def test_golden_ascii_with_the_last_move_marked():
    assert str(jumped()) == WHITE_VIEW


def test_golden_unicode_turned_for_black():
    assert jumped().unicode(orientation=yinsh.BLACK) == BLACK_VIEW_UNICODE
    assert diagram.draw(jumped(), unicode=True, orientation="black") == BLACK_VIEW_UNICODE


def test_unicode_is_the_ascii_diagram_glyph_for_glyph():
    b = jumped()
    table = str.maketrans(diagram.ASCII_PIECES, diagram.UNICODE_PIECES)

    def translated(text):                    # the pieces, not the column letters
        lines = text.splitlines()
        return "\n".join([lines[0]] + [line.translate(table) for line in lines[1:-1]] + [lines[-1]])

    assert b.unicode() == translated(str(b))
    assert b.unicode(orientation="black") == translated(diagram.draw(b, orientation="black"))


def test_unicode_rings_and_markers_differ_in_shape_and_are_one_column_wide():
    rings, markers = diagram.UNICODE_PIECES[:2], diagram.UNICODE_PIECES[2:4]
    assert len(set(diagram.UNICODE_PIECES)) == 5
    for ring, marker in zip(rings, markers):
        # Not the same shape at two sizes: different names, and a ring is not "LARGE <marker>".
        assert unicodedata.name(marker) not in unicodedata.name(ring)
    for ch in diagram.UNICODE_PIECES:
        assert unicodedata.east_asian_width(ch) not in ("W", "F"), ch
    assert "◯" not in diagram.UNICODE_PIECES and "⬤" not in diagram.UNICODE_PIECES


def test_flip_is_the_half_turn():
    """Turned for Black, each piece sits where the half turn (c, r) ->
    (10 - c, 12 - r) of its point sits for White."""
    b = board("e3 h8 a2 a3 a4", "c4 k7 k8 k9 k10", "f5 b2", "g4 i9", park=False)
    turned = board("g9 d4 k10 k9 k8", "i8 a5 a4 a3 a2", "f7 j10", "e8 c3", park=False)
    white = str(turned).splitlines()
    black = diagram.draw(b, orientation=yinsh.BLACK).splitlines()
    assert len(white) == len(black)
    for w_line, b_line in zip(white[1:-1], black[1:-1]):
        strip = lambda line: re.sub(r"\d", " ", line).rstrip()     # labels differ, pieces not
        assert strip(w_line) == strip(b_line)
    assert black[0].split() == list("kjihgfedcba") == black[-1].split()


def labels(text):
    """(line, first column, last column, number) of each row number in text."""
    out = []
    for i, line in enumerate(text.splitlines()):
        for m in re.finditer(r"\d+", line):
            out.append((i, m.start(), m.end() - 1, int(m.group())))
    return out


@pytest.mark.parametrize("orientation", ["white", "black"])
@pytest.mark.parametrize("row", range(1, 12))
def test_row_numbers_at_both_ends_of_their_row(row, orientation):
    """Follow a row from either of its numbers: the next points along the
    row's line (down-right from the left number, up-left from the right one)
    are exactly that row's points."""
    points = [p for p in yinsh.POINTS if yinsh.point_name(p)[1:] == str(row)]
    rest = [yinsh.point_name(p) for p in yinsh.POINTS if p not in points]
    white_rings, black_rings = rest[:5], rest[-5:]
    names = [yinsh.point_name(p) for p in points]
    b = yinsh.Board(position(white_rings, black_rings, names[0::2], names[1::2]))
    text = diagram.draw(b, orientation=orientation)
    lines = text.splitlines()

    def at(i, j):
        return lines[i][j] if 0 <= i < len(lines) and 0 <= j < len(lines[i]) else " "

    found = [lab for lab in labels(text) if lab[3] == row]
    assert len(found) == 2
    (li, ls, le, _), (ri, rs, re_, _) = sorted(found, key=lambda lab: lab[1])   # left, right
    # The left number: the row's first point is one line down, four columns on
    # (one more when a two-digit number was kept inside the left edge).
    start = next((li + 1, j) for j in (le + 4, le + 3) if at(li + 1, j) in PIECES)
    walk = [at(start[0] + k, start[1] + 4 * k) for k in range(len(points) + 1)]
    expected = ["wb"[k % 2] for k in range(len(points))]      # a1..k11 order
    assert walk[:-1] == (expected if orientation == "white" else expected[::-1])
    assert walk[-1] not in PIECES
    # The right number: the row's last point is one line up, four columns back.
    back = [at(ri - 1 - k, rs - 4 - 4 * k) for k in range(len(points) + 1)]
    assert back[:-1] == walk[:-1][::-1]
    assert back[-1] not in PIECES


def test_column_letters_above_and_below_each_column():
    text = str(yinsh.Board())
    lines = text.splitlines()
    assert lines[0] == lines[-1] == "    a   b   c   d   e   f   g   h   i   j   k"
    for c, letter in enumerate("abcdefghijk"):
        x = lines[0].index(letter)
        column = [line[x] if x < len(line) else " " for line in lines[1:-1]]
        count = sum(1 for ch in column if ch == ".")
        assert count == sum(1 for p in yinsh.POINTS if yinsh.point_name(p)[0] == letter)


def test_last_action_marks():
    b = yinsh.Board()
    assert "[" not in str(b) and "(" not in str(b)
    b.push_str("e5")
    assert str(b).count("[W]") == 1 and "[" not in diagram.draw(b, last_move=False)
    assert b.unicode().count("[◎]") == 1

    text = str(jumped())
    assert text.count("[") == 2 and "[w]" in text and "[W]" in text and text.count("(w)") == 2

    # White makes a row e2..e6 by e6-e7, removes it, then removes its ring a2.
    b = board("e6", "", "e2 e3 e4 e5", variant="blitz")
    b.push_str("e6-e7")
    b.push_str("xe2-e6")
    text = str(b)
    assert text.count("[.]") == 5 and "w" not in text.replace("[.]", "")
    b.push_str("xa2")
    assert str(b).count("[.]") == 1
    b.pop()
    b.pop()
    b.pop()
    assert "(" not in str(b)                 # the position string's board: no stack


def test_options_are_keywords_and_checked():
    b = jumped()
    assert b.unicode(last_move=False).count("[") == 0
    bare = b.unicode(coordinates=False)
    assert not re.search(r"[a-k0-9]", bare)
    with pytest.raises(TypeError):
        b.unicode(yinsh.BLACK)               # keyword only
    for bad in ("red", 2, True, None):
        with pytest.raises(ValueError):
            b.unicode(orientation=bad)
    assert str(b) == diagram.draw(b) == diagram.draw(b, orientation=yinsh.WHITE)
