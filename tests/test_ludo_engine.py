"""Ludo on the engine layer: the hooks (checked against the core), the
searches through yinsh.Engine, the players and the multi-seat match runner."""
import doctest
import pickle
import random

import pytest

import yinsh
from yinsh import ludo
from yinsh.ludo import _search, match, players
from yinsh.ludo.players import RULES, heuristic_reason


def random_boards(n=60, seed=5, players_=(2, 3, 4), move_phase=False):
    rng = random.Random(seed)
    out = []
    for i in range(n):
        board = ludo.Board(players=players_[i % len(players_)],
                           variant=("standard", "places")[i % 2])
        for _ in range(rng.randrange(0, 500)):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
        if move_phase:
            while board.is_chance():
                board.throw(rng)
        if not board.is_game_over():
            out.append(board)
    return out


@pytest.mark.parametrize("count", [2, 3, 4])
def test_hooks_perft_matches_core(count):
    board = ludo.Board(players=count, variant="places")
    assert _search.perft(board, 5) == ludo.perft(board, 5)


def test_hooks_perft_midgames():
    for board in random_boards(12):
        assert _search.perft(board, 3) == ludo.perft(board, 3)


def test_search_actions_name_the_legal_moves():
    for board in random_boards():
        codes = _search.legal_actions(board)
        assert [_search.action_to_move(c) for c in codes] == [board.action_to_move(a)
                                                               for a in board.legal_actions()]


def test_evaluation_is_zero_sum_at_the_start_of_two_players():
    board = ludo.Board(players=2)
    assert _search.evaluate_board(board, 0) == _search.evaluate_board(board, 1) == 0


def test_weights_are_named():
    names = [p.name for p in _search.Mcts().params()]
    for name in ("progress", "finished", "home", "danger", "start", "value_scale"):
        assert name in names
    engine = yinsh.Engine(algorithm="mcts")
    engine.configure(ludo.Board, danger=100)
    assert {p.name: p.value for p in engine.searcher(ludo.Board()).params()}["danger"] == 100


@pytest.mark.parametrize("count", [2, 3, 4])
def test_mcts_plays_every_player_count(count):
    engine = yinsh.Engine(algorithm="mcts")
    for board in random_boards(6, seed=count, players_=(count,), move_phase=True):
        analysis = engine.analyse(board, nodes=300)
        assert analysis.best_move in board.legal_moves


def test_mcts_is_deterministic_with_a_node_limit():
    board = random_boards(1, seed=9, players_=(4,), move_phase=True)[0]
    a = yinsh.Engine(algorithm="mcts").analyse(board, nodes=500)
    b = yinsh.Engine(algorithm="mcts").analyse(board, nodes=500)
    assert (a.best_move, a.nodes) == (b.best_move, b.nodes)


def test_alphabeta_with_chance_nodes_for_two_players():
    engine = yinsh.Engine(hash_mb=1)
    for board in random_boards(6, seed=3, players_=(2,), move_phase=True):
        analysis = engine.analyse(board, depth=3)
        assert analysis.best_move in board.legal_moves


def test_alphabeta_refuses_more_players():
    board = random_boards(1, seed=4, players_=(4,), move_phase=True)[0]
    with pytest.raises(ValueError, match="two-player"):
        yinsh.Engine(hash_mb=1, algorithm="alphabeta").analyse(board, depth=2)


@pytest.mark.parametrize("count, algorithm", [(2, "alphabeta"), (3, "mcts"), (4, "mcts")])
def test_default_engine_follows_the_player_count(count, algorithm):
    engine = yinsh.Engine(hash_mb=1)          # algorithm="auto"
    for board in random_boards(2, seed=count, players_=(count,), move_phase=True):
        assert engine.algorithm_for(board) == algorithm
        analysis = engine.analyse(board)      # no limit: depth 5, or the MCTS's playouts
        assert analysis.algorithm == algorithm and analysis.best_move in board.legal_moves
        with engine.analysis(board, nodes=200) as handle:
            assert handle.wait().algorithm == algorithm


def test_searches_analyse_a_throw_phase():
    # a throw is a chance node: the expected score and a line per outcome
    # (tests/test_chance.py has the details)
    for engine, limits in ((yinsh.Engine(algorithm="mcts"), {"nodes": 300}), (yinsh.Engine(), {"depth": 3})):
        analysis = engine.analyse(ludo.Board(players=2), **limits)
        assert analysis.chance and analysis.best_move is None
        assert [str(line.outcome) for line in analysis.lines] == ["r1", "r2", "r3", "r4", "r5", "r6"]


def test_finished_game_has_no_best_move():
    board = ludo.Board("13/13/13/13 5/5/5/5 4-0- - - standard G")
    assert yinsh.Engine(algorithm="mcts").analyse(board, nodes=10).best_move is None


# Players ----------------------------------------------------------------------

def _kind(board, action):
    return RULES[heuristic_reason(board, action)[0]]


def test_heuristic_follows_its_priorities():
    checked = 0
    for board in random_boards(150, seed=11, move_phase=True):
        actions = board.legal_actions().tolist()
        move = players.HeuristicPlayer(seed=1).best_move(board)
        chosen = board.move_to_action(move)
        kinds = {_kind(board, a) for a in actions}
        if len(actions) > 1:
            checked += 1
            best = min(RULES.index(k) for k in kinds)
            assert RULES.index(_kind(board, chosen)) == best
        if "finish" in kinds:
            assert move.target == "f"
    assert checked > 20


def test_heuristic_enters_after_a_six():
    board = ludo.Board()
    for text in "r6 r3".split():
        board.push_str(text)
    assert str(players.heuristic.best_move(board)) == "s-3"


@pytest.mark.parametrize("player", [players.RandomPlayer(1), players.HeuristicPlayer(1),
                                    players.MctsPlayer(nodes=50)])
def test_players_bad_input(player):
    with pytest.raises(TypeError):
        player.best_move(yinsh.Board())
    with pytest.raises(ValueError, match="throw"):
        player.best_move(ludo.Board())
    assert player.best_move(ludo.Board("13/13/13/13 5/5/5/5 4-0- - - standard G")) is None


def test_players_pickle_and_make():
    for player in (players.RandomPlayer(1), players.HeuristicPlayer(2), players.MctsPlayer(0.05)):
        again = pickle.loads(pickle.dumps(player))
        assert repr(again) == repr(player)
        assert repr(player(3)) == repr(player)
    assert repr(players.by_name("mcts")) == "MctsPlayer(0.1)"
    with pytest.raises(ValueError):
        players.by_name("nobody")
    with pytest.raises(ValueError):
        players.MctsPlayer(None)


# Matches ----------------------------------------------------------------------

def test_match_rotates_seats_and_counts():
    result = match.run([("h", players.HeuristicPlayer), ("r1", players.RandomPlayer),
                        ("r2", players.RandomPlayer)], 6, seed=3)
    assert result.games == 6 and sum(result.wins) == 6 and result.players == 3
    pooled = result.by_name()
    assert pooled["h"][1] == 6 and sum(w for w, *_ in pooled.values()) == 6
    again = match.run([("h", players.HeuristicPlayer), ("r1", players.RandomPlayer),
                       ("r2", players.RandomPlayer)], 6, seed=3)
    assert again.places == result.places                      # seeded: the same games
    assert pickle.loads(pickle.dumps(result)).places == result.places


def test_match_places_variant_orders_every_seat():
    result = match.run([players.RandomPlayer] * 4, 4, variant="places", seed=1)
    assert all(sorted(order) == [0, 1, 2, 3] for order in result.places)


def test_match_bad_input():
    with pytest.raises(ValueError):
        match.run([players.RandomPlayer], 2)
    with pytest.raises(ValueError):
        match.run([players.RandomPlayer] * 2, 2, players=3)
    with pytest.raises(ValueError):
        match.run([players.RandomPlayer] * 2, -1)
    with pytest.raises(TypeError):
        match.run([3, 4], 2)


def test_wilson():
    lo, hi = match.wilson(0, 10)
    assert lo == 0.0 and 0.2 < hi < 0.35
    assert match.wilson(0, 0) == (0.0, 1.0)


def test_hooks_module_docstrings():
    for module in (players, match):
        failures, attempted = doctest.testmod(module)
        assert attempted > 0 and failures == 0
