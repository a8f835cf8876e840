"""One table of calls over every registered game (issue 27, "the last
differences between the games"): each row is a line a user wrote for one
game that must mean the same, or fail the same clear way, in every other.

The games come from the game table (``yinsh.games.GAMES``); everything a
row needs of a game is read from it and from the game's own board, so a
new game is checked by registering it.
"""
import importlib
import io
import random
import subprocess
import sys

import numpy as np
import pytest

import yinsh
from yinsh import games
from yinsh.cli import main
from yinsh.engine.analysis import Analysis
from yinsh.engine.score import PovScore
from yinsh.game_kind import board_name

NAMES = [game.name for game in games.GAMES.values()]


def kind(name):
    return games.GAMES[name]


def module(name):
    """The game's API module (``yinsh``, ``yinsh.insert``, ``yinsh.ludo``)."""
    return kind(name).module


def prefix(name):
    """How ``import yinsh`` reaches the game's classes: ``yinsh.insert.``."""
    return board_name(kind(name)).removesuffix("Board")


def new_board(name):
    return kind(name).board_class()


def choice_board(name, seed=3):
    """A board of the game where a side chooses among two or more moves."""
    board, rng = new_board(name), random.Random(seed)
    while board.is_chance() if hasattr(board, "is_chance") else False:
        board.push(rng.choice(list(board.legal_moves)))
    while len(board.legal_moves) < 2 or getattr(board, "is_chance", lambda: False)():
        board.push(rng.choice(list(board.legal_moves)))
    return board


def finished_board(name, seed=5):
    board, rng = new_board(name), random.Random(seed)
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return board


def a_move(name):
    return next(iter(choice_board(name).legal_moves))


def others(name):
    return [other for other in NAMES if other != name]


# Pictures and diagrams: one set of options ---------------------------------------

def row_picture_options(name):
    board = choice_board(name)
    board.push(next(iter(board.legal_moves)))
    for side in board.players:
        picture = yinsh.svg.board(board, size=300, coordinates=False, orientation=side,
                                  last_move=False, highlight=None, targets=True)
        assert picture.startswith("<svg") and 'class="target"' in picture
    assert yinsh.svg.board(board, orientation=board.players[-1]) != yinsh.svg.board(board) or \
        len(board.players) > 2                   # Ludo: the last colour's corner is already bottom left
    assert yinsh.svg.board(board, coordinates=False) != yinsh.svg.board(board)
    assert yinsh.svg.board(board, last_move=False) != yinsh.svg.board(board)
    with pytest.raises(ValueError, match="orientation"):
        yinsh.svg.board(board, orientation="purple")
    with pytest.raises(TypeError, match=r"takes no option 'lastmove' \(its options: size, "):
        yinsh.svg.board(board, lastmove=None)
    with pytest.raises(TypeError, match="size must be a number"):
        yinsh.svg.board(board, size="big")
    with pytest.raises(ValueError, match="size must be a number of pixels between"):
        yinsh.svg.board(board, size=0)


def row_diagram_options(name):
    board = choice_board(name)
    board.push(next(iter(board.legal_moves)))
    plain = str(board)
    assert yinsh.diagram.draw(board) == plain
    assert "[" in plain and "[" not in yinsh.diagram.draw(board, last_move=False)
    assert len(yinsh.diagram.draw(board, coordinates=False)) < len(plain)
    turned = [board.unicode(orientation=side, last_move=False, coordinates=False)
              for side in board.players]
    assert len(set(turned)) == len(turned)      # every side sees its own drawing
    with pytest.raises(ValueError, match="orientation"):
        board.unicode(orientation="purple")
    with pytest.raises(TypeError, match="takes no option 'flip'"):
        yinsh.diagram.draw(board, flip=True)


# Errors that name both games -----------------------------------------------------

def row_push_another_games_move(name):
    board = choice_board(name)
    before = board.position()
    for other in others(name):
        move = a_move(other)
        message = (rf"push expects a {prefix(name)}Move, not an? {other.capitalize()} move "
                   rf"\({prefix(other)}Move\)").replace(".", r"\.")
        with pytest.raises(TypeError, match=message):
            board.push(move)
        with pytest.raises(TypeError, match=f"{other.capitalize()} move"):
            board.is_legal(move)
    with pytest.raises(TypeError, match=rf"expects a {prefix(name)}Move, not str".replace(".", r"\.")):
        board.push(str(next(iter(board.legal_moves))))
    assert board.position() == before


def row_perft_another_games_board(name):
    perft, divide = module(name).perft, module(name).divide
    public = prefix(name) + "perft"
    for other in others(name):
        message = (rf"{public} expects a {prefix(name)}Board, not an? {other.capitalize()} board "
                   rf"\({prefix(other)}Board\): use {prefix(other)}perft").replace(".", r"\.")
        with pytest.raises(TypeError, match=message):
            perft(new_board(other), 2)
        with pytest.raises(TypeError, match=f"{other.capitalize()} board"):
            divide(new_board(other), 2)
    with pytest.raises(TypeError, match="not str"):
        perft(new_board(name).position(), 1)


# Moves: reprs, constructors, text ----------------------------------------------------

def row_move_repr_pastes_back(name):
    move = a_move(name)
    assert repr(move) == f"{prefix(name)}Move.from_str({str(move)!r})"
    assert eval(repr(move), {"yinsh": yinsh}) == move            # only `import yinsh`
    assert eval(repr(new_board(name)), {"yinsh": yinsh}) == new_board(name)


def row_move_of_text(name):
    Move = module(name).Move
    for move in choice_board(name).legal_moves:
        text = str(move)
        assert Move(text) == Move.from_str(text) == move
        assert Move(f"  {text.upper()}\t") == move
    with pytest.raises(ValueError, match="invalid move 'zz'"):
        Move("zz")
    with pytest.raises(TypeError):
        Move(None)


def row_surrounding_blanks(name):
    board = choice_board(name)
    text = str(next(iter(board.legal_moves)))
    assert board.parse_move(f" {text} ") == board.parse_move(text)
    board.push_str(f"\t{text}\n")
    assert str(board.peek()) == text


def row_legal_actions_are_int64_arrays(name):
    board = choice_board(name)
    actions = board.legal_actions()
    assert isinstance(actions, np.ndarray) and actions.dtype == np.int64 and actions.ndim == 1
    assert actions.tolist() == sorted(actions.tolist()) and len(actions) == len(board.legal_moves)
    assert finished_board(name).legal_actions().dtype == np.int64


def row_threads_everywhere(name):
    perft, divide = module(name).perft, module(name).divide
    board = choice_board(name)
    assert perft(board, 3, threads=2) == perft(board, 3) == perft(board, 3, threads=7)
    assert list(divide(board, 3, threads=3).items()) == list(divide(board, 3).items())
    assert perft(board, 0, threads=4) == 1 and perft(finished_board(name), 3, threads=2) == 0
    with pytest.raises(ValueError, match="perft threads must be between 1 and 256, not 0"):
        perft(board, 2, threads=0)
    with pytest.raises(ValueError, match="divide depth must be between 1 and 64, not 0"):
        divide(board, 0, threads=2)
    with pytest.raises(ValueError, match="perft depth must be between 0 and 64, not 65"):
        perft(board, 65, threads=2)
    with pytest.raises(TypeError, match="threads must be an int, not str"):
        perft(board, 2, threads="2")


def row_game_over_error_gives_the_result(name):
    board = finished_board(name)
    before = board.position()
    move = next(iter(choice_board(name).legal_moves))
    with pytest.raises(yinsh.IllegalMoveError,
                       match=rf"the game is over \({board.result()}, [a-zA-Z ]+\)"):
        board.push(move)
    assert board.position() == before


def row_point_names(name):
    for function in ("point_name", "square_name"):
        if hasattr(module(name), function):
            with pytest.raises(TypeError, match=r"is an int .*not NoneType"):
                getattr(module(name), function)(None)
            with pytest.raises(TypeError, match="for a name use parse_"):
                getattr(module(name), function)("e5")


# The engine -----------------------------------------------------------------------

def row_searchmoves_text_is_a_type_error(name):
    board = choice_board(name)
    move = next(iter(board.legal_moves))
    engine = yinsh.Engine(hash_mb=1, algorithm="mcts")
    with pytest.raises(TypeError, match=r"searchmoves must hold moves, not text .*parse_move"):
        engine.analyse(board, nodes=50, searchmoves=[str(move)])
    assert engine.analyse(board, nodes=200, searchmoves=[move]).best_move == move


def row_pov_score_is_a_pov_score(name):
    board = choice_board(name)
    analysis = yinsh.Engine(hash_mb=1, algorithm="mcts").analyse(board, nodes=100)
    assert isinstance(analysis.pov_score, PovScore)
    assert analysis.pov_score.pov(board.turn) == analysis.relative


# The RL environments without the rl extra ----------------------------------------------

def row_envs_name_the_extra(name):
    """In a child process (the import must not leave half-imported modules
    behind), with gymnasium and pettingzoo hidden as if not installed."""
    code = ("import sys\n"
            "sys.modules['gymnasium'] = sys.modules['pettingzoo'] = None\n"
            "try:\n"
            f"    import yinsh.envs.{name}_v0\n"
            "except ModuleNotFoundError as exc:\n"
            "    print(type(exc).__name__, exc.name, exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.startswith("ModuleNotFoundError gymnasium ") and \
        "needs gymnasium, pettingzoo, of the optional 'rl' extra: pip install \"yinsh[rl]\"" in out


# yinsh play -------------------------------------------------------------------------

def row_play_words_bad_text_alike(name, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("zz\nquit\nn\n"))
    argv = ["play", "--game", name]
    if kind(name).part("match").seated:
        argv += ["--players", "2", "--seats", "human,random", "--seed", "1"]
    else:
        argv += ["--engine-depth", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Not understood: invalid move 'zz': " in out and "Type help for the notation." in out


ROWS = [row_picture_options, row_diagram_options, row_push_another_games_move,
        row_perft_another_games_board, row_move_repr_pastes_back, row_move_of_text,
        row_surrounding_blanks, row_legal_actions_are_int64_arrays, row_threads_everywhere,
        row_game_over_error_gives_the_result, row_point_names,
        row_searchmoves_text_is_a_type_error, row_pov_score_is_a_pov_score]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.__name__.removeprefix("row_"))
def test_every_game_answers_alike(row, name):
    row(name)


@pytest.mark.parametrize("name", NAMES)
def test_envs_name_the_rl_extra(name):
    row_envs_name_the_extra(name)


@pytest.mark.parametrize("name", NAMES)
def test_play_words_bad_text_alike(name, monkeypatch, capsys):
    row_play_words_bad_text_alike(name, monkeypatch, capsys)


def test_pov_score_without_a_side_to_act_says_so():
    with pytest.raises(ValueError, match="no side to act"):
        Analysis(None, 0).pov_score


def test_the_moves_of_the_games_differ():
    """The same text in two games: different moves, different reprs."""
    moves = [module(name).Move.from_str("a2") for name in ("yinsh", "insert")]
    assert moves[0] != moves[1] and repr(moves[0]) != repr(moves[1])


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")
@pytest.mark.parametrize("name", NAMES)
def test_ctrl_c_stops_every_thread_of_a_count(name):
    """perft on several threads: Ctrl-C raises at once and leaves no thread
    counting (the split's stop flag reaches the other threads)."""
    import threading
    from test_interrupt import MARGIN, interrupted
    board = new_board(name)
    exc, latency = interrupted(lambda: module(name).perft(board, 30, threads=3))
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
    for thread in threading.enumerate():
        if thread.name.startswith("perft-"):
            thread.join(timeout=2.0)
            assert not thread.is_alive(), "a thread of the count is still counting"
    assert module(name).perft(board, 2, threads=2) == module(name).perft(board, 2)
