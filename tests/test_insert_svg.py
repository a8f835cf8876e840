"""yinsh.insert.svg: the picture is valid XML and draws exactly the board:
tiles, every mark, rings, the last ring, the allowed line, the flips."""
import xml.etree.ElementTree as ET

import pytest

from yinsh import insert
from yinsh.insert import svg
from yinsh.envs.raster import png_to_array

from insert_helpers import H, names, position, random_board
from test_svg import render_png

NS = "{http://www.w3.org/2000/svg}"


def parse(text):
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def classed(root, cls):
    want = set(cls.split())
    return [e for e in root.iter() if want <= set(e.get("class", "").split())]


def squares(root, cls):
    return {e.get("data-square") for e in classed(root, cls)}


@pytest.mark.parametrize("seed,plies", [(1, 0), (2, 3), (3, 11), (4, 22), (5, 30)])
def test_rings_marks_and_allowed_squares_are_the_board(seed, plies):
    board = random_board(seed, plies)
    root = parse(svg.board(board))
    assert squares(root, "ring white") == set(names(board.rings(insert.WHITE)))
    assert squares(root, "ring red") == set(names(board.rings(insert.RED)))
    marks = {e.get("data-square"): e.get("data-mark") for e in classed(root, "mark")}
    assert marks == {insert.square_name(s): board.mark(s) for s in insert.SQUARES}
    assert all(set(e.get("class").split()) == {"mark", e.get("data-mark")} for e in classed(root, "mark"))
    allowed = set(names(board.allowed_line())) if not board.is_game_over() else set()
    assert squares(root, "allowed") == allowed
    assert len(classed(root, "tile")) == 4
    assert {e.get("data-quadrant") for e in classed(root, "tile")} == {"Q1", "Q2", "Q3", "Q4"}
    (status,) = classed(root, "status")
    assert (("Result " + board.result()) in status.text) == board.is_game_over()


def test_last_ring_and_flips_marked():
    b = insert.Board(position(["......", "......", "......", "......", "......", "WRR.RW"], H, "f1"))
    b.push_str("d1")
    root = parse(svg.board(b))
    assert squares(root, "last-move") == {"d1"}
    assert squares(root, "flipped") == {"a1", "f1"}
    assert squares(root, "ring red") == {f + "1" for f in "abcdef"}
    root = parse(svg.board(b, last_move=False))
    assert not classed(root, "last-move") and not classed(root, "flipped")
    # read from a string, the last square is known but the flips are not
    root = parse(svg.board(insert.Board(b.position())))
    assert squares(root, "last-move") == {"d1"} and not classed(root, "flipped")


def test_geometry_a1_bottom_left():
    b = insert.Board()
    b.push_str("a6")                              # a6 is v: column a
    b.push_str("a1")
    root = parse(svg.board(b, last_move=False))

    def centre(sq):
        (g,) = [e for e in classed(root, "ring") if e.get("data-square") == sq]
        c = g.find(f"{NS}circle")
        return float(c.get("cx")), float(c.get("cy"))
    assert centre("a1")[0] == centre("a6")[0] and centre("a1")[1] > centre("a6")[1]


def test_options_coordinates_highlight_allowed_size():
    board = insert.Board()
    board.push_str("c3")
    root = parse(svg.board(board, size=300))
    assert float(root.get("width")) == 300
    assert {e.text for e in classed(root, "coordinate")} == set("abcdef123456")
    assert not classed(parse(svg.board(board, coordinates=False)), "coordinate")
    assert not classed(parse(svg.board(board, allowed=False)), "allowed")
    root = parse(svg.board(board, highlight=["a1", insert.F6, insert.Move("b2")]))
    assert squares(root, "highlight") == {"a1", "f6", "b2"}
    assert squares(parse(svg.board(board, highlight="e5 d4")), "highlight") == {"e5", "d4"}
    assert board._repr_svg_() == svg.board(board)


@pytest.mark.parametrize("kwargs,error", [
    ({"size": 0}, ValueError), ({"size": "big"}, TypeError), ({"highlight": ["z9"]}, ValueError),
    ({"highlight": [1.5]}, TypeError), ({"highlight": [36]}, ValueError),
])
def test_bad_arguments(kwargs, error):
    with pytest.raises(error):
        svg.board(insert.Board(), **kwargs)
    with pytest.raises(TypeError):
        svg.board("not a board")
    import yinsh
    with pytest.raises(TypeError):
        svg.board(yinsh.Board())                  # a Yinsh board is not an Insert board


def test_renders_to_a_non_trivial_png():
    board = random_board(4, 14)
    size = 160
    text = svg.board(board, size=size)
    image = png_to_array(render_png(text))
    height, width = image.shape[:2]
    assert width == size and height > size
    rgb = image[:, :, :3]
    assert len({tuple(c) for c in rgb.reshape(-1, 3)[::7]}) > 20
    # a red ring is red where the picture puts it
    root = parse(text)
    vb = [float(v) for v in root.get("viewBox").split()]
    scale = width / vb[2]
    sq = insert.square_name(board.rings(insert.RED)[0])
    (g,) = [e for e in classed(root, "ring red") if e.get("data-square") == sq]
    c = g.findall(f"{NS}circle")[1]
    x = int((float(c.get("cx")) + svg.RING_R) * scale)
    y = int(float(c.get("cy")) * scale)
    r, gr, b = (int(v) for v in rgb[y, x])
    assert r > 150 and gr < 100 and b < 100
