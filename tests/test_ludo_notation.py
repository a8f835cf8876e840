"""The notation and the position string of LUDO.md: accepted input, canonical
output, invalid against illegal, and every invalid position it lists."""
import pytest

import yinsh
from yinsh import ludo
from yinsh.ludo import IllegalMoveError, InvalidMoveError, InvalidPositionError, Move, MoveKind

from ludo_helpers import NEW2, NEW4, after, pos

# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("text, kind, source, target", [
    ("r6", MoveKind.THROW, None, None),
    ("s-3", MoveKind.ENTER, "s", "3"),
    ("14-19", MoveKind.MOVE, "14", "19"),
    ("48-h3", MoveKind.MOVE, "48", "h3"),
    ("h1-h4", MoveKind.MOVE, "h1", "h4"),
    ("h3-f", MoveKind.MOVE, "h3", "f"),
    ("49-f", MoveKind.MOVE, "49", "f"),
    ("0-51", MoveKind.MOVE, "0", "51"),
])
def test_the_forms_of_the_notation(text, kind, source, target):
    move = Move.from_str(text)
    assert (str(move), move.kind, move.source, move.target) == (text, kind, source, target)
    assert Move.from_str(text.upper()) == move                   # input is case-insensitive
    assert eval(repr(move), {"yinsh": yinsh}) == move
    assert Move.from_code(move.code) is move


def test_throws():
    for d in range(1, 7):
        move = Move.throw(d)
        assert str(move) == f"r{d}" and move.die == d and move.is_throw()
    assert Move.from_str("s-3").die is None and not Move.from_str("s-3").is_throw()


@pytest.mark.parametrize("text", [
    # LUDO.md's examples of invalid text
    "r7", "52-3", "h6-f", "f-3", "14",
    # more: no leading zero, s a source only, f a target only, no blanks
    "r0", "r06", "r", "03-5", "3-03", "h0-f", "3-s", "s", "f", "-", "3-", "-3", "3--4",
    "3-4-5", "r 6", "s - 3", "pass", "", "x", "h", "h-f", "hh1-f", "99-1", "1-100",
    "\x00", "r6\x00", "r\u0666", "\u0661\u0664-19", "٣-4", "r６",
])
def test_invalid_text(text):
    board = after(NEW4, "r6 r3")
    before = board.position()
    for parse in (Move.from_str, board.push_str, board.parse_move):
        with pytest.raises(InvalidMoveError):
            parse(text)
    assert board.position() == before and board.ply == 2


@pytest.mark.parametrize("text, why", [
    ("s-h1", "enters on 3, not h1"),                 # LUDO.md's example: well formed, not allowed
    ("s-f", "enters on 3, not f"),
    ("r3", "a throw in a move phase"),               # LUDO.md's other example
    ("3-3", "has no piece on 3"),
    ("h3-2", "has no piece on h3"),
    ("12-h1", "has no piece on 12"),
])
def test_well_formed_but_illegal(text, why):
    board = after(NEW4, "r6 r3")
    with pytest.raises(IllegalMoveError, match=why):
        board.push_str(text)
    assert board.ply == 2 and board.position() == "13/13/13/13 5/5/5/5 0000 G 63 standard -"


def test_the_target_must_be_the_one_the_total_gives():
    board = after("13/1G11/13/13 5/5/5/5 0-0- G - standard -", "r5")      # Green on 14
    assert [str(m) for m in board.legal_moves] == ["14-19"]
    for text in ("14-20", "14-h1", "14-f"):
        with pytest.raises(IllegalMoveError, match="with a total of 5 the piece on 14 goes to 19, not"):
            board.push_str(text)


def test_canonical_output_is_lower_case():
    board = after(NEW4, "R6 R3")
    assert board.push_str("S-3") == Move.from_str("s-3")
    assert [str(m) for m in board.move_stack] == ["r6", "r3", "s-3"]


def test_a_record_is_a_list_of_actions():
    board = after(NEW4, "r6 r3 s-3 r2 r6 r6 r6 r4")
    assert " ".join(map(str, board.move_stack)) == "r6 r3 s-3 r2 r6 r6 r6 r4"
    assert board.result() == "*"

# ---------------------------------------------------------------------------
# Position strings
# ---------------------------------------------------------------------------


def test_the_position_strings_of_ludo_md():
    assert ludo.Board().position() == NEW4
    assert ludo.Board(players=2).position() == NEW2
    assert after(NEW4, "r6 r3 s-3").position() == "3G9/13/13/13 5/5/5/5 0000 Y - standard -"


@pytest.mark.parametrize("text", [
    NEW4, NEW2,
    "3G9/13/13/13 5/5/5/5 0000 Y - standard -",
    "13/13/13/13 5/5/5/5 0000 G 6 standard -",
    "13/13/13/13 5/5/5/5 0000 G 66 standard -",
    "3G9/13/13/13 5/5/5/5 0000 G 661 standard -",
    "5G7/13/13/13 1G3/5/5/5 1-0- G 4 standard -",
    "G1Y1B1R6/R1B1Y1G6/13/13 5/5/5/5 0000 R - places -",
    "13/13/13/13 5/5/5/5 4-0- - - places G",
    "13/13/13/13 5/5/5/5 4434 - - places RGY",
    "13/13/13/13 5/5/5/5 -0-0 Y - standard -",
    "13/13/13/13 GGGG1/YYYY1/BBBB1/RRRR1 0000 R - standard -",
])
def test_position_round_trip(text):
    board = pos(text)
    assert ludo.Board(board.position()).position() == text
    assert eval(repr(board), {"yinsh": yinsh}).position() == text


def test_parsing_is_case_insensitive():
    board = ludo.Board("3g9/13/13/13 5/5/5/5 0000 y - STANDARD -")
    assert board.position() == "3G9/13/13/13 5/5/5/5 0000 Y - standard -"
    assert ludo.Board("13/13/13/13 g4/5/5/5 3-0- g - Places -").position() == \
        "13/13/13/13 G4/5/5/5 3-0- G - places -"


@pytest.mark.parametrize("text, why", [
    # malformed fields
    ("13/13/13/13 5/5/5/5 0000 G - standard", "7 fields"),
    ("13/13/13/13 5/5/5/5 0000 G - standard - -", "7 fields"),
    ("13/13/13/13  5/5/5/5 0000 G - standard -", "7 fields"),
    ("13/13/13/13\t5/5/5/5 0000 G - standard -", "7 fields"),
    ("13/13/13 5/5/5/5 0000 G - standard -", "four groups"),
    ("13/13/13/13/ 5/5/5/5 0000 G - standard -", "four groups"),
    ("12/13/13/13 5/5/5/5 0000 G - standard -", "12 fields, not 13"),
    ("14/13/13/13 5/5/5/5 0000 G - standard -", "more than 13"),
    ("4G44/13/13/13 5/5/5/5 0000 G - standard -", "more than 13"),
    ("0G12/13/13/13 5/5/5/5 0000 G - standard -", "unexpected '0'"),
    ("G012/13/13/13 5/5/5/5 0000 G - standard -", "unexpected '0'"),
    ("X12/13/13/13 5/5/5/5 0000 G - standard -", "unexpected 'X'"),
    ("13/13/13/13 Y4/5/5/5 0000 G - standard -", "piece of Y cannot stand there"),
    ("13/13/13/13 6/5/5/5 0000 G - standard -", "more than 5"),
    ("13/13/13/13 5/5/5/5 000 G - standard -", "finished"),
    ("13/13/13/13 5/5/5/5 0005 G - standard -", "finished"),
    ("13/13/13/13 5/5/5/5 0000 X - standard -", "turn"),
    ("13/13/13/13 5/5/5/5 0000 GY - standard -", "turn"),
    ("13/13/13/13 5/5/5/5 0000 G 7 standard -", "dice"),
    ("13/13/13/13 5/5/5/5 0000 G 0 standard -", "dice"),
    ("13/13/13/13 5/5/5/5 0000 G 6661 standard -", "dice"),
    ("13/13/13/13 5/5/5/5 0000 G - blitz -", "variant"),
    ("13/13/13/13 5/5/5/5 4000 - - places GG", "order"),
    ("13/13/13/13 5/5/5/5 4000 - - places X", "order"),
    # LUDO.md's list of impossible positions
    ("13/13/13/13 5/5/5/5 0--- G - standard -", "fewer than 2 colours"),
    ("GGGGG8/13/13/13 5/5/5/5 0-0- G - standard -", "more than 4 pieces of green"),
    ("GG11/13/13/13 5/5/5/5 3-0- G - standard -", "more than 4 pieces of green"),
    ("13/13/13/13 GGGGG/5/5/5 0-0- G - standard -", "more than 4 pieces of green"),
    ("13/1Y11/13/13 5/5/5/5 0-0- G - standard -", "yellow, which is not in play"),
    ("13/13/13/12G 5/5/5/5 0-0- G - standard -", "its own E - 1"),
    ("13/13/13/13 5/5/5/5 4-0- - - standard -", "exactly the colours with 4"),
    ("13/13/13/13 5/5/5/5 3-0- G - standard G", "exactly the colours with 4"),
    ("13/13/13/13 5/5/5/5 0-0- G - standard B", "exactly the colours with 4"),
    ("13/13/13/13 5/5/5/5 4040 - - standard GB", "at most 1 in standard"),
    ("13/13/13/13 5/5/5/5 4-4- - - places GB", "all but one in places"),
    ("13/13/13/13 5/5/5/5 0-0- Y - standard -", "yellow's, which is not in play"),
    ("13/13/13/13 5/5/5/5 4000 G - places G", "green's, which has finished"),
    ("13/13/13/13 5/5/5/5 0000 - - standard -", "the game goes on"),
    ("13/13/13/13 5/5/5/5 4000 Y - standard G", "the game has ended"),
    ("13/13/13/13 5/5/5/5 4000 - 3 standard G", "the game has ended"),
    ("13/13/13/13 5/5/5/5 0000 G 666 standard -", "666"),
    ("13/13/13/13 5/5/5/5 0000 G 36 standard -", "other than 6 before the last"),
    ("13/13/13/13 5/5/5/5 0000 G 616 standard -", "other than 6 before the last"),
    ("13/13/13/13 5/5/5/5 0000 G 3 standard -", "move phase without a valid move"),
    ("13/13/13/13 4G/5/5/5 3000 G 62 standard -", "move phase without a valid move"),
])
def test_invalid_positions(text, why):
    with pytest.raises(InvalidPositionError, match=why):
        ludo.Board(text)


def test_a_position_whose_colours_or_variant_differ_from_the_arguments():
    with pytest.raises(InvalidPositionError, match="2 colours in play, not 4"):
        ludo.Board(NEW2, players=4)
    with pytest.raises(InvalidPositionError, match="standard variant, not 'places'"):
        ludo.Board(NEW2, variant="places")
    assert ludo.Board(NEW2, players=2, variant="standard").position() == NEW2
