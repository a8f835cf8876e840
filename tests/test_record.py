"""yinsh.record (our PGN-like format) and yinsh.yinsh.boardspace (Boardspace SGF import)."""
import io
import pathlib

import pytest

import yinsh
from yinsh import record
from yinsh.yinsh import boardspace
from yinsh.record import Game, RecordError

from helpers import board as make_board
from helpers import random_board

SHARED = pathlib.Path(__file__).resolve().parent / "data" / "boardspace"   # tests/data/README.md
DRMIH = SHARED / "Y-DrMih-Dumbot-2026-02-23-1415.sgf"
BESTBOT = SHARED / "Y-BestBot-BOkpc-2026-03-13-1856.sgf"
needs_samples = pytest.mark.skipif(not DRMIH.exists(), reason=f"sample games not found in {SHARED}")

# The shorter sample game, verbatim (Black resigns after White's first move).
RESIGN_SGF = """ (;
GM[24]VV[2]
CM[0,1]
TC[None]
SU[Yinsh]
DT[Fri Mar 13 19:56:26 GMT+01:00 2026]
GN[Y-BestBot-BOkpc-2026-03-13-1856]
RE[Game won by BestBot]
P0[id "BestBot"]
P1[id "BOkpc"]
; P0[0 Start White]
; P0[1 place wr  G 2]TM[18012]
; P0[2 Done ]TM[18701]
; P1[3 place br  C 6]TM[8633]
; P1[4 Done ]TM[19028]
; P0[5 place wr  F 2]TM[35219]
; P0[6 Done ]TM[35730]
; P1[7 place br  D 4]TM[30587]
; P1[8 Done ]TM[34743]
; P0[9 place wr  E 1]TM[51533]
; P0[10 Done ]TM[52008]
; P1[11 place br  E 4]TM[42652]
; P1[12 Done ]TM[44380]
; P0[13 place wr  H 3]TM[67924]
; P0[14 Done ]TM[68451]
; P1[15 place br  A 4]TM[53799]
; P1[16 Done ]TM[54738]
; P0[17 place wr  D 1]TM[83611]
; P0[18 Done ]TM[84125]
; P1[19 place br  F 6]TM[66681]
; P1[20 Done ]TM[67782]
; P0[21 move E 1 E 2]TM[99156]
; P0[22 Done ]TM[103195]
; P1[23 Resign ]TM[97719]
; P1[24 Done ]TM[98547]
;
P0[time 0:01:43 ]
P1[time 0:01:38 ]
)
"""

PLACED = "1. h6 g6 2. g8 c6 3. e10 f8 4. g11 e9 5. h11 d7"


def game_text(movetext, **tags):
    head = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    return f"{head}\n{movetext}\n"


# Writing and reading back ------------------------------------------------------

@pytest.mark.parametrize("seed,variant", [(1, "standard"), (2, "standard"), (3, "blitz"), (4, "standard")])
def test_round_trip_of_whole_random_games(seed, variant):
    board = random_board(seed, 2000, variant)
    assert board.is_game_over()
    game = Game.from_board(board, White="Ada", Black='Ben "the bold" \\o/', Event="Test")
    game.comments += [(0, "before anything"), (10, "rings placed"), (len(game.actions), "the end")]
    text = record.write(game)
    (again,) = record.reads(text)
    assert again == game
    assert again.board == board and again.board.move_stack == board.move_stack
    assert again.result == board.result() != "*"
    assert record.write(again) == text                               # exact round trip
    assert all(len(line) <= 80 for line in text.splitlines())


def test_removals_in_gipf_turn_notation():
    # Random games remove rows: the turns hold "move;removals".
    text = record.write(Game.from_board(random_board(2, 2000)))
    assert ";x" in text
    for token in text.split():
        if ";" in token:
            assert all(part for part in token.split(";"))


def test_several_games_per_file_and_start_position():
    start = make_board("e2", "k8", white_markers="e4", black_markers="e3 e5")
    start.push_str("e2-e6")
    games = [Game.from_board(random_board(5, 30), White="A"),
             Game.from_board(start, Black="B"),
             Game.from_board(random_board(6, 25, "blitz"))]
    assert "Position" in games[1].tags and "Position" not in games[0].tags
    text = record.write(games)
    assert record.reads(text) == games
    assert record.write(record.reads(text)) == text
    assert record.reads(text)[1].board == start
    assert [g.tags["Variant"] for g in record.reads(text)] == ["standard", "standard", "blitz"]


def test_read_hand_written_text():
    text = game_text(f"{{opening}} {PLACED} {{now moves}} 6. h6-h10 g6-g3 7. h10-h9 *",
                     White="Ada", Black="Ben", Result="*")
    (game,) = record.reads(text)
    assert game.tags["White"] == "Ada" and game.tags["Date"] == "????.??.??"
    assert [str(m) for m in game.actions][10:] == ["h6-h10", "g6-g3", "h10-h9"]
    assert len(game.actions) == 13
    assert game.comments == [(0, "opening"), (10, "now moves")]
    assert game.board.turn == yinsh.BLACK and game.result == "*"
    assert game.board_at(10).phase == "move"
    assert [n for n, _, _ in game.turns()][-3:] == [6, 6, 7]


def test_read_accepts_path_file_object_and_path_string(tmp_path):
    game = Game.from_board(random_board(8, 40), White="X")
    path = tmp_path / "game.yinsh"
    record.write(game, path)
    assert record.read(path) == [game]
    assert record.read(str(path)) == [game]
    with open(path) as f:
        assert record.read(f) == [game]
    with open(path, "rb") as f:                                       # binary: UTF-8
        assert record.read(f) == [game]
    out = io.StringIO()
    record.write([game, game], out)
    assert record.reads(out.getvalue()) == [game, game]
    out.seek(0)
    assert record.read(out) == [game, game]
    assert record.reads("") == []


def test_turn_text_and_split_turn_are_inverse():
    moves = [yinsh.Move.from_str(t) for t in ["xb2-b6", "xk7", "f2-f5", "xc2-c6", "xb1"]]
    assert record.turn_text(moves) == "xb2-b6xk7;f2-f5;xc2-c6xb1"
    assert record.split_turn("xb2-b6xk7;f2-f5;xc2-c6xb1") == [str(m) for m in moves]


def test_game_result_and_termination():
    board = random_board(1, 2000)
    game = Game.from_board(board)
    assert game.result == board.result()
    assert game.termination == board.outcome().termination.value
    assert game.winner == board.outcome().winner
    unfinished = Game(["e5", "f6"], {"Result": "0-1", "Termination": "time forfeit"})
    assert unfinished.winner == yinsh.BLACK and unfinished.termination == "time forfeit"


# Bad records ----------------------------------------------------------------------

@pytest.mark.parametrize("text,words", [
    (game_text(f"{PLACED} 6. h6-h10 g6-g5 7. h10-a3 *"), ["line 2", "turn 7 (White)", "illegal", "h10-a3"]),
    (game_text(f"{PLACED} 6. h6-h10 g6-zz9 *"), ["line 2", "turn 6 (Black)", "zz9"]),
    (game_text("1. e5 f6 3. g7 *"), ["line 2", "3.", "2. was expected"]),
    (game_text("1. e5 1. f6 *"), ["1...", "expected"]),
    (game_text("1. e5 f6"), ["line 2", "no result"]),
    (game_text("1. e5 f6 1-0 2. g7 *"), ["game 2", "line 2", "2. where 1. was expected"]),
    (game_text("1. e5 f6 *", Result="1-0"), ["Result tag", "1-0"]),
    (game_text("1. e5 f6 {unclosed *"), ["line 2", "never closed"]),
    (game_text("1. e5 f6 *", Variant="tiny"), ["line 1", "Variant"]),
    (game_text("1. e5 *", Position="4/7 w place"), ["line 1", "Position"]),
    ('[White "a"]\n[White "b"]\n\n1. e5 *\n', ["line 2", "twice"]),
    ('[White "x"\n\n1. e5 *\n', ["line 1", "tag"]),
    (game_text("1. e5 f6 ?? *"), ["unexpected", "??"]),
    (game_text("1. e5;;f6 *"), ["stray"]),
    ("1. e5 f6 *\n\n[White \"x\"]\n\n1. e5 e5 *\n", ["game 2", "line 5", "turn 1 (Black)", "already holds"]),
])
def test_bad_records_name_line_turn_and_reason(text, words):
    with pytest.raises(RecordError) as info:
        record.reads(text)
    assert isinstance(info.value, ValueError)
    for word in words:
        assert word in str(info.value)


def test_a_game_over_is_not_contradicted():
    board = random_board(3, 2000)
    text = record.write(Game.from_board(board))
    wrong = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}[board.result()]
    bad = text.replace(f'[Result "{board.result()}"]', f'[Result "{wrong}"]')
    bad = bad.rstrip()[: -len(board.result())] + wrong + "\n"
    with pytest.raises(RecordError, match="ended"):
        record.reads(bad)
    more = text.rstrip()[: -len(board.result())] + "a2 " + board.result() + "\n"
    with pytest.raises(RecordError, match="game is over|after the end"):
        record.reads(more)


def test_game_constructor_checks():
    with pytest.raises(RecordError, match="action 2"):
        Game(["e5", "e5"])
    with pytest.raises(RecordError, match="Result"):
        Game([], {"Result": "win"})
    with pytest.raises(RecordError, match="comment"):
        Game(["e5"], comments=[(3, "late")])
    with pytest.raises(RecordError, match="tag name"):
        Game([], {"bad name": "x"})
    with pytest.raises(TypeError):
        record.read(42)


# Boardspace import --------------------------------------------------------------------

def test_boardspace_resignation_is_kept():
    (game,) = boardspace.reads(RESIGN_SGF)
    assert game.tags["White"] == "BestBot" and game.tags["Black"] == "BOkpc"
    assert game.tags["Date"] == "2026.03.13"
    assert game.result == "1-0" and game.termination == "resignation"
    assert [str(m) for m in game.actions] == "g2 c6 f2 d4 e1 e4 h3 a4 d1 f6 e1-e2".split()
    assert not game.board.is_game_over()
    # the same game object as our own format: it writes and reads back equal
    assert record.reads(record.write(game)) == [game]
    assert record.reads(RESIGN_SGF) == [game]                         # record.reads detects SGF


@needs_samples
def test_boardspace_sample_games():
    (won,) = record.read(DRMIH)
    assert won.tags["White"] == "DrMih" and won.tags["Black"] == "Dumbot"
    assert won.result == "1-0" and won.termination == "rings"
    assert won.board.rings_removed(yinsh.WHITE) == 3 and won.board.rings_removed(yinsh.BLACK) == 1
    assert str(won.actions[10]) == "g2-h3" and str(won.actions[-1]) == "xj5"
    assert "xc4-g4" in [str(m) for m in won.actions]                  # Black's row "remove b G 4 C 4"
    text = record.write(won)
    assert "18. j6-k7 d4-c3;xc4-g4xh5" in text
    assert record.reads(text) == [won]
    (resigned,) = boardspace.read(BESTBOT)
    assert resigned == boardspace.reads(RESIGN_SGF)[0]
    both = DRMIH.read_text() + BESTBOT.read_text()
    assert boardspace.reads(both) == [won, resigned]


@pytest.mark.parametrize("change,words", [
    (("move E 1 E 2", "move E 1 E 9"), ["line 32", "21 (White)", "illegal"]),
    (("place br  C 6", "place wr  C 6"), ["other colour"]),
    (("P1[3 place br  C 6]", "P0[3 place wr  C 6]"), ["Black's turn"]),
    (("move E 1 E 2", "jump E 1 E 2"), ["unsupported", "jump E 1 E 2"]),
    (("GM[24]", "GM[1]"), ["GM[24]"]),
    (("P1[23 Resign ]", "P1[23 place b C 6]"), ["picked up"]),
    (("RE[Game won by BestBot]", "RE[Game won by BOkpc]"), ["resigned"]),
    (("P0[time 0:01:43 ]\nP1[time 0:01:38 ]\n)", ""), ["never closed|no closing"]),
])
def test_boardspace_bad_records(change, words):
    bad = RESIGN_SGF.replace(*change)
    assert bad != RESIGN_SGF
    with pytest.raises(RecordError) as info:
        boardspace.reads(bad)
    for word in words:
        assert any(w in str(info.value) for w in word.split("|")), str(info.value)


# read(path_or_file) and reads(text) -----------------------------------------------------

def test_a_mistyped_file_name_is_not_read_as_a_record(tmp_path):
    record.write(Game(["e5"]), tmp_path / "games.txt")
    with pytest.raises(FileNotFoundError):
        record.read(str(tmp_path / "gmaes.txt"))
    with pytest.raises(FileNotFoundError):
        record.read(tmp_path / "gmaes.txt")
    with pytest.raises(FileNotFoundError):
        boardspace.read(str(tmp_path / "game.sgf"))
    with pytest.raises(FileNotFoundError):
        record.read("1. e5 f6 *\n")                       # text is not a path: use reads()
    assert [str(m) for m in record.reads("1. e5 f6 *\n")[0].actions] == ["e5", "f6"]


@pytest.mark.parametrize("data", [b"\xff\xfe1. e5 *\n", b"1. e5 *\n\x80", bytes(range(256))],
                         ids=["bom16", "late", "all"])
def test_undecodable_bytes_are_a_record_error(tmp_path, data):
    path = tmp_path / "binary.txt"
    path.write_bytes(data)
    for read in (record.read, boardspace.read):
        with pytest.raises(RecordError, match="not UTF-8"):
            read(path)
        with open(path, "rb") as f, pytest.raises(RecordError, match="not UTF-8"):
            read(f)
        with open(path, encoding="utf-8") as f, pytest.raises(RecordError, match="cannot be decoded"):
            read(f)


@pytest.mark.parametrize("value", [None, b"1. e5 *\n", bytearray(b"x"), 42, 1.5, ["1. e5 *"], object()])
def test_read_takes_a_path_or_a_file(value):
    for read in (record.read, boardspace.read):
        with pytest.raises(TypeError, match="path .* or a file object"):
            read(value)


@pytest.mark.parametrize("value", [None, b"1. e5 *\n", 42, pathlib.Path("games.txt"), io.StringIO("*")])
def test_reads_takes_a_str(value):
    for reads in (record.reads, boardspace.reads):
        with pytest.raises(TypeError, match="as a str"):
            reads(value)


ODD_TEXTS = ["\x00", "e5 \x00 *", "\ud800", '[White "\udcff"]\n\n*\n', "a" * 200_000,
             "1. " * 70_000, "1" * 5000 + ". e5 *", "{" + "x" * 200_000, "(" * 200_000,
             "(;GM[24]P0[id \"a\"];P0[1 " + "place " * 40_000 + "])", "\ufeff(;" + "\x00" * 10,
             "[" + "a" * 200_000, "e5-" * 70_000 + " *"]


@pytest.mark.parametrize("text", ODD_TEXTS, ids=lambda t: repr(t[:12]))
def test_any_str_is_a_record_error(text):
    for reads in (record.reads, boardspace.reads):
        with pytest.raises(RecordError) as info:
            reads(text)
        assert isinstance(info.value, ValueError) and len(str(info.value)) < 300


@pytest.mark.parametrize("name", ["\x00", "a\x00b", "\ud800", "x" * 200_000], ids=lambda t: repr(t[:12]))
def test_a_str_that_cannot_name_a_file_is_a_record_error(name):
    for read in (record.read, boardspace.read):
        with pytest.raises(RecordError, match="cannot be a file name"):
            read(name)


def test_reads_only_raises_record_errors():
    hypothesis = pytest.importorskip("hypothesis")
    st = hypothesis.strategies
    pieces = st.sampled_from(["e5", "f6", "-", "x", ";", "pass", "{", "}", "[", "]", '"', "\\",
                              " ", "\n", "1.", "2...", "*", "1-0", "1/2-1/2", "\x00", "\ud800",
                              "(;", ")", "GM[24]", "P0[1 place wr G 2]", "\ufeff", "١", "e5-e9"])
    texts = st.lists(pieces, max_size=30).map("".join) | st.text(max_size=40)

    @hypothesis.settings(max_examples=300, deadline=None)
    @hypothesis.given(texts)
    def check(text):
        for candidate in (text, '[White "a"]\n\n' + text, "(;GM[24]" + text):
            try:
                record.reads(candidate)
            except RecordError:
                pass

    check()


def test_records_doc_examples(tmp_path, monkeypatch, capsys):
    """docs/records.md: its first Python example runs as it stands, in an
    empty folder (it writes the file of its format example itself), and its
    commands run on that file."""
    import doctest
    import re
    from yinsh.cli import main

    doc = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "records.md").read_text()
    example = doc.split("## The format", 1)[1].split("```", 2)[1].lstrip("\n")
    monkeypatch.chdir(tmp_path)
    python = re.search(r"```python\n(.*?)```", doc, re.S).group(1)
    test = doctest.DocTestParser().get_doctest(python, {}, "records.md", "docs/records.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=print, clear_globs=False)
    assert runner.failures == 0 and runner.tries > 10, capsys.readouterr().out
    written = test.globs["folder"] / "games.txt"
    assert written.read_text() == example           # the example wrote the file the format shows
    assert list(tmp_path.iterdir()) == []            # and nothing beside its scratch folder
    (tmp_path / "games.txt").write_text(example)     # the file the commands are given
    commands = doc.split("## The commands", 1)[1].split("```", 2)[1].strip().splitlines()
    for line in commands:
        argv = line.split("#")[0].split()
        assert argv[0] == "yinsh"
        if argv[1] == "play":
            continue
        root = pathlib.Path(__file__).resolve().parents[1]    # paths in the doc are from the checkout
        argv = [str(root / a) if a.startswith("tests/") else a for a in argv]
        assert main(argv[1:]) == 0, (line, capsys.readouterr().err)
    assert (tmp_path / "board.svg").exists()
