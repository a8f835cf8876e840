"""The `yinsh play`, `show` and `replay` commands, driven through their input."""
import io
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET

import pytest

import yinsh
from yinsh import record
from yinsh.cli import CommandError, main
from yinsh.cli.play import Opponent, Session
from yinsh.engine import MAX_DEPTH

from helpers import position, sigint_default

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
    assert "Not understood: invalid move 'zz9'" in out
    assert "Illegal: illegal move xe5: White must place a ring now" in out
    assert "Illegal: illegal move e5: e5 already holds a ring" in out               # the second e5
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
    code, out, _ = run(["play", "--engine-depth", "1", "--variant", "blitz", "--evaluation", "classic"],
                       "undo\ne5\nf6\nundo\nundo\nundo\n",
                       monkeypatch, capsys)
    assert code == 0
    assert "Nothing to undo." in out
    took = [line for line in out.splitlines() if line.startswith("Took back:")]
    assert len(took) == 2 and took[0].startswith("Took back: f6 ") and took[1].startswith("Took back: e5 ")
    assert out.rstrip().endswith("Bye.")


@pytest.mark.parametrize("argv", [
    ["play", "--engine-depth", "2", "--engine-time", "1"],
    ["play", "--engine-depth", "0"],
    ["play", "--engine-depth", str(MAX_DEPTH + 1)],
    ["play", "--engine-depth", "99"],
    ["play", "--engine-depth", "2.5"],
    ["play", "--engine-time", "-1"],
    ["play", "--engine-time", "0"],
    ["play", "--engine-time", "inf"],
    ["play", "--engine-time", "nan"],
    ["play", "--engine-time", "1e999"],
    ["show", "--ply", "x"],
])
def test_bad_options_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err


def test_play_engine_depth_99_is_refused_before_the_game(monkeypatch, capsys):
    """It used to be accepted and to crash with a traceback after the first move."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("e5\nquit\n"))
    with pytest.raises(SystemExit) as info:
        main(["play", "--engine-depth", "99"])
    out, err = capsys.readouterr()
    assert info.value.code == 2 and out == ""
    assert err.count("\n") == 1 and "--engine-depth" in err and f"1 and {MAX_DEPTH}" in err
    code, out, err = run(["play", "--engine-depth", str(MAX_DEPTH), "--moves", "e5 e5"], "",
                         monkeypatch, capsys)
    assert code == 2 and out == "" and err.count("\n") == 1      # a bad --moves: no game either
    with pytest.raises(CommandError, match="depth"):
        Opponent(depth=99)                                         # the API checks it too
    with pytest.raises(CommandError, match="time"):
        Opponent(time=float("inf"))


# yinsh play: forced actions, the board's side, scores, Ctrl-C, quitting, readline ----

def test_play_plays_a_forced_action_itself_and_undo_goes_past_it(monkeypatch, capsys, tmp_path):
    saved = tmp_path / "forced.txt"
    code, out, _ = run(["play", "--engine-depth", "1", "--position", BLITZ_WIN],
                       f"e6-e7\nundo\ne6-e7\nxa2\nsave {saved}\nquit\n", monkeypatch, capsys)
    assert code == 0
    assert out.count("forced: xe2-e6 (your only legal action)") == 2
    assert "Took back: e6-e7 xe2-e6" in out                  # back to the last real choice
    assert "Game over: White wins (rings), 1-0" in out
    (game,) = record.read(saved)
    assert [str(m) for m in game.actions] == ["e6-e7", "xe2-e6", "xa2"]


def test_play_turns_the_board_for_black_and_explains_the_score(monkeypatch, capsys):
    code, out, _ = run(["play", "--engine-depth", "2", "--color", "black"], "flip\nquit\nn\n",
                       monkeypatch, capsys)
    assert code == 0
    boards = [line for line in out.splitlines() if re.fullmatch(r"\s+([a-k]\s+){10}[a-k]", line)]
    assert boards[0].split() == list("kjihgfedcba")          # Black's side at the bottom
    assert boards[-1].split() == list("abcdefghijk")         # after flip
    assert "the engine's estimate for the side named: +10000 is one ring ahead" in out
    assert re.search(r"Engine \(White\) plays \w+   \[score [+-]\d+ for White; 10000 = one ring\]",
                     out)
    code, out, _ = run(["play", "--engine-depth", "1"], "quit\n", monkeypatch, capsys)
    assert next(line for line in out.splitlines() if "a   b" in line).split()[0] == "a"


def test_play_ctrl_c_while_the_engine_thinks_makes_it_move_now():
    """The engine thinks 60 s a move; Ctrl-C (raised where the session waits
    for the search) makes it play its best action so far, and the game goes on."""
    out = io.StringIO()
    opponent = Opponent(time=60)
    waits = []

    def interrupted_wait(done):
        waits.append(done.is_set())
        time.sleep(0.3)
        raise KeyboardInterrupt

    opponent.wait = interrupted_wait
    session = Session(yinsh.Board(), yinsh.BLACK, opponent, io.StringIO("quit\nn\n"), out)
    start = time.monotonic()
    run_session(session)
    text = out.getvalue()
    assert time.monotonic() - start < 30
    assert waits == [False]                                   # the search was running
    assert "Interrupted: the engine plays its best action so far" in text
    assert text.index("Engine (White) plays") < text.index("Black> quit")
    assert session.board.ply == 1 and "Bye." in text


def test_play_ctrl_c_in_a_real_process(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "yinsh", "play", "--engine-time", "60",
                             "--color", "black"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
                            preexec_fn=sigint_default)
    lines: "queue.Queue[str]" = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()
    seen = []
    try:
        deadline = time.monotonic() + 60
        while not any("is thinking" in line for line in seen):
            seen.append(lines.get(timeout=max(0.1, deadline - time.monotonic())))
        time.sleep(0.3)
        start = time.monotonic()
        proc.send_signal(signal.SIGINT)
        proc.stdin.write("quit\nn\n")
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0, proc.stderr.read()
        assert time.monotonic() - start < 20
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    time.sleep(0.2)
    while not lines.empty():
        seen.append(lines.get())
    text = "".join(seen)
    assert "Interrupted: the engine plays its best action so far" in text
    assert "Engine (White) plays" in text
    assert "Save the game before quitting? [y/N/file name]" in text and "Bye." in text


def run_session(session):
    """session.run(), where a Ctrl-C that escapes the session fails the test
    (instead of stopping pytest)."""
    try:
        session.run()
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C escaped the session")


class Keys(io.StringIO):
    """Standard input whose lines are typed; the line CTRL-C raises KeyboardInterrupt."""

    def readline(self, *args):
        line = super().readline(*args)
        if line == "CTRL-C\n":
            raise KeyboardInterrupt
        return line


@pytest.mark.parametrize("script,saved_as", [
    ("e5\nquit\nmine.txt\n", "mine.txt"),               # quit, answer a file name
    ("e5\nCTRL-C\ny\n", "yinsh-*.txt"),                 # Ctrl-C at the prompt, answer y
    ("e5\nquit\n\n", None),                             # quit, no
    ("e5\nCTRL-C\nCTRL-C\n", None),                     # Ctrl-C twice
    ("e5\n", None),                                      # end of input
    ("e5\nquit\n/nonexistent/dir/x.txt\nquit\nn\n", None),  # cannot save: back to the game
])
def test_play_quitting_an_unsaved_game_asks_to_save_it(script, saved_as, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    session = Session(yinsh.Board(), yinsh.WHITE, Opponent(depth=1), Keys(script), out)
    run_session(session)
    text = out.getvalue()
    assert "Save the game before quitting? [y/N/file name]" in text
    assert text.rstrip().endswith("Bye.")
    files = sorted(tmp_path.glob("*.txt"))
    if saved_as is None:
        assert files == [] and "Not saved." in text
    else:
        (path,) = files
        assert path.match(saved_as) and f"Saved 2 actions to {path.name}" in text
        assert [str(m) for m in record.read(path)[0].actions][0] == "e5"
    if "/nonexistent/" in script:
        assert "Cannot save to /nonexistent/dir/x.txt" in text and text.count("Save the game") == 2


def test_play_quitting_a_saved_or_untouched_game_does_not_ask(monkeypatch, capsys, tmp_path):
    saved = tmp_path / "g.txt"
    for script in ("quit\n", f"e5\nsave {saved}\nquit\n", "e5\nundo\nquit\n", "CTRL-C\n"):
        out = io.StringIO()
        run_session(Session(yinsh.Board(), yinsh.WHITE, Opponent(depth=1), Keys(script), out))
        assert "Save the game" not in out.getvalue() and out.getvalue().rstrip().endswith("Bye.")


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_play_reads_a_terminal_with_readline(monkeypatch, capsys):
    readline = pytest.importorskip("readline")
    typed = iter(["e5", "quit", "n"])
    prompts = []

    def fake_input(prompt=""):
        prompts.append(prompt)
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(sys, "stdin", Terminal(""))
    monkeypatch.setattr("builtins.input", fake_input)
    session = Session(yinsh.Board(), yinsh.WHITE, Opponent(depth=1), sys.stdin, sys.stdout)
    assert session.readline is readline and readline.get_completer() == session.complete
    session.run()
    assert prompts == ["White> ", "White> ", "Save the game before quitting? [y/N/file name] "]
    out = capsys.readouterr().out
    assert "Engine (Black) plays" in out and "Bye." in out
    assert session.complete("xa", 0) is None                  # White to place: no removals
    assert session.complete("qu", 0) == "quit"
    assert session.complete("a", 0) == "a2" and session.complete("a", 3) == "a5"


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
