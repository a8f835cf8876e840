"""Matches against any UGI engine (yinsh.engine.ugi_client, yinsh match
ugi:COMMAND) and on a clock: small fake UGI engines, Python scripts written
here, that play the first legal move or misbehave at their N-th ``go``
(crash, hang, an illegal move, a malformed bestmove, too slow for the
clock). The match names the reason, scores the forfeit, goes on with a fresh
process and writes the reason into the record."""
from __future__ import annotations

import importlib.util
import pickle
import subprocess
import sys
import time
import time as time_module
from pathlib import Path
from typing import Any, Iterator

import pytest

from helpers import assert_gone

import yinsh
from yinsh import games, record
from yinsh.engine import child
from yinsh.engine.match import Contestant, EngineFactory, GameResult, MatchResult, game_records, run_match
from yinsh.engine.ugi_client import UgiEngine, UgiEngineError, UgiEngineFactory

FAKE = r'''
import os, sys, time
from yinsh import games

game, behaviour, n, log = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]

def note(text):
    if log != "-":
        with open(log, "a") as f:
            f.write(text + "\n")

def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()

note(f"start {os.getpid()}")
kind = games.get(game)
board = None
goes = 0
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "ugi":
        say("id name fake " + behaviour)
        say("id author the tests")
        say("option name Hash type spin default 16 min 1 max 1024")
        say("option name Style type string default plain")
        say("ugiok")
    elif words[0] == "setoption":
        note(line.strip())
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "uginewgame":
        note("uginewgame")
    elif words[0] == "position":
        position, _, moves = line.strip()[len("position fen "):].partition(" moves ")
        board = kind.board_class(position)
        for move in moves.split():
            board.push_str(move)
    elif words[0] == "go":
        goes += 1
        note(line.strip())
        move = str(next(iter(board.legal_moves)))
        if behaviour == "slow":
            time.sleep(n / 1000)
        elif goes == n:
            if behaviour == "crash":
                sys.stderr.write("boom: the fake engine crashed\n")
                sys.exit(3)
            if behaviour == "hang":
                time.sleep(3600)
            if behaviour == "illegal":
                move = "zz9"
            if behaviour == "garbage":
                say("info string here comes garbage")
                say("bestmove")
                continue
        say("info depth 1 score cp 0 pv " + move)
        say("bestmove " + move)
    elif words[0] == "quit":
        break
'''

INSERT = games.get("insert")


@pytest.fixture(scope="module")
def script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ugi") / "fake_engine.py"
    path.write_text(FAKE)
    return path


@pytest.fixture(autouse=True)
def no_players_left() -> Iterator[None]:
    """Each test's engines (one per process and command) are ended after it."""
    yield
    for player in list(child._PLAYERS.values()):
        player.close()
    child._PLAYERS.clear()


def fake(script: Path, behaviour: str = "first", n: int = 0, log: Any = "-", game: str = "insert") -> list[str]:
    return [sys.executable, str(script), game, behaviour, str(n), str(log)]


def engine(depth: int = 1) -> Contestant:
    return Contestant("engine", EngineFactory(4), {"depth": depth})


def starts(log: Path) -> int:
    return sum(line.startswith("start") for line in log.read_text().splitlines())


def test_a_correct_engine_plays_whole_games(script: Path, tmp_path: Path) -> None:
    log = tmp_path / "log"
    a = Contestant("fake", UgiEngineFactory(fake(script, log=log), {"Hash": 8}), {"depth": 2})
    result = run_match(a, engine(), 2, board=INSERT.start_board({}))
    for game in result.games:
        assert game.forfeit is None and game.termination not in ("forfeit", "time forfeit")
        assert game.moves is not None
        board = INSERT.start_board({})
        for move in game.moves:                  # every action legal
            board.push(move)
        assert board.is_game_over()
    lines = log.read_text().splitlines()
    assert starts(log) == 1                       # one child serves both games
    assert lines.count("uginewgame") == 2 and "setoption name Hash value 8" in lines
    assert {line for line in lines if line.startswith("go")} == {"go depth 2"}


@pytest.mark.parametrize("behaviour, reason", [
    ("crash", "crashed (exit status 3): boom: the fake engine crashed"),
    ("hang", "no bestmove within 0.35 s"),
    ("illegal", "illegal move 'zz9'"),
    ("garbage", "malformed bestmove line 'bestmove'"),
])
def test_a_failure_loses_the_game_and_the_match_goes_on(script: Path, tmp_path: Path, behaviour: str,
                                                        reason: str) -> None:
    log = tmp_path / "log"
    a = Contestant("fake", UgiEngineFactory(fake(script, behaviour, 3, log), margin=0.3), {"time": 0.05})
    result = run_match(a, engine(), 2, board=INSERT.start_board({}))
    assert [(g.termination, g.forfeit, g.points) for g in result.games] == [("forfeit", reason, 0.0)] * 2
    assert [g.result for g in result.games] == ["0-1", "1-0"]   # B won as the second, then the first side
    assert [g.plies for g in result.games] == [4, 5]             # A's third action: ply 4, then ply 5
    assert result.games[1].forfeit_text == f"forfeit by A: {reason}"
    assert (result.wins, result.draws, result.losses) == (0, 0, 2)
    assert starts(log) == 2                       # a fresh process for the second game
    written = record.reads(record.write(game_records(result, INSERT.start_board({}))))
    assert [(g.result, g.tags["Termination"], g.tags["Forfeit"]) for g in written] == [
        ("0-1", "forfeit", f"White (A): {reason}"), ("1-0", "forfeit", f"Red (A): {reason}")]


def test_an_engine_that_does_not_start_loses_before_its_first_action() -> None:
    dead = Contestant("dead", UgiEngineFactory([sys.executable, "-c", "import sys; sys.exit(4)"]), {"depth": 1})
    result = run_match(engine(), dead, 2, board=INSERT.start_board({}))
    assert [(g.termination, g.forfeit, g.plies, g.points) for g in result.games] == [
        ("forfeit", "crashed (exit status 4)", 0, 1.0)] * 2


def test_engine_errors_and_the_process(script: Path, tmp_path: Path) -> None:
    board = INSERT.start_board({})
    with UgiEngine(fake(script)) as player:
        assert str(player.best_move(board, depth=1)) == str(next(iter(board.legal_moves)))
        assert player.engine_name == "fake first" and "Hash" in player.engine_options
        with pytest.raises(ValueError, match="needs a limit"):
            player.best_move(board)
        process = player._process
        assert process is not None
        process.kill()                            # a dead child is replaced
        process.wait()
        assert player.best_move(board, nodes=10) in board.legal_moves
    assert player._process is None
    with pytest.raises(UgiEngineError, match="no option 'Threads' .*Hash, Style"):
        UgiEngine(fake(script), {"Threads": 2}).start()
    with pytest.raises(UgiEngineError, match="cannot start .*no-such-engine"):
        UgiEngine(str(tmp_path / "no-such-engine")).start()
    with pytest.raises(UgiEngineError, match=r"no ugiok within 0.5 s"):
        UgiEngine([sys.executable, "-c", "import time; time.sleep(30)"], startup_timeout=0.5).start()
    with pytest.raises(UgiEngineError, match=r"crashed \(exit status 0\)"):
        UgiEngine([sys.executable, "-c", "print('id name x')"]).start()
    with pytest.raises(ValueError, match="needs a command"):
        UgiEngine("  ")


def test_ctrl_c_leaves_no_stale_answer(script: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    board = INSERT.start_board({})
    player = UgiEngine(fake(script))
    player.start()
    first = player._process

    def interrupted(self: UgiEngine, word: str, timeout: float) -> list[str]:
        raise KeyboardInterrupt

    monkeypatch.setattr(UgiEngine, "_until", interrupted)
    with pytest.raises(KeyboardInterrupt):
        player.best_move(board, depth=1)
    monkeypatch.undo()
    assert player._process is None and first is not None and first.poll() is not None
    board.push(next(iter(board.legal_moves)))
    assert str(player.best_move(board, depth=1)) == str(next(iter(board.legal_moves)))
    player.close()


def test_pickles_and_one_child_per_process(script: Path) -> None:
    factory = pickle.loads(pickle.dumps(UgiEngineFactory(fake(script), {"Style": "bold"}, margin=0.5)))
    player = factory(seed=1)
    assert factory(seed=2) is player and player._process is not None
    restored = pickle.loads(pickle.dumps(player))    # settings only: no process
    assert restored._process is None and repr(restored) == repr(player)
    assert "margin=0.5" in repr(factory)


def test_the_child_dies_with_its_parent(script: Path) -> None:
    """A parent killed outright (no atexit) does not leave its UGI child."""
    code = (f"from yinsh.engine.ugi_client import UgiEngine\n"
            f"e = UgiEngine({fake(script)!r}); e.start(); print(e._process.pid, flush=True)\n"
            "import time; time.sleep(60)\n")
    parent = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    pid = int(parent.stdout.readline())                      # type: ignore[union-attr]
    parent.kill()
    parent.wait()
    assert_gone(pid, "the UGI child")


# Clocks --------------------------------------------------------------------------

def test_too_slow_for_its_clock_loses_on_time(script: Path, tmp_path: Path) -> None:
    log = tmp_path / "log"
    a = Contestant("slow", UgiEngineFactory(fake(script, "slow", 150, log)))      # no limits: the clock
    b = Contestant("engine", EngineFactory(4))
    result = run_match(a, b, 2, board=INSERT.start_board({}), clock=(0.5, 0.02))
    for game in result.games:
        assert game.termination == "time forfeit" and game.points == 0.0
        assert game.forfeit is not None and game.forfeit.startswith("out of time (0.1")
        assert game.forfeit_text is not None and game.forfeit_text.startswith("time forfeit by A: ")
    goes = [line.split() for line in log.read_text().splitlines() if line.startswith("go")]
    assert goes[0] == ["go", "p1time", "500", "p2time", "500", "p1inc", "20", "p2inc", "20"]
    assert goes[1][:2] == ["go", "p1time"] and int(goes[1][2]) < 500     # the clock ran
    written = game_records(result, INSERT.start_board({}))
    assert written[0].tags["TimeControl"] == "0.5+0.02" and written[0].tags["Termination"] == "time forfeit"


class Sleeper:
    """A library-side player that answers after its time and a bit more."""

    def best_move(self, board: Any, depth: Any = None, time: Any = None, nodes: Any = None) -> Any:
        time_module.sleep(0.25)
        return next(iter(board.legal_moves))


def test_library_players_play_on_the_clock() -> None:
    board = INSERT.start_board({})
    result = run_match(Contestant("engine", EngineFactory(4)), Contestant("sleeper", lambda seed: Sleeper()), 2,
                       board=board, clock=(0.6, 0.0))
    for game in result.games:                        # the sleeper flags at its third action
        assert (game.termination, game.points) == ("time forfeit", 1.0)
    assert result.clock == (0.6, 0.0)
    engines = run_match(Contestant("a", EngineFactory(4)), Contestant("b", EngineFactory(4)), 2,
                        board=board, clock=(2.0, 0.01))
    assert all(g.forfeit is None and g.termination is not None for g in engines.games)
    with pytest.raises(ValueError, match="clock"):
        run_match(Contestant("a", EngineFactory(4)), Contestant("b", EngineFactory(4)), 2, board=board,
                  clock=(0.0, 1.0))


def test_a_library_engine_error_still_raises() -> None:
    class Broken:
        def best_move(self, board: Any, **limits: Any) -> Any:
            raise ZeroDivisionError("a bug, not a forfeit")

    with pytest.raises(ZeroDivisionError):
        run_match(Contestant("broken", lambda seed: Broken()), engine(), 2, board=INSERT.start_board({}))


# The command line ------------------------------------------------------------------

def yinsh_match(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "yinsh", "match", *args], capture_output=True, text=True,
                          timeout=timeout)


def spec(script: Path, behaviour: str, n: int, log: Any = "-", game: str = "insert") -> str:
    return "ugi:" + " ".join(f'"{word}"' for word in fake(script, behaviour, n, log, game))


def test_cli_names_the_forfeits_and_records_them(script: Path, tmp_path: Path) -> None:
    log = tmp_path / "log"
    out = tmp_path / "games.txt"
    run = yinsh_match(spec(script, "crash", 3, log), "engine", "--game", "insert", "--depth", "1",
                      "--games", "4", "--workers", "2", "--openings", "none", "--record", str(out),
                      "--ugi-option", "Style=two words")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    for k in range(4):
        assert lines[k].startswith(f"game {k + 1}/4: ") and "B wins (forfeit by A: crashed (exit status 3)" in lines[k]
    assert "W/D/L (A): 0/0/4" in run.stdout
    assert starts(log) == 5                       # the check before the match, then one a game
    assert "setoption name Style value two words" in log.read_text()
    written = record.read(str(out))
    assert [g.tags["Forfeit"] for g in written][:2] == [
        "White (A): crashed (exit status 3): boom: the fake engine crashed",
        "Red (A): crashed (exit status 3): boom: the fake engine crashed"]
    assert [g.result for g in written] == ["0-1", "1-0", "0-1", "1-0"]


def test_cli_clock_and_bad_input(script: Path, tmp_path: Path) -> None:
    run = yinsh_match(spec(script, "slow", 300, game="yinsh"), "engine", "--variant", "blitz",
                      "--clock", "0.7+0.01", "--games", "1")        # out of time at its third action
    assert run.returncode == 0, run.stderr
    assert "A wins" not in run.stdout and "(time forfeit by A: out of time (0.3" in run.stdout
    for args, message in (
            ([spec(script, "first", 0), "engine", "--ugi-option", "Threads=2"], "no option 'Threads'"),
            ([f"ugi:{tmp_path / 'nothing'}", "engine"], "cannot start"),
            (["ugi:", "engine"], "needs a command"),
            (["engine", "engine", "--ugi-option", "Hash=2"], "neither player is a UGI engine"),
            (["engine", "engine", "--clock", "1+x"], "expected SECONDS[+INCREMENT]"),
            (["engine", "engine", "--clock", "0"], "expected SECONDS[+INCREMENT]"),
            (["random", "random", "random", "--game", "ludo", "--clock", "5"], "--clock is not an option")):
        bad = yinsh_match(*args)
        assert bad.returncode == 2 and message in bad.stderr, (args, bad.stderr)


def test_cli_forfeit_line() -> None:
    from yinsh.cli.search import game_line
    game = GameResult(3, 0, "0-1", 1, "forfeit", 0.0, 7, yinsh.Board().position(), None, "illegal move 'zz9'")
    line = game_line(game, MatchResult("a", "b", 4, [game]))
    assert "0-1 B wins (forfeit by A: illegal move 'zz9', rings 0:0, 7 actions)" in line


# Against this library's own UGI engine ----------------------------------------------

no_ugi = pytest.mark.skipif(importlib.util.find_spec("yinsh.ugi") is None, reason="no yinsh ugi")

@no_ugi
def test_yinsh_ugi_scores_as_the_engine() -> None:
    """``ugi:"python -m yinsh ugi --game insert"`` against the engine plays
    the games of the engine against itself (fixed depth: deterministic);
    with ``Keep Hash`` (its tables kept through a game, as UCI engines
    keep their hash) it plays those of ``engine:keep=1``."""
    from yinsh.cli.search import TunedEngineFactory
    board = INSERT.start_board({})
    opening = INSERT.part("match").openings()["random-layouts"]
    command = [sys.executable, "-m", "yinsh", "ugi", "--game", "insert"]
    keeping = Contestant("engine:keep=1", TunedEngineFactory(16, {}, "insert", keep_tables=True), {"depth": 3})
    for options, mirror in (({}, engine(3)), ({"Keep Hash": "true"}, keeping)):
        ugi = Contestant("ugi", UgiEngineFactory(command, options, search_timeout=5), {"depth": 3})
        over_ugi = run_match(ugi, engine(3), 4, board=board, opening=opening, seed=5)
        direct = run_match(mirror, engine(3), 4, board=board, opening=opening, seed=5)
        assert [g.forfeit for g in over_ugi.games] == [None] * 4
        assert [(g.result, g.points, g.moves) for g in over_ugi.games] == [
            (g.result, g.points, g.moves) for g in direct.games], options


@no_ugi
def test_cli_yinsh_ugi_scores_as_the_engine() -> None:
    """``yinsh match ugi:"yinsh ugi" engine`` (Yinsh, depth 3) prints the
    games and the score of ``yinsh match engine engine``."""
    common = ["--depth", "3", "--games", "2", "--seed", "4"]
    over_ugi = yinsh_match(f'ugi:"{sys.executable}" -m yinsh ugi', "engine", *common)
    direct = yinsh_match("engine", "engine", *common)
    assert over_ugi.returncode == 0 and direct.returncode == 0, over_ugi.stderr + direct.stderr
    assert "forfeit" not in over_ugi.stdout
    games_of = [line.split("  +")[0] for line in over_ugi.stdout.splitlines() if line.startswith("game ")]
    assert games_of == [line.split("  +")[0] for line in direct.stdout.splitlines() if line.startswith("game ")]
    assert over_ugi.stdout.splitlines()[3:5] == direct.stdout.splitlines()[3:5]     # W/D/L, score
