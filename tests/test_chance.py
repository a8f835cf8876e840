"""Chance in the protocol: every board's ``is_chance()`` and
``chance_outcomes()``, the searches at a chance root (the alpha-beta's
expectimax against a brute-force expectimax over the boards' own rules,
Star1 against plain expectimax, the MCTS sampling the outcomes), depth
limits honoured or refused, the command line and Ctrl-C."""
from __future__ import annotations

import math
import random
import subprocess
import sys

import pytest

import yinsh
from yinsh import insert, ludo
from yinsh.engine import Engine, Limit
from yinsh.engine.info import WIN_SCORE
from yinsh.ludo import _search as ludo_search
from yinsh.toys import dice
from yinsh.toys.dice import GAMBLE, Position
from yinsh.toys.dice import _search as dice_search

from test_engine_layer import reference as dice_reference
from test_interrupt import MARGIN, interrupted

WIN = WIN_SCORE


def ludo_board(seed: int, players: int = 2, chance: bool = True, plies: int = 120) -> ludo.Board:
    """A two-player Ludo position of a seeded random game, at a throw
    (chance) or at a move with a choice."""
    rng = random.Random(seed)
    while True:
        board = ludo.Board(players=players)
        for _ in range(rng.randrange(5, plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.is_game_over():
            continue
        if board.is_chance() == chance and (chance or len(board.legal_moves) > 1):
            return board


# The protocol ------------------------------------------------------------------

@pytest.mark.parametrize("board", [yinsh.Board(), yinsh.Board(variant="blitz"), insert.Board(layout=5)],
                         ids=["yinsh", "blitz", "insert"])
def test_the_deterministic_games_have_no_chance(board):
    rng = random.Random(1)
    for _ in range(30):
        assert board.is_chance() is False and board.chance_outcomes() == []
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ludo_chance_outcomes_are_the_six_throws(players):
    rng = random.Random(players)
    board = ludo.Board(players=players)
    seen_chance = seen_move = 0
    while not board.is_game_over() and seen_chance + seen_move < 400:
        outcomes = board.chance_outcomes()
        if board.is_chance():
            seen_chance += 1
            assert [a for a, _ in outcomes] == [0, 1, 2, 3, 4, 5] == list(board.legal_actions())
            assert math.isclose(sum(p for _, p in outcomes), 1.0) and all(p > 0 for _, p in outcomes)
            assert [str(board.action_to_move(a)) for a, _ in outcomes] == [f"r{d}" for d in range(1, 7)]
            for action, _ in outcomes:                       # each outcome applies
                before = board.position()
                board.push_action(action)
                board.pop()
                assert board.position() == before
        else:
            seen_move += 1
            assert outcomes == []
        board.push(rng.choice(list(board.legal_moves)))
    assert seen_chance and seen_move
    if board.is_game_over():
        assert not board.is_chance() and board.chance_outcomes() == []


def test_the_dice_race_chance_outcomes():
    p = Position((3, 4))
    assert not p.is_chance() and p.chance_outcomes() == []
    q = p.apply(GAMBLE)
    assert q.is_chance() and math.isclose(sum(x for _, x in q.chance_outcomes()), 1.0)
    for action, _ in q.chance_outcomes():
        assert not q.apply(action).is_chance()
    assert q.chance_outcomes() == dice.Position((3, 4), chance=True).outcomes()


# The alpha-beta at chance nodes: a brute-force expectimax over the boards --------

def brute(board: ludo.Board, depth: int, ply: int, pov: int) -> int:
    """Expectimax over the Board API (push_action / pop, chance_outcomes),
    with the alpha-beta's conventions: each action and outcome a ply, a
    single choice costs no depth, a chance node is the rounded mean, a win
    in N plies WIN - N, the leaves the game's static evaluation."""
    if board.is_game_over():
        returns = board.returns()
        return int(returns[board.players[pov]] * (WIN - ply))
    if depth <= 0:
        return ludo_search.evaluate_board(board, pov)
    if board.is_chance():
        outcomes = board.chance_outcomes()
        d = depth if len(outcomes) == 1 else depth - 1
        total = 0.0
        for action, p in outcomes:
            total += p * brute_child(board, action, pov, d, ply)
        return math.floor(total + 0.5)
    actions = list(board.legal_actions())
    d = depth if len(actions) == 1 else depth - 1
    return max(brute_child(board, a, pov, d, ply) for a in actions)


def brute_child(board: ludo.Board, action: int, pov: int, depth: int, ply: int) -> int:
    board.push_action(action)
    try:
        if board.is_game_over() or board.is_chance():
            return brute(board, depth, ply + 1, pov)
        actor = board.players.index(board.turn)
        if actor != pov:
            return -brute(board, depth, ply + 1, actor)
        return brute(board, depth, ply + 1, pov)
    finally:
        board.pop()


def exact_searcher(star1: int, hash_mb: int = 0) -> ludo_search.AlphaBeta:
    ab = ludo_search.AlphaBeta(hash_mb)
    ab.configure(lmr_depth=0, star=star1)             # no reductions: the exact value
    return ab


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("chance", [True, False], ids=["throw", "move"])
def test_ludo_expectimax_matches_brute_force(seed, chance):
    board = ludo_board(seed, chance=chance)
    pov = board.players.index(board.turn)
    for depth in (1, 2, 3):
        expected = brute(board, depth, 0, pov)
        for star1 in (0, 1, 2):
            info = exact_searcher(star1).search(board, depth)
            assert info.score == expected, (board.position(), depth, star1)
        if chance:
            assert info.chance == expected


def test_ludo_chance_root_lines_are_the_outcomes_values():
    board = ludo_board(3, chance=True)
    pov = board.players.index(board.turn)
    info = exact_searcher(0).search(board, 3)
    outcomes = board.chance_outcomes()
    assert [line[1][0] & 63 for line in info.lines] == [a for a, _ in outcomes]
    for (score, _), (action, _) in zip(info.lines, outcomes):
        assert score == brute_child(board, action, pov, 2, 0)


@pytest.mark.parametrize("seed", range(6))
def test_dice_expectimax_with_and_without_pruning(seed):
    rng = random.Random(seed)
    p = Position((rng.randrange(10), rng.randrange(10)), turn=rng.randrange(2), chance=bool(seed % 2))
    if p.winner() is not None:
        return
    for depth in (1, 2, 4, 6):
        expected = dice_reference(p, depth, 0, p.turn)
        for star1 in (0, 1, 2):
            for hash_mb in (0, 1):
                ab = dice_search.AlphaBeta(hash_mb)
                ab.configure(lmr_depth=0, star=star1)
                assert ab.search(p, depth).score == expected, (p, depth, star1, hash_mb)


def test_star1_and_star2_give_the_values_of_plain_expectimax_with_every_feature():
    for seed in range(10):
        board = ludo_board(100 + seed, chance=bool(seed % 2))
        scores = []
        for star1 in (0, 1, 2):
            ab = ludo_search.AlphaBeta(16)
            ab.configure(star=star1, lmr_depth=0)
            scores.append(ab.search(board, 4).score)
        assert scores[0] == scores[1], board.position()


# The Engine ----------------------------------------------------------------------

def test_engine_analyses_the_start_of_two_player_ludo():
    a = Engine().analyse(ludo.Board(players=2), depth=4)
    assert a.chance and a.best_move is None and a.pv == [] and a.depth == 4
    assert a.algorithm == "alphabeta" and a.turn == ludo.GREEN
    assert [str(line.outcome) for line in a.lines] == [f"r{d}" for d in range(1, 7)]
    assert all(math.isclose(line.probability, 1 / 6) for line in a.lines)
    assert a.score == math.floor(sum(line.probability * line.score for line in a.lines) + 0.5)
    assert "expected" in str(a) and "r6" in str(a)


def test_engine_chance_lines_give_the_best_reply():
    board = ludo.Board(players=2)
    board.push_str("r6")                                    # Green throws again
    a = Engine(hash_mb=1).analyse(board, depth=4)
    for line in a.lines:
        after = board.copy()
        after.push(line.outcome)
        if after.is_chance() or after.is_game_over():
            assert line.best_move is None
        else:
            assert line.best_move in after.legal_moves and line.pv[:2] == [line.outcome, line.best_move]


def test_engine_chance_analysis_handle_yields_every_depth():
    with Engine(hash_mb=1).analysis(ludo.Board(players=2), Limit(depth=4)) as handle:
        infos = list(handle)
    assert [i.depth for i in infos] == [1, 2, 3, 4] and all(i.chance for i in infos)


def test_mcts_at_a_chance_root_samples_the_outcomes():
    board = ludo_board(5, players=4, chance=True)
    a = Engine().analyse(board, nodes=3000)
    assert a.algorithm == "mcts" and a.chance and a.best_move is None
    visits = [n for _, n, _ in a.visits]
    assert len(visits) == 6 and sum(visits) == 3000 and min(visits) > 300   # about 1/6 each
    assert -1000 <= a.score <= 1000
    b = Engine().analyse(board, nodes=3000)
    assert (a.score, a.visits) == (b.score, b.visits)       # reproducible


def test_a_depth_limit_is_refused_by_the_mcts_not_ignored():
    for board in (ludo.Board(), ludo_board(7, players=3, chance=False)):
        with pytest.raises(ValueError, match="depth limit .* cannot be honoured: .* players are searched by the MCTS"):
            Engine().analyse(board, depth=4)
    with pytest.raises(ValueError, match="depth"):
        Engine(algorithm="mcts").analyse(yinsh.Board(), depth=2)
    with pytest.raises(ValueError, match="depth"):
        Engine(depth=3).analyse(ludo.Board())               # an engine's default depth too
    with pytest.raises(ValueError, match="no depth limit"):
        ludo_search.Mcts().search(ludo.Board(), 4)
    assert Engine().analyse(ludo.Board(), nodes=200).nodes == 200      # nodes are honoured


def test_the_alpha_beta_honours_the_depth_at_a_chance_root():
    for depth in (1, 2, 5):
        a = Engine().analyse(ludo_board(11, chance=True), depth=depth)
        assert a.depth == depth


def test_chance_roots_refuse_searchmoves_and_multipv():
    board = ludo.Board(players=2)
    with pytest.raises(ValueError, match="chance node"):
        Engine().analyse(board, depth=2, multipv=2)
    with pytest.raises(ValueError, match="chance node"):
        Engine().analyse(board, depth=2, searchmoves=["r6"])


# Command line and Ctrl-C -------------------------------------------------------

def yinsh_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "yinsh", *args], capture_output=True, text=True, timeout=120)


def test_cli_analyse_ludo_depth_4_two_players():
    run = yinsh_cli("analyse", "--game", "ludo", "--players", "2", "--depth", "4")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    heads = [line for line in lines if " expected score " in line]
    assert [h.split()[1] for h in heads] == ["1", "2", "3", "4"]
    assert sum(" outcome r" in line for line in lines) == 24
    assert lines[-1].startswith("bestmove (none)")


def test_cli_analyse_ludo_depth_4_four_players_is_refused():
    run = yinsh_cli("analyse", "--game", "ludo", "--depth", "4")
    assert run.returncode == 2 and run.stdout == ""
    assert "depth limit (depth=4) cannot be honoured: 4 players are searched by the MCTS" in run.stderr
    assert "--nodes or --time" in run.stderr
    run = yinsh_cli("analyse", "--game", "ludo", "--nodes", "500")
    assert run.returncode == 0 and "outcome r6" in run.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")
@pytest.mark.parametrize("algorithm", ["alphabeta", "mcts"])
def test_ctrl_c_stops_a_search_at_a_chance_root(algorithm):
    board = ludo.Board(players=2)
    engine = Engine(algorithm=algorithm)
    limits = {"depth": 40} if algorithm == "alphabeta" else {"nodes": 10**9}
    exc, latency = interrupted(lambda: engine.analyse(board, **limits), delay=0.3)
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
    found = exc.analysis
    assert found is None or found.chance


def test_docs_chance_section_examples_run():
    """The examples of docs/search.md's "Chance nodes" run as a doctest."""
    import doctest
    import os
    import re
    path = os.path.join(os.path.dirname(__file__), os.pardir, "docs", "search.md")
    with open(path, encoding="utf-8") as f:
        text = f.read().split("## Chance nodes")[1].split("\n## ")[0]
    python = "\n".join(re.findall(r"```python\n(.*?)```", text, re.S))
    test = doctest.DocTestParser().get_doctest(python, {}, "search.md", path, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 4
