"""Insert on the engine layer: the hooks (perft through them), the compiled
evaluation, the alpha-beta and MCTS through ``yinsh.Engine`` on hand-made
positions (a five to take, a five to block), and the simple players."""
from __future__ import annotations

import pickle

import pytest

import yinsh
from yinsh import games, insert
from yinsh.insert import _search

from insert_helpers import V, board as make_board, random_board

#: White to place on column e (Red's last ring e3, every mark v); e1 makes
#: White's five a1-e1.
WIN_ROWS = ["RRR...", "......", "......", "....R.", "......", "WWWW.."]
#: White to place on column e (Red's last ring e2, every mark v); Red's four
#: a6-d6 completes on e6: every other square of column e hands Red column e.
BLOCK_ROWS = ["RRRR..", "......", "W.W...", "..W...", "....R.", "W....W"]


def win_board() -> insert.Board:
    return make_board(WIN_ROWS, V, "e3")


def block_board() -> insert.Board:
    return make_board(BLOCK_ROWS, V, "e2")


def test_hand_made_positions():
    win, block = win_board(), block_board()
    assert win.turn == insert.WHITE and [str(m) for m in win.legal_moves] == ["e1", "e2", "e4", "e5", "e6"]
    assert block.turn == insert.WHITE and [str(m) for m in block.legal_moves] == ["e1", "e3", "e4", "e5", "e6"]
    for move in ("e1", "e3", "e4", "e5"):     # every other square loses at once
        b = block.copy()
        b.push_str(move)
        assert "e6" in [str(m) for m in b.legal_moves]


def test_search_module():
    assert games.get("insert").search().__name__ == "yinsh.insert._search"
    assert _search.GAME == "insert"


@pytest.mark.parametrize("seed", range(4))
def test_perft_through_hooks_equals_core(seed):
    b = insert.Board() if seed == 0 else random_board(seed, 6 * seed)
    for depth in range(4):
        assert _search.perft(b, depth) == insert.perft(b, depth)


def test_legal_actions_are_square_numbers():
    b = random_board(3, 9)
    assert sorted(_search.legal_actions(b)) == [m.square for m in b.legal_moves]
    assert _search.action_to_move(20) == insert.Move.from_str("c4")


@pytest.mark.parametrize("depth", [1, 2, 3, 5])
def test_alphabeta_takes_the_five(depth):
    b = win_board()
    analysis = yinsh.Engine(hash_mb=4).analyse(b, depth=depth)
    assert str(analysis.best_move) == "e1"
    assert analysis.mate == 1
    assert b == win_board()                    # the board is not changed


@pytest.mark.parametrize("depth", [2, 3, 4])
def test_alphabeta_blocks_the_five(depth):
    analysis = yinsh.Engine(hash_mb=4).analyse(block_board(), depth=depth)
    assert str(analysis.best_move) == "e6"
    assert analysis.mate is None               # no loss once blocked


def test_depth_one_already_sees_the_threat():
    # at depth 1 the reply is searched on (search_on: the side to place has a
    # completing square on its line), so the block is found there too
    assert str(yinsh.Engine(hash_mb=0).best_move(block_board(), depth=1)) == "e6"


@pytest.mark.parametrize("algorithm", ["alphabeta", "mcts"])
def test_time_limited_searches_find_win_and_block(algorithm):
    engine = yinsh.Engine(algorithm=algorithm)
    assert str(engine.best_move(win_board(), time=0.05)) == "e1"
    assert str(engine.best_move(block_board(), time=0.05)) == "e6"


def test_mcts_node_limits():
    engine = yinsh.Engine(algorithm="mcts")
    assert str(engine.best_move(win_board(), nodes=300)) == "e1"
    assert str(engine.best_move(block_board(), nodes=2000)) == "e6"


def test_a_five_made_by_an_insertion_is_found():
    # row 1 is W W R . R W: White on d1 inserts between c1 and e1, both flip,
    # and row 1 is White's six. Red's last ring d4 gives White column d.
    rows = ["......", "......", "...R..", "......", "......", "WWR.RW"]
    b = make_board(rows, V, "d4")
    assert [str(m) for m in b.legal_moves] == ["d1", "d2", "d3", "d5", "d6"]
    for depth in (1, 3):
        analysis = yinsh.Engine(hash_mb=4).analyse(b, depth=depth)
        assert str(analysis.best_move) == "d1" and analysis.mate == 1
    assert str(insert.players.greedy.best_move(b)) == "d1"
    assert str(yinsh.Engine(algorithm="mcts").best_move(b, nodes=300)) == "d1"


def test_evaluation_is_antisymmetric_and_finished_games_score_win():
    for seed in range(5):
        b = random_board(seed, 12)
        assert _search.evaluate_board(b, 0) == -_search.evaluate_board(b, 1)
    b = win_board()
    b.push_str("e1")
    assert _search.evaluate_board(b, 0) == yinsh.engine.WIN_SCORE
    assert _search.evaluate_board(b, 1) == -yinsh.engine.WIN_SCORE


def test_weights_are_named_and_configurable():
    engine = yinsh.Engine(hash_mb=1)
    searcher = engine.searcher(insert.Board())
    names = {p.name for p in searcher.params()}
    for name in ("threat", "three", "flip", "win_next", "no_safe", "unsafe", "group", "ring",
                 "value_scale"):
        assert name in names
    engine.configure(threat=500)
    assert next(p.value for p in searcher.params() if p.name == "threat") == 500
    with pytest.raises(ValueError):
        engine.configure(group_from=99)
    assert str(engine.best_move(win_board(), depth=2)) == "e1"


def test_engine_rejects_other_games_boards_in_insert_search():
    with pytest.raises(TypeError, match="yinsh.insert.Board"):
        _search.evaluate_board(yinsh.Board())


def test_engine_plays_a_whole_game():
    b = insert.Board(layout=77)
    engine = yinsh.Engine(hash_mb=4)
    while not b.is_game_over():
        b.push(engine.best_move(b, depth=2))
    assert b.result() in ("1-0", "0-1", "1/2-1/2")


def test_players():
    b = random_board(5, 7)
    for player in (insert.players.random, insert.players.greedy,
                   insert.players.RandomPlayer(seed=3), insert.players.by_name("greedy", 2)):
        assert player.best_move(b) in b.legal_moves
    assert str(insert.players.greedy.best_move(win_board())) == "e1"
    assert str(insert.players.greedy.best_move(block_board())) == "e6"
    done = win_board()
    done.push_str("e1")
    assert insert.players.random.best_move(done) is None and insert.players.greedy.best_move(done) is None
    with pytest.raises(TypeError, match="yinsh.insert.Board"):
        insert.players.greedy.best_move(yinsh.Board())
    with pytest.raises(ValueError, match="unknown player"):
        insert.players.by_name("best")
    again = pickle.loads(pickle.dumps(insert.players.RandomPlayer(seed=4)))
    assert again.best_move(b) == insert.players.RandomPlayer(seed=4).best_move(b)


def test_seeded_players_are_reproducible():
    def game(seed):
        b = insert.Board(layout=seed)
        players = [insert.players.RandomPlayer(seed), insert.players.GreedyPlayer(seed)]
        while not b.is_game_over():
            b.push(players[b.turn].best_move(b))
        return [str(m) for m in b.move_stack]
    assert game(3) == game(3)


def test_greedy_beats_random_mostly():
    wins = 0
    for seed in range(10):
        b = insert.Board(layout=seed * 17)
        greedy, rnd = insert.players.GreedyPlayer(seed), insert.players.RandomPlayer(seed)
        players = [greedy, rnd] if seed % 2 == 0 else [rnd, greedy]
        while not b.is_game_over():
            b.push(players[b.turn].best_move(b))
        outcome = b.outcome()
        wins += outcome is not None and outcome.winner is not None and players[outcome.winner] is greedy
    assert wins >= 6
