"""yinsh.yinsh.geometry (the board's layout, exported from the core's tables)
against the reference implementation's own geometry and against the core's
behaviour (bitboard.h's helpers: test_bitboard.py)."""
import pytest

import yinsh
from yinsh.yinsh import _core, actions, geometry, position, svg
from reference import yinsh_ref as ref

# The reference's directions in geometry's order: 0 row + 1, 1 column + 1,
# 2 both + 1, then the opposites.
REF_DIRECTION = [ref.DIRECTIONS.index(d) for d in geometry.DIRECTIONS]


def name(p: int) -> str:
    return geometry.POINT_NAMES[p]


def test_the_85_points_and_their_names():
    assert geometry.POINTS is yinsh.POINTS is _core.POINTS
    assert len(geometry.POINTS) == 85 and list(geometry.POINTS) == sorted(geometry.POINTS)
    assert [name(p) for p in geometry.POINTS] == ref.POINTS          # same (column, row) order
    assert geometry.VALID == sum(1 << p for p in geometry.POINTS)
    for p in range(geometry.NUM_CELLS):
        assert geometry.is_point(p) == (p in geometry.POINTS)
        assert (geometry.POINT_NAMES[p] is None) == (p not in geometry.POINTS)
    for p in geometry.POINTS:
        assert yinsh.point_name(p) == name(p) and yinsh.parse_point(name(p)) == p
        assert geometry.POINT_BY_NAME[name(p)] == p


def test_columns_rows_and_the_point_formula():
    assert (geometry.NUM_COLUMNS, geometry.NUM_ROWS, geometry.NUM_CELLS) == (11, 11, 121)
    for p, (c, r) in zip(geometry.POINTS, ref.COORDS):
        assert geometry.coords(p) == (c, r) == (geometry.column(p), geometry.row(p))
        assert geometry.point(c, r) == p == c * 11 + r - 1               # bitboard.h's layout
    with pytest.raises(ValueError, match="not a point"):
        geometry.point(0, 1)                                             # a1 is no point
    with pytest.raises(ValueError, match="not a point"):
        geometry.coords(0)


@pytest.mark.parametrize("d", range(6))
def test_rays_match_the_reference(d):
    for p, i in zip(geometry.POINTS, range(ref.N_POINTS)):
        mine = [name(q) for q in geometry.ray(p, d)]
        theirs = [ref.POINTS[j] for j in ref.RAYS[i][REF_DIRECTION[d]]]
        assert mine == theirs, (name(p), d)


def test_directions_axes_and_shifts():
    assert geometry.DIRECTIONS == ((0, 1), (1, 0), (1, 1), (0, -1), (-1, 0), (-1, -1))
    assert geometry.AXIS_SHIFTS == (1, 11, 12)
    for d in range(6):
        assert geometry.axis(d) == d % 3 and geometry.opposite(geometry.opposite(d)) == d
        assert geometry.DIRECTIONS[geometry.opposite(d)] == tuple(-x for x in geometry.DIRECTIONS[d])
    for p in geometry.POINTS:
        for a, shift in enumerate(geometry.AXIS_SHIFTS):
            up, down = geometry.ray(p, a), geometry.ray(p, a + 3)
            assert list(up) == [p + shift * k for k in range(1, len(up) + 1)]
            assert list(down) == [p - shift * k for k in range(1, len(down) + 1)]
            for k, q in enumerate(up, 1):
                assert geometry.direction(p, q) == a and geometry.distance(p, q) == k
                assert geometry.direction(q, p) == a + 3
    assert geometry.direction(geometry.point(4, 5), geometry.point(5, 7)) is None


def test_lines_match_the_reference():
    theirs = [tuple(geometry.POINT_BY_NAME[ref.POINTS[j]] for j in pts) for pts in ref.WINDOW_POINTS]
    assert sorted(geometry.LINES_OF_FIVE) == sorted(theirs)
    assert len(geometry.LINES) == 33 and {len(line) for line in geometry.LINES} == {4, 7, 8, 9, 10}
    for a in range(3):                           # each axis's lines cover the board once
        along = [line for line in geometry.LINES if geometry.direction(line[0], line[1]) == a]
        assert sorted(q for line in along for q in line) == list(geometry.POINTS)


def test_the_core_agrees_on_rows_and_row_actions():
    """The core's row detection and row actions see the same lines of five."""
    for line in geometry.LINES_OF_FIVE:
        bits = geometry.bitboard(line)
        assert _core.bitboard_has_row(bits)
        assert not _core.bitboard_has_row(bits & ~(1 << line[2]))
        a = geometry.direction(line[0], line[1])
        assert actions.action_to_move(actions.row_action(line[0], a)) \
            == yinsh.Move.remove_row(line[0], line[-1])
    assert int((actions.action_kinds() == 3).sum()) == len(geometry.LINES_OF_FIVE)


def test_the_other_modules_use_the_geometry():
    assert [len(row) for row in position.ROWS] == [4, 7, 8, 9, 10, 9, 10, 9, 8, 7, 4]
    assert all(geometry.row(row[0]) == 11 - i for i, row in enumerate(position.ROWS))
    assert svg.LINES == [(line[0], line[-1]) for line in geometry.LINES]
    board = yinsh.Board()
    board.push_str("e5")
    assert board.rings(yinsh.WHITE) == geometry.points_of(1 << yinsh.E5) == [yinsh.E5]


def test_half_turn():
    assert geometry.CENTER == yinsh.F6 and geometry.half_turn(yinsh.F6) == yinsh.F6
    for p in geometry.POINTS:
        c, r = geometry.coords(p)
        assert geometry.coords(geometry.half_turn(p)) == (10 - c, 12 - r)
