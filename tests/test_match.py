"""yinsh.engine.match: the match runner, its statistics, and `yinsh match`."""
import math
import os
import pickle
import signal
import subprocess
import sys

import pytest

import yinsh
from yinsh import record
from yinsh.cli import main
from yinsh.engine.match import (SPRT, Contestant, MatchResult, elo, expected_score, game_records,
                                run_match, score_interval, sprt_llr)
from yinsh.yinsh.openings import random_placements
from helpers import sigint_default

GREEDY = Contestant("greedy", yinsh.players.GreedyPlayer)
RANDOM = Contestant("random", yinsh.players.RandomPlayer)
BLITZ = yinsh.Board(variant="blitz")


# Statistics ------------------------------------------------------------------------

def test_wilson_interval_on_known_values():
    # 8 successes in 10 trials: the textbook Wilson interval is 0.490-0.943.
    mean, lo, hi = score_interval([1] * 8 + [0] * 2)
    assert (round(mean, 3), round(lo, 3), round(hi, 3)) == (0.8, 0.49, 0.943)
    # A draw is half a point: 5 draws score like 5 points in 10 games.
    assert score_interval([0.5] * 10) == score_interval([1] * 5 + [0] * 5)
    # Every game won: the interval still has width, and its top is exactly 1.
    mean, lo, hi = score_interval([1] * 20)
    assert (mean, hi, round(lo, 3)) == (1.0, 1.0, 0.839)
    assert score_interval([0] * 20)[1] == 0.0
    with pytest.raises(ValueError):
        score_interval([])


def test_elo_on_known_values():
    assert elo(0.5) == 0.0 and elo(1.0) == math.inf and elo(0.0) == -math.inf
    assert round(elo(0.75), 2) == 190.85                  # 400 log10(3)
    assert round(elo(0.9), 2) == 381.70                   # 400 log10(9)
    assert round(expected_score(400), 6) == round(10 / 11, 6)
    for x in (-300, -35, 0, 12.5, 200):
        assert math.isclose(elo(expected_score(x)), x, abs_tol=1e-9)


def constrained_max_loglik(counts, s):
    """max over W/D/L distributions q of mean s of sum counts_i ln q_i, by a
    golden-section search on the one free parameter (the draw rate t:
    q = (1 - s - t/2, t, s - t/2)); independent of the module's bisection."""
    losses, draws, wins = counts
    top = min(2 * s, 2 * (1 - s))

    def f(t):
        q = (1 - s - t / 2, t, s - t / 2)
        return sum(c * math.log(x) for c, x in zip((losses, draws, wins), q) if c)

    lo, hi = 1e-15, top - 1e-15
    g = (math.sqrt(5) - 1) / 2
    for _ in range(200):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if f(a) < f(b):
            lo = a
        else:
            hi = b
    return f((lo + hi) / 2)


@pytest.mark.parametrize("wins,draws,losses,elo0,elo1", [
    (60, 20, 20, 0, 10), (20, 20, 60, 0, 10), (130, 250, 120, -5, 5), (520, 1000, 480, 0, 5),
    (7, 3, 2, 0, 50), (300, 100, 200, 10, 30),
])
def test_sprt_llr_is_the_generalized_likelihood_ratio(wins, draws, losses, elo0, elo1):
    """LLR = ln of (the likelihood of the results under the most likely
    distribution with mean expected_score(elo1)) over (the same for elo0)."""
    counts = (losses, draws, wins)
    reference = (constrained_max_loglik(counts, expected_score(elo1))
                 - constrained_max_loglik(counts, expected_score(elo0)))
    assert math.isclose(sprt_llr(wins, draws, losses, elo0, elo1), reference, rel_tol=1e-6,
                        abs_tol=1e-6)


def test_sprt_llr_by_hand():
    # Near the hypotheses the LLR is the normal approximation
    # N (s1 - s0)(2 s - s0 - s1) / (2 var); for 520/1000/480 and [0, 5], by hand:
    # s = 0.51, var = 0.385 - 0.51^2 = 0.1249, s0 = 0.5, s1 = 0.5071955,
    # LLR ~ 2000 * 0.0071955 * 0.0128045 / 0.2498 = 0.7377.
    assert abs(sprt_llr(520, 1000, 480, 0, 5) - 0.7377) < 0.002
    # Wins only (the empty counts count as 0.001, as in fishtest): N ln(s1 / s0).
    assert math.isclose(sprt_llr(10, 0, 0, 0, 10), 10 * math.log(expected_score(10) / 0.5),
                        rel_tol=1e-4)
    # Symmetric hypotheses: swapping wins and losses negates the LLR.
    assert math.isclose(sprt_llr(30, 12, 18, -10, 10), -sprt_llr(18, 12, 30, -10, 10))
    assert sprt_llr(0, 0, 0, 0, 10) == 0.0
    test = SPRT(0, 10)
    assert round(test.upper, 4) == round(math.log(19), 4) == -round(test.lower, 4) == 2.9444
    assert SPRT(0, 10, alpha=0.05, beta=0.1).lower == math.log(0.1 / 0.95)
    for bad in [(10, 0), (0, 10, 0.0), (0, 10, 0.05, 1.0), (0, math.inf), (0, 10, 0.6, 0.5)]:
        with pytest.raises(ValueError):
            SPRT(*bad)


# Running ---------------------------------------------------------------------------

def test_serial_and_parallel_matches_give_the_same_games():
    kwargs = dict(board=BLITZ, opening=random_placements, seed=5)
    serial = run_match(GREEDY, RANDOM, 6, **kwargs)
    parallel = run_match(GREEDY, RANDOM, 6, workers=2, **kwargs)
    assert parallel.games == serial.games and not parallel.interrupted
    assert [g.number for g in serial.games] == [1, 2, 3, 4, 5, 6]
    assert [g.a_side for g in serial.games] == [0, 1, 0, 1, 0, 1]
    first, second = serial.games[0].moves, serial.games[1].moves
    assert first[:10] == second[:10] and first[10:] != second[10:]    # one opening, both colours
    assert run_match(GREEDY, RANDOM, 2, board=BLITZ, opening=random_placements, seed=6).games \
        != serial.games[:2]                                        # another seed, other games
    assert BLITZ.ply == 0                                           # the start board is not changed
    engine = Contestant("engine:depth=1", yinsh.players.EngineFactory(1), {"depth": 1})
    assert run_match(engine, GREEDY, 2, board=BLITZ, workers=2).games == \
        run_match(engine, GREEDY, 2, board=BLITZ).games              # engines pickle too


def test_match_result_statistics_and_pickling():
    result = run_match(GREEDY, RANDOM, 4, board=BLITZ)
    assert (result.wins, result.draws, result.losses) == (4, 0, 0)
    assert result.points == [1.0] * 4 and result.score() == score_interval([1.0] * 4)
    assert result.elo()[0] == math.inf and result.llr() == 0.0 and result.decision is None
    game = result.games[0]
    board = yinsh.Board(variant="blitz")
    for move in game.moves:
        board.push(move)
    assert board.position() == game.final_position and board.result() == game.result
    assert game.plies == len(game.moves) and game.termination == "rings" and game.verdict == "A wins"
    copy = pickle.loads(pickle.dumps(result))
    assert copy == result and copy.summary() == result.summary()
    assert "4 games in" in result.summary() and "W/D/L (A): 4/0/0" in result.summary()
    empty = MatchResult("a", "b", 3, interrupted=True)
    assert empty.summary() == "A: a   B: b   0 of 3 games (interrupted) in 0.0 s"


@pytest.mark.parametrize("workers", [1, 2])
def test_sprt_stops_the_match_at_the_same_game(workers):
    result = run_match(GREEDY, RANDOM, 40, board=BLITZ, sprt=SPRT(0, 200), workers=workers)
    # greedy wins every game; each win adds about ln(s1 / s0) = 0.418: the 8th passes 2.944
    assert result.decision == "H1" and len(result.games) == 8 and result.wins == 8
    assert result.llr() >= result.sprt.upper > sprt_llr(7, 0, 0, 0, 200)
    assert "8 of 40 games (SPRT stop)" in result.summary()
    assert "H1 accepted (A-B >= 200 Elo)" in result.summary()


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_the_match_and_keeps_the_games_played(workers):
    seen = []

    def on_game(game, so_far):
        seen.append((game.number, so_far.wins + so_far.draws + so_far.losses))
        if game.number == 3:
            raise KeyboardInterrupt

    result = run_match(RANDOM, RANDOM, 1000, board=BLITZ, on_game=on_game, workers=workers)
    assert result.interrupted and len(result.games) == 3 and seen == [(1, 1), (2, 2), (3, 3)]
    assert "3 of 1000 games (interrupted)" in result.summary()


class Confused:
    """A player that fails (module level, so that worker processes find it)."""

    def __init__(self, seed):
        pass

    def best_move(self, board, **limits):
        raise ValueError("no idea what to play")


def dies(seed):
    os._exit(3)


def test_errors_in_worker_processes_reach_the_caller():
    confused = Contestant("confused", Confused)
    for workers in (1, 2):
        with pytest.raises(ValueError, match="no idea what to play"):
            run_match(confused, RANDOM, 4, board=BLITZ, workers=workers)
    with pytest.raises(RuntimeError, match="worker process ended .exit code 3"):   # not a hang
        run_match(Contestant("dies", dies), RANDOM, 4, board=BLITZ, workers=2)


def test_bad_arguments():
    for kwargs in ({"games": 0}, {"games": 2, "workers": 0}, {"games": 2, "seed": -1}):
        with pytest.raises(ValueError):
            run_match(RANDOM, RANDOM, board=BLITZ, **kwargs)


# yinsh match -----------------------------------------------------------------------

def test_cli_match_record_holds_the_played_games(tmp_path, capsys):
    path = tmp_path / "match.txt"
    assert main(["match", "greedy", "random", "--games", "4", "--variant", "blitz", "--seed", "3",
                 "--workers", "2", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\ngame ") + out.startswith("game ") == 4
    assert "W/D/L (A): 4/0/0" in out and f"Record: 4 games written to {path}" in out
    games = record.read(path)
    played = run_match(GREEDY, RANDOM, 4, board=BLITZ, opening=random_placements, seed=3)
    assert games == game_records(played, BLITZ, Event="yinsh match")
    for game, result in zip(games, played.games):
        assert tuple(game.actions) == result.moves and game.result == result.result
        assert game.tags["Round"] == str(result.number) and game.tags["Variant"] == "blitz"
        assert (game.tags["White"], game.tags["Black"]) == (
            ("greedy", "random") if result.a_side == 0 else ("random", "greedy"))


def test_cli_match_sprt_prints_the_llr_and_stops(capsys):
    assert main(["match", "greedy", "random", "--games", "100", "--variant", "blitz",
                 "--sprt", "0,200"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("game ")]
    assert len(lines) == 8 and all("  LLR " in line for line in lines)
    assert "8 of 100 games (SPRT stop)" in out and "LLR 3.3" in out and "H1 accepted" in out


def test_cli_match_ctrl_c_prints_the_summary_and_writes_the_record(monkeypatch, tmp_path, capsys):
    from yinsh.cli import search as cli_search
    line = cli_search.game_line

    def interrupted_after_two(game, result):
        if game.number == 3:
            raise KeyboardInterrupt
        return line(game, result)

    monkeypatch.setattr(cli_search, "game_line", interrupted_after_two)
    path = tmp_path / "m.txt"
    assert main(["match", "random", "random", "--games", "50", "--variant", "blitz",
                 "--record", str(path)]) == 130
    out, err = capsys.readouterr()
    assert "3 of 50 games (interrupted)" in out and "W/D/L (A): " in out
    assert err == "yinsh match: interrupted\n" and len(record.read(path)) == 3


@pytest.mark.parametrize("argv,words", [
    (["--sprt", "10,0"], "below elo1"),
    (["--sprt", "5"], "elo0,elo1"),
    (["--sprt", "0,5,9"], "elo0,elo1"),
    (["--sprt", "0,inf"], "finite"),
    (["--workers", "0"], "between 1 and"),
    (["--record", ""], "file name"),
    (["--record", "DIR"], "is a directory"),
    (["--record", "DIR/missing/x.txt"], "no such directory"),
])
def test_cli_match_bad_options_exit_2_before_any_game(argv, words, tmp_path, capsys):
    argv = [a.replace("DIR", str(tmp_path)) for a in argv]
    try:
        code = main(["match", "random", "random", *argv])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and words in err, err


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
def test_cli_match_with_workers_ctrl_c_in_a_real_process(tmp_path):
    """SIGINT to the parent: the workers are ended, the summary is printed,
    the record holds the games reported, exit status 130."""
    path = tmp_path / "m.txt"
    proc = subprocess.Popen([sys.executable, "-m", "yinsh", "match", "random", "random", "--games",
                             "100000", "--variant", "blitz", "--workers", "2", "--record", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=sigint_default)
    first = proc.stdout.readline()
    assert first.startswith("game 1/100000")
    proc.send_signal(signal.SIGINT)
    out, err = proc.stdout.read(), proc.stderr.read()     # (readline buffered more than a line)
    proc.wait(timeout=60)
    proc.stdout.close()
    proc.stderr.close()
    assert proc.returncode == 130 and err == "yinsh match: interrupted\n"
    played = sum(line.startswith("game ") for line in (first + out).splitlines())
    kept = len(record.read(path))             # + 1: stopped between a game and its line
    assert played <= kept <= played + 1 and f"{kept} of 100000 games (interrupted)" in out


def test_docs_examples_of_matches_and_sessions_run(tmp_path, monkeypatch):
    """docs/search.md, "Matches and sessions from Python": its examples run
    as one doctest (in a scratch folder: the session example saves a game);
    nothing in them depends on timing."""
    import doctest
    import re
    monkeypatch.chdir(tmp_path)
    path = os.path.join(os.path.dirname(__file__), os.pardir, "docs", "search.md")
    with open(path, encoding="utf-8") as f:
        section = f.read().split("## Matches and sessions from Python")[1].split("\n## ")[0]
    python = "\n".join(re.findall(r"```python\n(.*?)```", section, re.S))
    test = doctest.DocTestParser().get_doctest(python, {}, "search.md", path, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 15
    assert (tmp_path / "game.txt").exists()
