"""yinsh.yinsh.svg: the picture is valid XML and draws exactly the position."""
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import yinsh
from yinsh.yinsh import svg
from yinsh.envs.raster import png_to_array

from helpers import board as make_board
from helpers import names, random_board

NS = "{http://www.w3.org/2000/svg}"


def parse(text):
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def classed(root, cls):
    """Elements whose class list contains every word of cls."""
    want = set(cls.split())
    return [e for e in root.iter() if want <= set(e.get("class", "").split())]


def pieces(root, cls):
    return {e.get("data-point") for e in classed(root, cls)}


def centre(root, cls, point):
    (e,) = [e for e in classed(root, cls) if e.get("data-point") == point]
    circle = e if e.tag == f"{NS}circle" else e.find(f"{NS}circle")
    return float(circle.get("cx")), float(circle.get("cy"))


@pytest.mark.parametrize("seed,plies", [(1, 0), (2, 7), (3, 40), (4, 90), (5, 400)])
def test_pieces_drawn_are_the_position(seed, plies):
    board = random_board(seed, plies)
    root = parse(svg.board(board))
    for color in (yinsh.WHITE, yinsh.BLACK):
        assert pieces(root, f"ring {color.label}") == names(board.rings(color))
        assert pieces(root, f"marker {color.label}") == names(board.markers(color))
        taken = [e for e in classed(root, f"removed {color.label}") if e.get("data-taken") == "1"]
        assert len(taken) == board.rings_removed(color)
    (pool,) = classed(root, "pool")
    assert int(pool.get("data-count")) == board.markers_in_pool()
    assert len(classed(root, "ring")) == len(board.rings(yinsh.WHITE)) + len(board.rings(yinsh.BLACK))


def test_geometry_columns_rows_and_centre():
    board = yinsh.Board()
    for text in "a2 k10 e1 e10 f6 b2 k7 b3 j11 a5".split():
        board.push_str(text)
    root = parse(svg.board(board, last_move=False))
    xy = {p: centre(root, "ring", p) for p in pieces(root, "ring")}
    assert xy["a2"][0] < xy["f6"][0] < xy["k10"][0]              # columns left to right
    assert xy["e10"][1] < xy["e1"][1]                             # row 10 above row 1, same column
    assert xy["e10"][0] == xy["e1"][0]
    unit = (xy["e1"][1] - xy["e10"][1]) / 9                        # 9 steps from e1 to e10
    for a, b in [("a2", "b2"), ("a2", "b3")]:                     # a row step, a diagonal step
        assert np.hypot(xy[a][0] - xy[b][0], xy[a][1] - xy[b][1]) == pytest.approx(unit, abs=0.02)
    # f6 is the centre of the half turn: a2 and k10 are symmetric about it
    assert xy["a2"][0] + xy["k10"][0] == pytest.approx(2 * xy["f6"][0], abs=0.05)
    assert xy["a2"][1] + xy["k10"][1] == pytest.approx(2 * xy["f6"][1], abs=0.05)


def test_orientation_black_turns_the_board_half_round():
    board = yinsh.Board()
    for text in "a2 k10 f6 e5".split():
        board.push_str(text)
    white = parse(svg.board(board, last_move=False))
    black = parse(svg.board(board, orientation=yinsh.BLACK, last_move=False))
    assert centre(black, "ring", "a2") == centre(white, "ring", "k10")
    assert centre(black, "ring", "f6") == centre(white, "ring", "f6")
    assert svg.board(board, orientation="black") == svg.board(board, orientation=yinsh.BLACK)


def test_coordinates_drawn_or_not():
    board = yinsh.Board()
    root = parse(svg.board(board))
    labels = {e.text for e in classed(root, "coordinate")}
    assert labels == set("abcdefghijk") | {str(r) for r in range(1, 12)}
    assert not classed(parse(svg.board(board, coordinates=False)), "coordinate")
    lines = [e for e in root.iter(f"{NS}line") if e.get("class") is None]
    assert len(lines) == 33                                        # 11 lines in each of 3 directions
    assert len(root.findall(f".//{NS}g[@class='points']/{NS}circle")) == 85


def test_last_move_ring_path_and_flipped_markers():
    board = make_board("e2", "k8", white_markers="e4", black_markers="e3 e5")
    board.push_str("e2-e6")
    root = parse(svg.board(board))
    (path,) = [e for e in classed(root, "last-move") if e.tag == f"{NS}line"]
    assert path.get("data-move") == "e2-e6"
    assert pieces(root, "flipped") == {"e3", "e4", "e5"}
    assert pieces(root, "marker white") == {"e2", "e3", "e5"}
    assert pieces(root, "marker black") == {"e4"}
    assert not classed(parse(svg.board(board, last_move=False)), "last-move")


def test_last_move_removed_row_then_removed_ring():
    board = make_board("f2", "k8", white_markers="e2 e3 e4 e5 e6 c3", side="w", phase="remove_row",
                       next_side="b")
    board.push_str("xe2-e6")
    root = parse(svg.board(board))
    assert pieces(root, "removed-row white") == {"e2", "e3", "e4", "e5", "e6"}
    assert pieces(root, "marker white") == {"c3"}
    board.push_str("xf2")
    root = parse(svg.board(board))
    assert pieces(root, "removed-ring white") == {"f2"}
    assert "f2" not in pieces(root, "ring white")
    taken = [e for e in classed(root, "removed white") if e.get("data-taken") == "1"]
    assert len(taken) == 1


def test_last_move_placement():
    board = yinsh.Board()
    board.push_str("c4")
    (halo,) = classed(parse(svg.board(board)), "last-move")
    assert halo.get("data-move") == "c4"


def test_highlight_points_and_arrows():
    board = random_board(7, 10)
    root = parse(svg.board(board, highlight=["e5", yinsh.F6, "xb2-b6", yinsh.Move.from_str("b2-b6"),
                                             "pass", "c3"]))
    assert pieces(root, "highlight") == {"e5", "f6", "c3"}
    assert {e.get("data-move") for e in classed(root, "arrow") if e.tag == f"{NS}line"} == {"b2-b6", "xb2-b6"}
    # one item, or a string of items, works too
    assert pieces(parse(svg.board(board, highlight=yinsh.E5)), "highlight") == {"e5"}
    assert pieces(parse(svg.board(board, highlight="e5 c3")), "highlight") == {"e5", "c3"}


def test_size_and_xml_header():
    board = yinsh.Board()
    root = parse(svg.board(board, size=300))
    assert float(root.get("width")) == 300
    vb = [float(v) for v in root.get("viewBox").split()]
    assert float(root.get("height")) == pytest.approx(300 * vb[3] / vb[2], abs=0.01)


def test_repr_svg_is_the_picture():
    board = random_board(11, 25)
    assert board._repr_svg_() == svg.board(board)


@pytest.mark.parametrize("kwargs,error", [
    ({"size": 0}, ValueError), ({"size": "big"}, TypeError), ({"orientation": "red"}, ValueError),
    ({"orientation": 3}, ValueError), ({"highlight": ["z9"]}, ValueError),
    ({"highlight": [1.5]}, TypeError), ({"highlight": [5000]}, ValueError),
])
def test_bad_arguments(kwargs, error):
    with pytest.raises(error):
        svg.board(yinsh.Board(), **kwargs)
    with pytest.raises(TypeError):
        svg.board("not a board")


# Rendering with a real renderer ---------------------------------------------------

def render_png(text):
    """PNG bytes of an SVG by resvg (pip install resvg-py), or cairosvg."""
    try:
        import resvg_py
        return resvg_py.svg_to_bytes(svg_string=text)
    except ImportError:
        pass
    try:
        import cairosvg
        return cairosvg.svg2png(bytestring=text.encode())
    except (ImportError, OSError):
        pytest.skip("no SVG renderer: pip install resvg-py (or cairosvg with the cairo library)")


def test_renders_to_a_non_trivial_png():
    board = make_board("e2 f7", "d6 h8", white_markers="e4 g5", black_markers="e3 e5")
    board.push_str("e2-e6")
    size = 160
    text = svg.board(board, size=size, highlight=["f6-f2"])
    image = png_to_array(render_png(text))
    height, width = image.shape[:2]
    assert width == size and height > size * 0.7
    rgb = image[:, :, :3]
    colours = {tuple(c) for c in rgb.reshape(-1, 3)[::7]}
    assert len(colours) > 20                                        # not a blank or flat image
    dark = (rgb.sum(axis=2) < 150).mean()
    assert 0.005 < dark < 0.5                                       # some dark pieces, not all dark
    # The stroke of the black ring on d6 is dark where the picture says it is.
    root = parse(text)
    vb = [float(v) for v in root.get("viewBox").split()]
    scale = width / vb[2]
    cx, cy = centre(root, "ring black", "d6")
    x, y = int((cx + svg.RING_R) * scale), int(cy * scale)
    assert rgb[y, x].sum() < 200
    # and the background between points is light
    assert rgb[2, 2].sum() > 500
