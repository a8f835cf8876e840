"""The `yinsh play`, `show` and `replay` commands, driven through their input."""
import io
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from yinsh import record
from yinsh.cli import main

from helpers import position

# White to move in blitz with four white markers e2..e5 and a ring on e6:
# e6-e7 leaves the fifth marker, xe2-e6 and a ring removal win.
BLITZ_WIN = position("e6 a2 a3 a4 a5", "k7 k8 k9 k10 j11", "e2 e3 e4 e5", variant="blitz")
NS = "{http://www.w3.org/2000/svg}"


def run(argv, stdin="", monkeypatch=None, capsys=None):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_play_through_standard_input_in_a_real_process(tmp_path):
    saved = tmp_path / "game.txt"
    script = "\n".join(["zz9", "xe5", "e5", "e5", "moves", "hint", "undo", "c3", f"save {saved}",
                        "quit"]) + "\n"
    proc = subprocess.run([sys.executable, "-m", "yinsh", "play", "--engine-depth", "1"],
                          input=script, capture_output=True, text=True, timeout=120)
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "You play White" in out
    assert "Not understood: 'zz9'" in out
    assert "Illegal: xe5: White must place a ring now" in out
    assert "Illegal: e5: e5 already holds a ring" in out               # the second e5
    assert "legal actions: " in out and "Hint: " in out
    assert "Took back: e5 " in out
    assert out.count("Engine (Black) plays") == 2                      # after e5, and after c3
    assert out.count("a   b   c   d   e   f   g   h   i   j   k") >= 8  # diagrams after actions
    assert f"Saved 2 actions to {saved}" in out
    (game,) = record.read(saved)
    assert str(game.actions[0]) == "c3" and game.tags["White"] == "Human"
    assert game.tags["Black"] == "yinsh engine" and game.result == "*"


def test_play_as_black_engine_opens(monkeypatch, capsys):
    code, out, _ = run(["play", "--engine-depth", "1", "--color", "black"], "quit\n",
                       monkeypatch, capsys)
    assert code == 0
    assert "You play Black" in out
    assert out.index("Engine (White) plays") < out.index("Black> ")
    assert "Black to place a ring" in out


def test_play_a_whole_turn_to_a_win_then_save(monkeypatch, capsys, tmp_path):
    saved = tmp_path / "win.txt"
    code, out, _ = run(["play", "--engine-depth", "1", "--position", BLITZ_WIN],
                       f"e6-e7 xe2-e6 pass\ne6-e7;xe2-e6xa2\nhint\ne5\nsave {saved}\nquit\n",
                       monkeypatch, capsys)
    assert code == 0
    assert "nothing was played" in out                                  # 'pass' is illegal there
    assert "Game over: White wins (rings), 1-0" in out
    assert "The game is over" in out                                    # hint, and e5, after the end
    (game,) = record.read(saved)
    assert game.result == "1-0" and game.tags["Variant"] == "blitz"
    assert game.tags["Position"] == BLITZ_WIN
    assert [str(m) for m in game.actions] == ["e6-e7", "xe2-e6", "xa2"]


def test_play_undo_takes_back_engine_replies_and_end_of_input_quits(monkeypatch, capsys):
    code, out, _ = run(["play", "--engine-depth", "1", "--variant", "blitz"], "undo\ne5\nf6\nundo\nundo\nundo\n",
                       monkeypatch, capsys)
    assert code == 0
    assert "Nothing to undo." in out
    took = [line for line in out.splitlines() if line.startswith("Took back:")]
    assert len(took) == 2 and took[0].startswith("Took back: f6 ") and took[1].startswith("Took back: e5 ")
    assert out.rstrip().endswith("Bye.")


@pytest.mark.parametrize("argv", [
    ["play", "--engine-depth", "2", "--engine-time", "1"],
    ["play", "--engine-depth", "0"],
    ["play", "--engine-time", "-1"],
    ["play", "--color", "red"],
    ["show", "--ply", "x"],
])
def test_bad_options_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2


@pytest.mark.parametrize("command", ["play", "show", "replay"])
def test_help(command, capsys):
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    assert "usage: yinsh " + command in capsys.readouterr().out


# yinsh show ---------------------------------------------------------------------------

def rings_in(path):
    root = ET.parse(path).getroot()
    return {e.get("data-point") for e in root.iter() if "ring" in e.get("class", "").split()}


def test_show_position_and_record(monkeypatch, capsys, tmp_path):
    out_svg = tmp_path / "board.svg"
    code, out, _ = run(["show", "--position", BLITZ_WIN, "-o", str(out_svg)], "", monkeypatch, capsys)
    assert code == 0 and "wrote" in out
    assert rings_in(out_svg) == {"e6", "a2", "a3", "a4", "a5", "k7", "k8", "k9", "k10", "j11"}

    game = record.Game(["e5", "f6", "g7"])
    rec = tmp_path / "game.txt"
    record.write(game, rec)
    code, _, _ = run(["show", "--record", str(rec), "--ply", "2", "-o", str(out_svg)], "", monkeypatch, capsys)
    assert code == 0 and rings_in(out_svg) == {"e5", "f6"}
    code, out, _ = run(["show", "--record", str(rec), "--highlight", "a2 e5-e9"], "", monkeypatch, capsys)
    assert code == 0 and out.startswith("<svg") and 'class="highlight" data-point="a2"' in out


@pytest.mark.parametrize("argv,words", [
    (["show", "--ply", "3"], "--ply needs --record"),
    (["show", "--record", "/nonexistent/x.txt"], "cannot read"),
    (["show", "--record", "REC", "--ply", "9"], "only 3 actions"),
    (["show", "--record", "REC", "--game", "2"], "no game 2"),
    (["show", "--record", "REC", "--position", BLITZ_WIN], "cannot be combined"),
    (["show", "--position", "nonsense"], "position"),
    (["replay", "BAD"], "turn 1 (Black)"),
])
def test_show_and_replay_errors_are_one_line(argv, words, monkeypatch, capsys, tmp_path):
    rec = tmp_path / "game.txt"
    record.write(record.Game(["e5", "f6", "g7"]), rec)
    bad = tmp_path / "bad.txt"
    bad.write_text("1. e5 e5 *\n")
    argv = [str(rec) if a == "REC" else str(bad) if a == "BAD" else a for a in argv]
    code, out, err = run(argv, "", monkeypatch, capsys)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith(f"yinsh {argv[0]}: error:") and words in err


# yinsh replay --------------------------------------------------------------------------

def test_replay_prints_every_action_and_the_end(monkeypatch, capsys, tmp_path):
    rec = tmp_path / "game.txt"
    game = record.Game("e5 f6 g7 h8 i9 j10 k7 k10 a2 a5 e5-e9".split(), {"White": "Ada"},
                       comments=[(10, "rings placed")])
    record.write(game, rec)
    code, out, _ = run(["replay", str(rec)], "", monkeypatch, capsys)
    assert code == 0
    lines = out.splitlines()
    assert "White: Ada" in lines
    actions = [line.split() for line in lines if re.match(r"\s*\d+\. (White|Black) ", line)]
    assert [a[2] for a in actions] == [str(m) for m in game.actions]
    assert [a[1] for a in actions][:3] == ["White", "Black", "White"]
    assert "    {rings placed}" in lines
    assert "Black to move a ring" in out


def test_replay_analyse_shows_the_engines_score(monkeypatch, capsys, tmp_path):
    rec = tmp_path / "game.txt"
    record.write(record.Game("e5 f6 g7 h8 i9 j10 k7 k10 a2 a5 e5-e9 f6-f3".split()), rec)
    code, out, _ = run(["replay", str(rec), "--analyse", "--depth", "1"], "", monkeypatch, capsys)
    assert code == 0
    scored = [line for line in out.splitlines() if " score " in line]
    assert len(scored) == 12 and all(" best " in line for line in scored)


def test_replay_boardspace_resignation(monkeypatch, capsys, tmp_path):
    from test_record import RESIGN_SGF
    sgf = tmp_path / "game.sgf"
    sgf.write_text(RESIGN_SGF)
    code, out, _ = run(["replay", str(sgf)], "", monkeypatch, capsys)
    assert code == 0
    assert "White: BestBot" in out and "Result 1-0 (resignation)" in out
    assert "e1-e2" in out
