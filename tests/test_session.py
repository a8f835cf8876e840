"""yinsh.engine.session: a game of people and engines, without a terminal."""
import threading

import pytest

import yinsh
from yinsh import record
from yinsh.engine import hooks
from yinsh.engine.session import (Event, NotYourTurnError, Seat, Session, direct_search,
                                  search_in_thread)
from yinsh.errors import IllegalMoveError, InvalidMoveError

from helpers import position

# White to move in blitz: e6-e7 leaves the fifth marker of e2..e6, the row
# xe2-e6 is then White's only action (forced), and any ring removal wins.
BLITZ_WIN = position("e6 a2 a3 a4 a5", "k7 k8 k9 k10 j11", "e2 e3 e4 e5", variant="blitz")


def engine_seat(depth=1):
    return Seat(yinsh.Engine(hash_mb=1), name="engine", depth=depth)


def human_vs_engine(board=None, human=yinsh.WHITE):
    seats = [Seat(), Seat()]
    seats[1 - human] = engine_seat()
    return Session(board or yinsh.Board(variant="blitz"), seats)


def test_a_person_plays_and_the_engine_replies():
    session = human_vs_engine()
    event = session.play("e5")
    assert event == Event("play", yinsh.WHITE, (yinsh.Move.from_str("e5"),), True)
    assert session.human_to_act() is False
    reply = session.step()
    assert reply.kind == "engine" and reply.side == yinsh.BLACK and not reply.human
    assert reply.analysis.depth == 1 and reply.move == reply.analysis.best_move
    assert session.step() is None and session.human_to_act()
    assert session.events == [event, reply] and session.board.ply == 2


def test_rejected_actions_leave_the_board_unchanged():
    session = human_vs_engine()
    session.play("e5")
    session.advance()
    before = session.board.position(), list(session.board.move_stack)
    free = next(str(m) for m in session.board.legal_moves)  # (not the engine's reply)
    with pytest.raises(InvalidMoveError):
        session.play("zz9")
    with pytest.raises(IllegalMoveError, match="already holds a ring"):
        session.play("e5")
    with pytest.raises(InvalidMoveError):
        session.play(f"{free};")                             # a stray ';'
    with pytest.raises(NotYourTurnError) as info:           # free is fine, then it is Black's turn
        session.play(f"{free} g7")
    assert [str(m) for m in info.value.moves] == [free]
    assert isinstance(info.value, IllegalMoveError)
    assert (session.board.position(), list(session.board.move_stack)) == before
    assert len(session.events) == 2


def test_play_on_an_engine_turn_is_refused():
    session = human_vs_engine(human=yinsh.BLACK)
    with pytest.raises(NotYourTurnError, match="White is played by engine"):
        session.play("e5")
    assert session.board.ply == 0
    assert session.step().kind == "engine"
    session.play(next(iter(session.board.legal_moves)))       # a Move works as well as text
    assert session.board.ply == 2


def test_forced_actions_are_played_and_reported_and_undo_goes_past_them():
    session = human_vs_engine(yinsh.Board(BLITZ_WIN))
    session.play("e6-e7")
    forced = session.step()
    assert forced == Event("forced", yinsh.WHITE, (yinsh.Move.from_str("xe2-e6"),), True)
    assert session.step() is None                              # a ring to choose: the person
    assert [str(m) for m in session.undo()] == ["e6-e7", "xe2-e6"]
    assert session.board.position() == BLITZ_WIN and session.undo() == []
    session.play("e6-e7 xe2-e6 xa2")                           # a whole turn at once
    assert session.is_over() and session.result() == "1-0" and session.termination() == "rings"
    assert session.step() is None
    with pytest.raises(IllegalMoveError, match="game is over"):
        session.play("xa3")
    assert [str(m) for m in session.undo()] == ["xa2"]          # the turn was typed: one by one
    assert [str(m) for m in session.undo()] == ["e6-e7", "xe2-e6"]   # past the forced row


def test_engines_play_a_whole_game():
    session = Session(yinsh.Board(variant="blitz"), [engine_seat(1), Seat(yinsh.players.GreedyPlayer(3))])
    seen = []
    events = session.advance(on_event=seen.append)
    assert events == seen and session.is_over() and session.board.result() != "*"
    assert {e.kind for e in events} <= {"engine", "forced"}
    assert sum(len(e.moves) for e in events) == session.board.ply
    greedy = [e for e in events if e.kind == "engine" and e.side == yinsh.BLACK]
    assert greedy and all(e.analysis is None for e in greedy)   # best_move only
    assert session.undo() == []                                 # no person chose anything


def test_resign_save_and_load_round_trip(tmp_path):
    session = human_vs_engine()
    session.play("e5")
    session.advance()
    assert session.unsaved
    path = tmp_path / "game.txt"
    game = session.save(path, Event="test")
    assert not session.unsaved
    assert game.tags["White"] == "Human" and game.tags["Black"] == "engine"
    assert record.read(path) == [game] and game.tags["Event"] == "test"

    event = session.resign(yinsh.WHITE)
    assert event.kind == "resign" and session.is_over() and session.unsaved
    assert (session.result(), session.termination()) == ("0-1", "resignation")
    assert session.step() is None and not session.human_to_act()
    with pytest.raises(IllegalMoveError):
        session.resign()
    session.save(path)
    (saved,) = record.read(path)
    assert saved.result == "0-1" and saved.termination == "resignation"

    other = human_vs_engine()
    loaded = other.load(path)
    assert loaded == saved and not other.unsaved
    assert other.board.move_stack == session.board.move_stack
    assert other.resigned == yinsh.WHITE and other.result() == "0-1"
    assert other.undo() == [] and other.resigned is None and other.unsaved   # the resignation
    assert [str(m) for m in other.undo()] == [str(m) for m in session.board.move_stack]
    assert other.board.ply == 0
    with pytest.raises(IndexError, match="no game 2"):
        other.load(path, 2)
    with pytest.raises(ValueError):
        session.save("")


def test_the_search_hook_decides_how_engines_think():
    calls = []

    def search(seat, board):
        calls.append((seat.name, board.ply))
        return next(iter(board.legal_moves)), True            # a move, not an Analysis

    session = Session(yinsh.Board(), [Seat(yinsh.players.RandomPlayer(), name="r"), Seat()],
                      search=search)
    event = session.step()
    assert calls == [("r", 0)] and event.interrupted and event.analysis is None
    assert direct_search(Seat(yinsh.players.RandomPlayer(1)), yinsh.Board())[1] is False


def test_search_in_thread_stops_the_engine_on_ctrl_c():
    """Ctrl-C while waiting (a wait that raises) stops a 60-second search,
    which answers with its best action so far."""
    engine = yinsh.Engine(hash_mb=1)
    board = yinsh.Board(BLITZ_WIN)
    started = []

    def interrupted(done: threading.Event):
        raise KeyboardInterrupt

    analysis, stopped = search_in_thread(engine, board, {"time": 60}, wait=interrupted,
                                         on_start=lambda: started.append(True))
    assert stopped and started == [True] and analysis.best_move in board.legal_moves


def test_seats_and_hooks():
    with pytest.raises(ValueError, match="2 sides"):
        Session(yinsh.Board(), [Seat()])
    with pytest.raises(TypeError, match="best_move"):
        Seat(object())
    session = Session(yinsh.Board(), [None, yinsh.players.RandomPlayer()])
    assert session.seats[0].is_human and session.seats[1].name == "random"
    assert session.record is record and session.split("e5-e9;xe6-e10xa2 pass") == [
        "e5-e9", "xe6-e10", "xa2", "pass"]
    assert hooks.side_names(yinsh.Board()) == ["White", "Black"]

    class Sub(yinsh.Board):                                   # a board class outside the package
        pass

    assert hooks.split_turn(Sub(), "e5-e9;xe6-e10xa2") == ["e5-e9", "xe6-e10", "xa2"]


def test_each_game_splits_its_own_input():
    # Yinsh's turn splitter would read "c3;d4" as two actions; an Insert or
    # Ludo word is one action (or an error), never Yinsh's grouped turn.
    from yinsh import insert, ludo
    from yinsh.errors import InvalidMoveError
    assert hooks.split_turn(yinsh.Board(), "c3;d4") == ["c3", "d4"]
    assert hooks.split_turn(insert.Board(), "c3;d4") == ["c3;d4"]
    assert hooks.split_turn(ludo.Board(), "xa1;r6") == ["xa1;r6"]
    session = Session(insert.Board(), [None, None])
    assert session.split("c3;d4 c4") == ["c3;d4", "c4"]
    with pytest.raises(InvalidMoveError):
        session.play("c3;d4")
    assert session.board.ply == 0
