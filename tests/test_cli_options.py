"""The `yinsh` command line as a Unix tool: every option is checked before any
work starts, a closed pipe ends a command quietly, --version, help texts."""
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

import yinsh
from yinsh import record
from yinsh.cli import main
from yinsh.engine import MAX_DEPTH
from helpers import sigint_default

ROOT = pathlib.Path(__file__).resolve().parents[1]
CROSSCHECK = "h6 g6 g8 c6 e10 f8 g11 e9 h11 d7"


def yinsh_process(*args, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "yinsh", *args], preexec_fn=sigint_default, **kwargs)


@pytest.fixture
def files(tmp_path):
    """A record of one three-action game (REC), a binary file (BIN), a file
    that is not a record (BAD)."""
    rec = tmp_path / "game.txt"
    record.write(record.Game(["e5", "f6", "g7"]), rec)
    binary = tmp_path / "binary.txt"
    binary.write_bytes(bytes(range(256)))
    bad = tmp_path / "bad.txt"
    bad.write_text("1. e5 e5 *\n")
    return {"REC": str(rec), "BIN": str(binary), "BAD": str(bad), "MISSING": str(tmp_path / "gmae.txt")}


# Broken pipes -------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["bench"],
    ["perft", "2", "--divide", "--moves", CROSSCHECK],
    ["perft", "1"],
    ["match", "random", "random", "--games", "2"],
    ["analyse", "--depth", "2", "--moves", CROSSCHECK],
    ["replay", "REC"],
    ["show", "--variant", "blitz"],
])
def test_a_closed_pipe_ends_quietly(args, files):
    args = [files.get(a, a) for a in args]
    read_end, write_end = os.pipe()
    os.close(read_end)                        # nobody reads: the first write fails
    proc = yinsh_process(*args, stdout=write_end, stderr=subprocess.PIPE, text=True)
    os.close(write_end)
    _, err = proc.communicate(timeout=120)
    assert err == "" and proc.returncode == 141


def test_bench_into_head_stops_after_the_first_line():
    proc = yinsh_process("bench", stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline()
    proc.stdout.close()                       # as `yinsh bench | head -1`
    err = proc.stderr.read()
    proc.wait(timeout=120)
    proc.stderr.close()
    assert first.strip() and err == "" and proc.returncode == 141


# Options are checked before any work ----------------------------------------------------

BAD_OPTIONS = [
    (["perft", "65"], "between 0 and 64"),
    (["perft", "-1"], "between 0 and 64"),
    (["perft", "0", "--divide"], "between 1 and 64"),
    (["perft", "2", "--position", ""], "7 fields"),
    (["perft", "2", "--moves", "e5 e5"], "already holds a ring"),
    (["bench", "--depth", "3"], "unrecognized"),
    (["analyse", "--depth", "0"], f"between 1 and {MAX_DEPTH}"),
    (["analyse", "--depth", str(MAX_DEPTH + 1)], f"between 1 and {MAX_DEPTH}"),
    (["analyse", "--nodes", "0"], "between 1 and"),
    (["analyse", "--hash", "-1"], "between 0 and 65536"),
    (["analyse", "--hash", "65537"], "between 0 and 65536"),
    (["analyse", "--time", "0"], "positive"),
    (["analyse", "--time", "nan"], "positive"),
    (["analyse", "--position", ""], "7 fields"),
    (["analyse", "--position", "", "--depth", "1"], "7 fields"),
    (["match", "random", "random", "--games", "0"], "between 1|at least 1"),
    (["match", "random", "random", "--depth", "0"], f"between 1 and {MAX_DEPTH}"),
    (["match", "random", "random", "--depth", "99"], f"between 1 and {MAX_DEPTH}"),
    (["match", "random", "random", "--time", "-1"], "positive"),
    (["match", "random", "random", "--seed", "-1"], "negative"),
    (["match", "random", "random", "--variant", "tiny"], "invalid choice"),
    (["match", "engine:depth=99", "random"], f"between 1 and {MAX_DEPTH}"),
    (["match", "random", "engine:depth=0"], f"between 1 and {MAX_DEPTH}"),
    (["match", "engine:nodes=0", "random"], "between 1 and"),
    (["match", "engine:hash=65537", "random"], "between 0 and 65536"),
    (["match", "engine:time=inf", "random"], "positive"),
    (["match", "engine:time=nan", "random"], "positive"),
    (["match", "engine:depth=3,depth=4", "random"], "given twice"),
    (["match", "engine:speed=3", "random"], "bad setting"),
    (["match", "engine:depth", "random"], "bad setting"),
    (["match", "random:depth=3", "random"], "takes no settings"),
    (["match", "stockfish", "random"], "unknown player"),
    (["show", "--size", "15"], "between 16 and 10000"),
    (["show", "--size", "10001"], "between 16 and 10000"),
    (["show", "--ply", "-1", "--record", "REC"], "negative"),
    (["show", "--record", "REC", "--ply", "4"], "only 3 actions"),
    (["show", "--record", "REC", "--game", "2"], "no game 2"),
    (["show", "--record", "REC", "--game", "0"], "at least 1"),
    (["show", "--game", "2"], "--game needs --record"),
    (["show", "--ply", "2"], "--ply needs --record"),
    (["show", "--record", ""], "file name is empty"),
    (["show", "--record", "REC", "--position", ""], "cannot be combined"),
    (["show", "--record", "REC", "--moves", ""], "cannot be combined"),
    (["show", "--position", ""], "7 fields"),
    (["show", "--variant", "blitz", "-o", ""], "-o needs a file name"),
    (["show", "--record", "MISSING"], "cannot read"),
    (["show", "--record", "BIN"], "not UTF-8"),
    (["show", "--orientation", "red"], "orientation must be white or black"),
    (["replay", "REC", "--analyse", "--depth", "99"], f"between 1 and {MAX_DEPTH}"),
    (["replay", "REC", "--analyse", "--depth", "0"], f"between 1 and {MAX_DEPTH}"),
    (["replay", "REC", "--analyse", "--time", "0"], "positive"),
    (["replay", "REC", "--depth", "3"], "--depth needs --analyse"),
    (["replay", "REC", "--time", "1"], "--time needs --analyse"),
    (["replay", "REC", "--game", "2"], "no game 2"),
    (["replay", "REC", "--game", "0"], "at least 1"),
    (["replay", "MISSING"], "No such file"),
    (["replay", "BIN"], "not UTF-8"),
    (["replay", "BAD"], "turn 1 (Black)"),
    (["replay", ""], "file name is empty"),
]


@pytest.mark.parametrize("argv,words", BAD_OPTIONS, ids=lambda x: " ".join(x) if isinstance(x, list) else None)
def test_bad_options_exit_2_with_one_line_before_any_work(argv, words, files, capsys):
    argv = [files.get(a, a) for a in argv]
    start = time.perf_counter()
    try:
        code = main(argv)
    except SystemExit as exc:                 # usage errors: argparse exits
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""                          # nothing was done
    assert err.count("\n") == 1 and err.startswith("yinsh") and ": error: " in err, err
    assert any(w in err for w in words.split("|")), err
    assert time.perf_counter() - start < 5


def test_int_in_is_a_shared_argument_type():
    from argparse import ArgumentTypeError
    from yinsh.cli import int_in, search_depth
    assert int_in(1, 3)("3") == 3 and int_in(None, 3)("-7") == -7 and int_in(5)("99") == 99
    for convert, text in [(int_in(1, 3), "4"), (int_in(1, 3), "0"), (int_in(None, 3), "4"),
                          (int_in(5), "4"), (int_in(0), "x"), (search_depth, str(MAX_DEPTH + 1))]:
        with pytest.raises(ArgumentTypeError):
            convert(text)


# Ctrl-C in a match ----------------------------------------------------------------------

@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
def test_match_interrupted_still_prints_the_summary():
    proc = yinsh_process("match", "random", "random", "--games", "100000", "--openings", "none",
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline()
    assert first.startswith("game 1/100000")
    proc.send_signal(signal.SIGINT)
    out, err = proc.stdout.read(), proc.stderr.read()     # (readline buffered more than a line)
    proc.wait(timeout=60)
    proc.stdout.close()
    proc.stderr.close()
    assert proc.returncode == 130 and "interrupted" in err
    assert "(interrupted)" in out and "W/D/L (A): " in out and "Score (A): " in out
    played = sum(line.startswith("game ") for line in (first + out).splitlines())
    wins, draws, losses = map(int, out.split("W/D/L (A): ")[1].split()[0].split("/"))
    assert played <= wins + draws + losses <= played + 1   # + 1: stopped between a game and its line


# Small things -----------------------------------------------------------------------------

def test_version_has_one_source(capsys):
    from yinsh._version import __version__
    assert yinsh.__version__ == __version__
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0 and capsys.readouterr().out == f"yinsh {__version__}\n"
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in pyproject and 'attr = "yinsh._version.__version__"' in pyproject
    assert "\nversion =" not in pyproject.split("[tool.setuptools.dynamic]")[0]


def test_colours_print_as_words(capsys):
    board = yinsh.Board()
    print(board.turn, yinsh.BLACK, board.phase, yinsh.Termination.MARKER_POOL)
    assert capsys.readouterr().out == "white black place marker_pool\n"
    assert repr(yinsh.WHITE) == "<Color.WHITE: 0>" and yinsh.WHITE == 0 and int(yinsh.BLACK) == 1
    assert f"{yinsh.BLACK}" == "black" and f"{yinsh.BLACK:d}" == "1" and "wb"[yinsh.BLACK] == "b"


@pytest.mark.parametrize("command,present,absent", [
    ("match", ["95% interval"], ["%%"]),
    ("bench", ["engine search"], []),
    ("perft", ["the number of plies, 0..64"], []),
    ("analyse", ["1..64", "0..65536"], []),
])
def test_help_texts(command, present, absent, capsys):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split("\n"))
    text = " ".join(text.split(" " * 20))     # undo argparse's wrapping indent
    for words in present:
        assert words in text, text
    for words in absent:
        assert words not in text


def test_search_doc_gives_wilson_intervals():
    import re
    from yinsh.engine.match import score_interval
    doc = (ROOT / "docs" / "search.md").read_text()
    assert "interval (normal approximation)" not in doc and "Wilson score interval" in doc
    rows = re.findall(r"\| (\d+)/(\d+)/(\d+) \| ([\d.]+) \(([\d.]+)-([\d.]+)\) \|", doc)
    assert len(rows) >= 8
    for row in rows:
        wins, draws, losses = map(int, row[:3])
        computed = score_interval([1.0] * wins + [0.5] * draws + [0.0] * losses)
        assert [f"{x:.3f}" for x in computed] == list(row[3:])
