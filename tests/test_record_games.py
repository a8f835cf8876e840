"""Records of Insert and Ludo games: round trips and errors."""
import random

import pytest

from yinsh import insert, ludo, record

STARTS = [lambda: insert.Board(), lambda: insert.Board.random(seed=5),
          lambda: ludo.Board(), lambda: ludo.Board(players=2, variant="places"),
          lambda: ludo.Board(players=3)]


def played(make, seed, limit=None):
    board, rng = make(), random.Random(seed)
    while not board.is_game_over() and (limit is None or board.ply < limit):
        board.push(rng.choice(list(board.legal_moves)))
    return board


@pytest.mark.parametrize("make", STARTS)
@pytest.mark.parametrize("seed", range(3))
def test_round_trip(make, seed):
    board = played(make, seed)
    game = record.Game.from_board(board, Event="test")
    text = record.write(game)
    again = record.reads(text)[0]
    assert again == game and record.write(again) == text
    assert again.board == board and again.result == board.result() != "*"
    assert again.game.name == ("insert" if isinstance(board, insert.Board) else "ludo")
    assert again.board_at(0) == again.start_board() == make() if seed == 0 else True
    assert again.board_at(len(again.actions)) == board
    assert again.winner is not None or again.result == "1/2-1/2"


def test_unfinished_and_positions():
    board = played(lambda: insert.Board(layout=77), 1, limit=7)
    game = record.Game.from_board(board)
    assert game.tags["Layout"] == "77" and game.result == "*"
    mid = record.Game.from_board(played(ludo.Board, 2, limit=40))
    assert mid.tags["Players"] == "4" and mid.tags["Variant"] == "standard"
    text = record.write(record.Game(["r6", "r3", "s-3"], {"Game": "ludo", "Players": "2"}))
    assert '[Players "2"]' in text and "1. r6 r3 s-3 *" in text
    assert repr(record.reads(text)[0]) == "<Game ludo, 3 actions, *>"


def test_ludo_position_tag():
    board = ludo.Board("13/3Y9/13/13 5/5/5/5 0000 Y 64 standard -")
    _ = board.push_str("s-17")
    game = record.Game.from_board(board)
    assert game.tags["Position"] == "13/3Y9/13/13 5/5/5/5 0000 Y 64 standard -"
    assert record.reads(record.write(game))[0] == game


@pytest.mark.parametrize("text, message", [
    ('[Game "chess"]\n\n1. e4 *\n', "line 1: unknown Game tag 'chess'"),
    ('[Game "insert"]\n[Layout "9999"]\n\n1. a1 *\n', "line 2: bad Layout tag"),
    ('[Game "insert"]\n[Layout "x"]\n\n1. a1 *\n', "line 2: bad Layout tag"),
    ('[Game "ludo"]\n[Players "5"]\n\n1. r6 *\n', "line 2: bad Players tag"),
    ('[Game "ludo"]\n[Variant "fast"]\n\n1. r6 *\n', "line 2: bad Variant tag"),
    ('[Game "insert"]\n\n1. a1 b7 *\n', "line 3, turn 1 (Red): invalid action 'b7'"),
    ('[Game "insert"]\n\n1. a1 a1 *\n', "line 3, turn 1 (Red): illegal action 'a1'"),
    ('[Game "ludo"]\n\n1. r6\ns-9 *\n', "line 4, turn 1 (Green): illegal action 's-9'"),
    ('[Game "ludo"]\n\n1. r6 s-1 1-0\n', "line 3"),
    ('[Game "ludo"]\n\n1. r6 s-1 GG\n', "line 3"),
])
def test_errors(text, message):
    with pytest.raises(record.RecordError) as info:
        record.reads(text)
    assert str(info.value).startswith(message), str(info.value)


def test_result_must_match():
    board = played(lambda: ludo.Board(players=2), 1)
    game = record.Game.from_board(board)
    wrong = "G" if game.result != "G" else "B"
    text = record.write(game).replace(f'[Result "{game.result}"]', f'[Result "{wrong}"]')
    with pytest.raises(record.RecordError, match="the game ended"):
        record.reads(text.replace(f" {game.result}\n", f" {wrong}\n"))
