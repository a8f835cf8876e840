"""One board protocol for every game (yinsh.protocol, docs/architecture.md):
the same members, the same behaviour, the same errors, over Yinsh, Insert,
Ludo (2 and 4 players) and, as far as it is a board, the toy dice race."""
from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yinsh
from yinsh import games, insert, ludo, protocol
from yinsh.errors import IllegalMoveError, InvalidActionError, InvalidMoveError, InvalidPositionError
from yinsh.toys import dice
from yinsh.game_kind import board_name

#: the protocol's members, as the issue names them
MEMBERS = {
    "legal_moves", "push", "push_str", "parse_move", "pop", "peek", "copy", "move_stack",
    "turn", "players", "phase", "zobrist_hash",
    "is_game_over", "result", "outcome",
    "is_chance", "chance_outcomes",
    "position", "unicode", "_repr_svg_",
    "legal_actions", "legal_action_mask", "push_action", "planes",
}

#: a new board of each game, its repr's prefix, text that is no action, an
#: action that is illegal at the start, the game's number of action ids
GAMES = {
    "yinsh": (lambda: yinsh.Board(), "yinsh.Board(", "zz", "e5-e6", yinsh.NUM_ACTIONS),
    "insert": (lambda: insert.Board(layout=17), "yinsh.insert.Board(", "zz", None, insert.NUM_ACTIONS),
    "ludo-2": (lambda: ludo.Board(players=2), "yinsh.ludo.Board(", "zz", "s-3", ludo.NUM_ACTIONS),
    "ludo-4": (lambda: ludo.Board(), "yinsh.ludo.Board(", "zz", "s-3", ludo.NUM_ACTIONS),
}
NAMES = sorted(GAMES)


def new(name: str):
    return GAMES[name][0]()


def random_board(name: str, seed: int, plies: int):
    """The board after up to plies seeded random actions."""
    rng = random.Random(seed)
    board = new(name)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def play_out(name: str, seed: int):
    return random_board(name, seed, 10**5)


def state(board):
    return board.position(), [str(m) for m in board.move_stack], board.zobrist_hash()


# The protocol itself -----------------------------------------------------------

def test_the_protocol_names_the_members_of_the_issue():
    declared = {name for name, value in vars(protocol.Board).items()
                if not name.startswith("__") and (callable(value) or isinstance(value, property))}
    assert declared == MEMBERS
    outcome = {name for name in vars(protocol.Outcome) if not name.startswith("_")}
    assert outcome == {"winner", "termination", "returns", "result"}


@pytest.mark.parametrize("name", NAMES)
def test_every_board_satisfies_the_protocol(name):
    board = new(name)
    assert isinstance(board, protocol.Board)
    assert isinstance(play_out(name, 1).outcome(), protocol.Outcome)
    assert games.of_board(board).board_class is type(board)


def test_the_toy_dice_race_is_a_state_not_a_board():
    """The toy (yinsh.toys.dice) is an immutable state for the engine-layer
    tests: ``apply(action)`` returns a new Position, so it has no move
    stack; it has action ids but no notation, position strings, pictures
    or observation planes; its end is ``winner()`` / ``returns()`` as the
    engine's hooks read them. Exactly these protocol members are missing."""
    omitted = {
        # no move stack: apply() returns a new Position
        "push", "pop", "peek", "copy", "move_stack", "push_action",
        # no notation: actions are ids only
        "legal_moves", "push_str", "parse_move",
        # no records or notation of results: winner() and returns() instead
        "is_game_over", "result", "outcome",
        # no text: no position strings, diagrams or pictures
        "position", "unicode", "_repr_svg_",
        # no machine-learning encodings (the engine tests search it directly)
        "legal_action_mask", "planes",
        # no colours: the counters are indexed 0..n-1; no hash, no phases
        "players", "phase", "zobrist_hash",
    }
    position = dice.Position((7, 9))
    assert {m for m in MEMBERS if not hasattr(position, m)} == omitted
    assert not isinstance(position, protocol.Board)
    # what it has behaves as in the protocol
    assert position.legal_actions().tolist() == [dice.STEP, dice.GAMBLE] and position.turn == 0
    finished = position.apply(dice.GAMBLE).apply(13)
    assert finished.legal_actions().tolist() == [] and finished.returns() == [1.0, -1.0]
    assert position.apply(dice.GAMBLE).chance_outcomes() == [(10, 0.5), (11, 0.25), (13, 0.25)]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(3))
def test_chance_outcomes_are_ids_with_probabilities(name, seed):
    """``is_chance()`` and ``chance_outcomes()`` as OpenSpiel's: at a chance
    node the outcomes are legal action ids with probabilities summing to 1,
    each of which plays; elsewhere (and always in Yinsh and Insert) none."""
    rng = random.Random(seed)
    board = new(name)
    chance_nodes = 0
    for _ in range(200):
        outcomes = board.chance_outcomes()
        assert board.is_chance() == bool(outcomes)
        if outcomes:
            chance_nodes += 1
            ids = [a for a, _ in outcomes]
            assert ids == sorted(ids) and set(ids) == {int(a) for a in board.legal_actions()}
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12 and all(p > 0 for _, p in outcomes)
            before = state(board)
            for action, _ in outcomes:
                board.push_action(action)
                board.pop()
                assert state(board) == before
        moves = list(board.legal_moves)
        if not moves:
            assert not board.is_chance() and board.chance_outcomes() == []
            break
        board.push(rng.choice(moves))
    assert (chance_nodes > 0) == name.startswith("ludo")


# Actions and the move stack ----------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(3))
def test_push_peek_pop_round_trip(name, seed):
    board = random_board(name, seed, 40)
    before = state(board)
    for move in list(board.legal_moves)[:8]:
        board.push(move)
        assert board.peek() == move and board.move_stack[-1] == move
        assert board.pop() == move
        assert state(board) == before
    for move in list(board.legal_moves)[:8]:
        assert board.parse_move(str(move)) == move
        assert board.push_str(str(move)) == move and board.peek() == move
        board.pop()
        assert state(board) == before


@pytest.mark.parametrize("name", NAMES)
def test_an_empty_move_stack(name):
    board = new(name)
    with pytest.raises(IndexError, match="^pop from an empty move stack$"):
        board.pop()
    with pytest.raises(IndexError, match="^peek at an empty move stack$"):
        board.peek()
    assert board.move_stack == []


@pytest.mark.parametrize("name", NAMES)
def test_copies_are_independent(name):
    board = random_board(name, 2, 20)
    before = state(board)
    twin = board.copy()
    assert twin == board and twin is not board and type(twin) is type(board)
    twin.push(next(iter(twin.legal_moves)))
    assert state(board) == before and twin != board
    bare = board.copy(stack=False)
    assert bare.move_stack == [] and bare.position() == board.position()


# State ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_turn_players_and_phase(name):
    board = random_board(name, 3, 10)
    players = board.players
    assert len(players) == {"ludo-4": 4}.get(name, 2)
    assert board.turn in players
    assert isinstance(board.phase, str) and board.phase != "game_over"
    players.append(players[0])                               # a new list each time
    assert len(board.players) == len(players) - 1
    over = play_out(name, 3)
    assert over.is_game_over() and over.phase == "game_over"
    assert type(over.phase) is type(board.phase)             # the game's Phase


@pytest.mark.parametrize("name", NAMES)
def test_position_round_trip_and_hash(name):
    for seed in range(5):
        board = random_board(name, seed, 15 * seed)
        again = type(board)(board.position())
        assert again.position() == board.position() and again == board
        assert again.zobrist_hash() == board.zobrist_hash()


@pytest.mark.parametrize("name", NAMES)
def test_repr_pastes_back_after_import_yinsh(name):
    board = random_board(name, 4, 12)
    text = repr(board)
    assert text == f"{GAMES[name][1]}{board.position()!r})"
    assert eval(text, {"yinsh": yinsh}) == board
    # in a fresh interpreter, after only `import yinsh`
    code = f"import yinsh; print(({text}).position())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == board.position()


# End of game ---------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(4))
def test_outcome_and_returns_at_the_end_of_a_random_game(name, seed):
    start = new(name)
    assert start.outcome() is None and start.result() == "*" and not start.is_game_over()
    board = play_out(name, seed)
    outcome = board.outcome()
    assert board.is_game_over() and outcome is not None
    assert outcome.result() == board.result() != "*"
    assert isinstance(outcome.termination, str)
    assert type(outcome.termination).__name__ == "Termination"
    returns = outcome.returns
    assert isinstance(returns, tuple) and len(returns) == len(board.players)
    assert all(isinstance(r, float) and -1.0 <= r <= 1.0 for r in returns)
    assert sum(returns) == pytest.approx(0.0)
    if outcome.winner is None:
        assert returns == (0.0, 0.0)
    else:
        assert returns[board.players.index(outcome.winner)] == 1.0 == max(returns)
    if name.startswith("ludo"):
        assert returns == tuple(board.returns()[c] for c in board.players)
    else:
        assert board.result() == {None: "1/2-1/2", 0: "1-0", 1: "0-1"}[outcome.winner]


# Text and pictures ---------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_text_diagrams_and_pictures(name):
    board = random_board(name, 5, 20)
    other = board.copy()
    other.push(next(iter(other.legal_moves)))
    for draw in (str, type(board).unicode, type(board)._repr_svg_):
        assert draw(board) and draw(board) != draw(other)
    assert board.unicode() != str(board)
    assert str(board).isascii() and not board.unicode().isascii()
    assert yinsh.diagram.draw(board) == str(board)
    assert yinsh.diagram.draw(board, unicode=True) == board.unicode()
    assert yinsh.svg.board(board) == board._repr_svg_()


@pytest.mark.parametrize("name", NAMES)
def test_a_game_svg_module_names_the_right_module_for_another_game(name):
    board = new(name)
    own = games.of_board(board)
    for game in games.GAMES.values():
        if game is own:
            continue
        with pytest.raises(TypeError) as info:
            game.svg.board(board)
        assert str(info.value) == (f"{game.svg.__name__}.board: this is a {board_name(own)}; draw it "
                                   f"with {own.svg.__name__}.board or yinsh.svg.board")
    with pytest.raises(TypeError, match=r"\.svg\.board: expected a yinsh\..*Board, not str"):
        own.svg.board("e5")


# Machine learning ----------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(3))
def test_action_ids_agree_with_the_legal_moves(name, seed):
    board = random_board(name, seed, 25)
    mask = board.legal_action_mask()
    ids = [int(a) for a in board.legal_actions()]
    assert mask.dtype == np.bool_ and mask.shape == (GAMES[name][4],)
    assert np.flatnonzero(mask).tolist() == ids == sorted(ids)
    assert len(ids) == len(board.legal_moves)
    played = set()
    for action in ids:
        child = board.copy()
        child.push_action(action)
        assert child.ply == board.ply + 1 and child.peek() in board.legal_moves
        played.add(str(child.peek()))
    assert played == {str(m) for m in board.legal_moves}
    planes = board.planes()
    assert planes.dtype == np.float32 and planes.shape[0] > 0


# Errors worded the same way ------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_errors_have_the_same_shape_and_leave_the_board_unchanged(name):
    board = random_board(name, 6, 10)
    before = state(board)
    _, _, garbage, _, actions = GAMES[name]
    for call in (board.push_str, board.parse_move):
        with pytest.raises(InvalidMoveError, match=f"^invalid move '{garbage}': .+"):
            call(garbage)
        with pytest.raises(TypeError, match="^expected str, not int"):
            call(5)
    with pytest.raises(IllegalMoveError, match=r"^illegal move \S+: .+"):
        board.push(next(m for m in _well_formed_moves(name) if m not in board.legal_moves))
    for bad in (actions, -1, 10**6):
        with pytest.raises(InvalidActionError, match=f"^invalid action {bad}: out of range "
                                                     fr"\(0\.\.{actions - 1}\)$"):
            board.push_action(bad)
    illegal = next(a for a in range(actions) if not board.legal_action_mask()[a])
    with pytest.raises(IllegalMoveError, match=f"^illegal action {illegal}[ :]"):
        board.push_action(illegal)
    with pytest.raises(TypeError, match="^expected int, not str: an action id$"):
        board.push_action("7")
    assert state(board) == before
    with pytest.raises(InvalidPositionError, match=r"^invalid position 'xx': a position string has "):
        type(board)("xx")
    with pytest.raises(TypeError, match="^expected str, not int: a position string"):
        type(board)(7)


@pytest.mark.parametrize("name", ["yinsh", "ludo-2"])
def test_an_illegal_text_action_at_the_start(name):
    board = new(name)
    text = GAMES[name][3]
    with pytest.raises(IllegalMoveError, match=f"^illegal move {text}: .+"):
        board.push_str(text)
    assert board.ply == 0


def _well_formed_moves(name):
    """Moves of the game: the legal moves of other positions."""
    for seed in range(30):
        yield from random_board(name, seed, 3 * seed).legal_moves


# Property: push and pop restore the position and the hash --------------------------

@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60))
def test_push_pop_restores_position_and_hash_in_every_game(name, seed, plies):
    board = random_board(name, seed, plies)
    before = state(board)
    rng = random.Random(seed)
    pushed = []
    for _ in range(rng.randrange(1, 12)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        board.push(move)
        pushed.append(move)
    for move in reversed(pushed):
        assert board.pop() == move
    assert state(board) == before
    assert type(board)(before[0]).zobrist_hash() == before[2]
