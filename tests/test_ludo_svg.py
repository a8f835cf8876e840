"""yinsh.ludo.svg: the picture is valid XML and draws exactly the position."""
import xml.etree.ElementTree as ET

import pytest

from yinsh import ludo
from yinsh.ludo import svg
from yinsh.envs.raster import png_to_array
from yinsh.ludo.geometry import CORNER_XY, FINISH_XY, HOME_XY, SLOTS_XY, TRACK_XY

from ludo_helpers import NEW4, after, random_board, random_game
from test_svg import render_png

NS = "{http://www.w3.org/2000/svg}"


def parse(text):
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def classed(root, cls):
    """Elements whose class list contains every word of cls."""
    want = set(cls.split())
    return [e for e in root.iter() if want <= set(e.get("class", "").split())]


def test_the_board_has_every_field():
    root = parse(svg.board(ludo.Board()))
    assert sorted(int(e.get("data-field")) for e in classed(root, "field")) == list(range(52))
    assert sorted(int(e.get("data-field")) for e in classed(root, "field entry")) == [0, 13, 26, 39]
    for color in ludo.COLORS:
        assert sorted(e.get("data-place") for e in classed(root, f"home {color}")) == ["h1", "h2", "h3", "h4", "h5"]
        assert len(classed(root, f"corner {color}")) == 1 and len(classed(root, f"finish {color}")) == 1


@pytest.mark.parametrize("seed, plies, players, variant", [
    (1, 0, 4, "standard"), (2, 57, 2, "standard"), (3, 240, 3, "places"), (4, 500, 4, "standard"),
    (5, 900, 4, "places"), (6, 10**6, 3, "places")])
def test_pieces_drawn_are_the_position(seed, plies, players, variant):
    board = random_board(seed, plies, players, variant)
    root = parse(svg.board(board))
    for color in ludo.COLORS:
        drawn = sorted(e.get("data-place") for e in classed(root, f"piece {color}"))
        assert drawn == sorted(board.pieces(color))
    assert [int(e.get("data-value")) for e in classed(root, "die")] == list(board.dice)
    (status,) = classed(root, "status")
    assert status.text == ludo.diagram.status(board)


def test_dice_of_this_turn():
    root = parse(svg.board(after(NEW4, "r6 r6")))
    assert [e.get("data-value") for e in classed(root, "die")] == ["6", "6"]
    assert classed(root, "status")[0].text == "Green to throw again (throws 6 6)"
    assert classed(parse(svg.board(ludo.Board())), "die") == []


def test_the_last_move_is_outlined():
    board = after("3G4Y4/13/13/13 5/5/5/5 0000 G - standard -", "r5 3-8")       # a capture
    assert sorted(e.get("data-place") for e in classed(parse(svg.board(board)), "last-move")) == ["3", "8"]
    assert classed(parse(svg.board(board, last_move=False)), "last-move") == []
    entered = after(NEW4, "r6 r3 s-3")
    assert sorted(e.get("data-place") for e in classed(parse(svg.board(entered)), "last-move")) == ["3", "s"]
    home = after("13/13/13/13 4G/5/5/5 2-0- G - standard -", "r1 h5-f")
    assert sorted(e.get("data-place") for e in classed(parse(svg.board(home)), "last-move")) == ["f", "h5"]
    thrown = after(NEW4, "r6")                                                 # a throw: no outline
    assert classed(parse(svg.board(thrown)), "last-move") == []


def test_geometry():
    # 52 distinct cells going round the cross; neighbours are next to each other
    assert len(set(TRACK_XY)) == 52
    for f in range(52):
        (x1, y1), (x2, y2) = TRACK_XY[f], TRACK_XY[(f + 1) % 52]
        assert abs(x1 - x2) + abs(y1 - y2) == 1 or (abs(x1 - x2), abs(y1 - y2)) == (1, 1)
    for c in range(4):
        cells = set(HOME_XY[c])
        assert len(cells) == 5 and not cells & set(TRACK_XY)
        # h1 is next to the colour's last track field (E - 2), h5 next to its finish
        (x, y), (ex, ey) = HOME_XY[c][0], TRACK_XY[(13 * c + 50) % 52]
        assert abs(x - ex) + abs(y - ey) == 1
        (x, y), (fx, fy) = HOME_XY[c][4], FINISH_XY[c]
        assert abs(x - fx) + abs(y - fy) == 1
        # the entry field touches the colour's corner
        cx, cy = CORNER_XY[c]
        ex, ey = TRACK_XY[13 * c]
        assert cx - 1 <= ex <= cx + 6 and cy - 1 <= ey <= cy + 6
        assert all(cx <= x < cx + 6 and cy <= y < cy + 6 for x, y in SLOTS_XY[c])


def test_size_and_xml():
    root = parse(svg.board(ludo.Board(), size=300))
    assert root.get("width") == "300" and float(root.get("height")) > 300
    assert ludo.Board()._repr_svg_() == svg.board(ludo.Board())


@pytest.mark.parametrize("kwargs, error", [
    ({"size": 0}, ValueError), ({"size": 10**6}, ValueError), ({"size": "300"}, TypeError),
    ({"size": 3.5}, ValueError), ({"size": True}, TypeError)])
def test_bad_arguments(kwargs, error):
    with pytest.raises(error):
        svg.board(ludo.Board(), **kwargs)
    with pytest.raises(TypeError, match="yinsh.ludo.Board"):
        svg.board("13/13/13/13 5/5/5/5 0000 G - standard -")


def test_renders_to_a_non_trivial_png():
    board = random_game(3)
    text = svg.board(board, size=150)
    image = png_to_array(render_png(text))
    height, width = image.shape[:2]
    assert width == 150 and height > 150
    rgb = image[:, :, :3]
    assert len({tuple(c) for c in rgb.reshape(-1, 3)[::5]}) > 20
    # Green's corner (top left) is green, Blue's (bottom right) is blue
    g = rgb[int(height * 0.05), int(width * 0.05)]
    b = rgb[int(width * 0.95), int(width * 0.95)]
    assert g[1] > g[0] + 40 and g[1] > g[2] + 40
    assert b[2] > b[0] + 40 and b[2] > b[1] + 40
