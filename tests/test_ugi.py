"""``yinsh ugi`` driven as a front end drives it: a child process spoken to
on stdin, read on stdout (tests/ugi_helpers.py)."""
from __future__ import annotations

import random
import signal
import time
from pathlib import Path

import pytest

import yinsh
from yinsh import games
from ugi_helpers import UgiProcess

PROTOCOL_WORDS = ("id ", "option ", "ugiok", "readyok", "info ", "bestmove ", "response ")

OPENING = "d2 d3 e6 d6 i6 e10 k7 g10 f6 h7"


def bestmove(lines: list[str]) -> str:
    words = lines[-1].split()
    assert words[0] == "bestmove" and len(words) == 2, lines[-1]      # Cute Games reads two words
    return words[1]


def infos(lines: list[str]) -> list[dict[str, object]]:
    """The info lines (not strings) as dicts: the numbers, ``score``
    (``("cp", n)``/``("mate", n)``), ``bound``, ``wdl`` and ``pv``."""
    out = []
    for line in lines:
        words = line.split()
        if words[0] != "info" or words[1] == "string":
            continue
        info: dict[str, object] = {}
        i = 1
        while i < len(words):
            key = words[i]
            if key == "pv":
                info["pv"] = words[i + 1:]
                break
            if key == "score":
                info["score"] = (words[i + 1], int(words[i + 2]))
                i += 3
                if i < len(words) and words[i] in ("lowerbound", "upperbound"):
                    info["bound"] = words[i]
                    i += 1
                continue
            if key == "wdl":
                info["wdl"] = tuple(int(w) for w in words[i + 1:i + 4])
                i += 4
                continue
            info[key] = int(words[i + 1])
            i += 2
        out.append(info)
    return out


# the handshake and the options ------------------------------------------------

def test_ugi_lists_every_option_with_its_type_default_and_range() -> None:
    with UgiProcess("--game", "ludo") as engine:
        listed = engine.until_sent("ugi", "ugiok")
        assert listed[0].startswith("id name yinsh ") and listed[1].startswith("id author ")
        options = {}
        for line in listed[2:-1]:
            words = line.split()
            assert words[:2] == ["option", "name"], line
            at = words.index("type")
            name, kind = " ".join(words[2:at]), words[at + 1]
            options[name] = kind
            if kind == "spin":
                assert {"default", "min", "max"} <= set(words), line
            if kind == "combo":
                assert "default" in words and "var" in words, line
            if kind == "check":
                assert words[-2:] in (["default", "true"], ["default", "false"]), line
        assert options == {"Hash": "spin", "Threads": "spin", "MultiPV": "spin", "Evaluation": "combo",
                           "Network": "string", "Algorithm": "combo", "Move Overhead": "spin",
                           "Clear Hash": "button", "Keep Hash": "check", "Level": "spin", "Seed": "spin",
                           "Debug Log File": "string",
                           "Players": "spin",
                           "Variant": "combo"}
        assert engine.until_sent("isready", "readyok") == ["readyok"]


def test_game_options_make_the_start_position() -> None:
    with UgiProcess() as engine:
        engine.start("setoption name variant value BLITZ")
        engine.send("position startpos")                  # an option is the next start's
        assert engine.ask("query position") == yinsh.Board(variant="blitz").position()
    with UgiProcess("--game", "ludo") as engine:
        engine.start("setoption name Players value 3")
        engine.send("uginewgame")
        assert engine.ask("query position") == games.get("ludo").board_class(players=3).position()
    with UgiProcess("--game", "insert") as engine:
        engine.start("setoption name Layout value 17")
        engine.send("position startpos")
        assert engine.ask("query position") == games.get("insert").board_class(layout=17).position()


# whole games --------------------------------------------------------------------

def play_to_the_end(engine: UgiProcess, game: str, go: str, seed: int = 1, **start: object) -> tuple[object, int]:
    """Plays the engine against itself to the end, the test's board
    refereeing and throwing the dice; returns the board and the actions."""
    kind = games.get(game)
    board = kind.new_board(start)
    rng = random.Random(seed)
    moves: list[str] = []
    engine.send("uginewgame")
    while True:
        engine.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        over = engine.ask("query gameover") == "true"
        assert over == board.is_game_over()
        if over:
            break
        assert engine.ask("query chance") == ("true" if kind.part("rl").is_chance(board) else "false")
        if kind.part("rl").is_chance(board):
            kind.part("rl").throw(board, rng)
            moves.append(str(board.move_stack[-1]))
            continue
        seat = board.players.index(board.turn) + 1
        assert engine.ask("query turn") == f"p{seat}"
        assert engine.ask("query p1turn") == ("true" if seat == 1 else "false")
        lines = engine.until_sent(go, "bestmove")
        move = bestmove(lines)
        found = infos(lines)
        assert found and found[-1]["pv"][0] == move           # the last info agrees with bestmove
        board.push_str(move)                                    # legal, or this raises
        moves.append(move)
    assert engine.ask("query position") == board.position()
    return board, len(moves)


def expected_result(board: object) -> str:
    outcome = board.outcome()
    seats = list(board.players)
    if len(seats) > 2:
        return " ".join(f"p{seats.index(c) + 1}" for c in outcome.order)
    if outcome.winner is None:
        return "draw"
    return f"p{seats.index(outcome.winner) + 1}win"


@pytest.mark.parametrize("game, go, options, start", [
    ("yinsh", "go depth 1", [], {}),                                           # the learned evaluation
    ("yinsh", "go nodes 300", ["setoption name Evaluation value classic", "setoption name Variant value blitz"],
     {"variant": "blitz"}),
    ("insert", "go depth 2", ["setoption name Evaluation value learned"], {}),
    ("insert", "go movetime 5", [], {}),
    ("ludo", "go depth 1", ["setoption name Players value 2"], {"players": 2}),
    ("ludo", "go nodes 60", ["setoption name Players value 4"], {"players": 4}),
])
def test_a_whole_game_to_its_end(game: str, go: str, options: list[str], start: dict[str, object]) -> None:
    with UgiProcess("--game", game) as engine:
        engine.start(*options)
        board, actions = play_to_the_end(engine, game, go, **start)
        assert actions > 10
        assert engine.ask("query result") == expected_result(board)
        assert engine.ask("query turn") == "none" or len(board.players) == 2
        assert engine.ask("query p1turn") in ("true", "false")
        engine.send("go depth 2")
        assert engine.until("bestmove") == ["info string error: go: the game is over "
                                            f"({board.result()}): there is no move", "bestmove (none)"]


# go, stop, isready ----------------------------------------------------------------------

def test_every_go_form() -> None:
    with UgiProcess() as engine:
        engine.start()
        engine.send(f"position startpos moves {OPENING}")
        for go in ("go depth 3", "go nodes 5000", "go movetime 30", "go depth 4 nodes 400",
                   "go p1time 3000 p2time 3000", "go p1time 2000 p2time 1000 p1inc 100 p2inc 100",
                   "go p1time 500 p2time 500 movestogo 5", "go movetime 20 depth 64"):
            began = time.monotonic()
            lines = engine.until_sent(go, "bestmove")
            spent = time.monotonic() - began
            move = bestmove(lines)
            assert move in {str(m) for m in _board().legal_moves}, (go, move)
            found = infos(lines)
            assert found[-1]["pv"][0] == move
            if "depth 3" in go:
                assert [i["depth"] for i in found] == [1, 2, 3]
            if go.startswith("go p1time 3000"):
                assert spent < 1.5                             # a share of the clock, not all of it
        engine.send("go infinite")
        time.sleep(0.2)
        assert not any(line.startswith("bestmove") for line in engine.pending())
        assert bestmove(engine.until_sent("stop", "bestmove"))


def _board() -> yinsh.Board:
    board = yinsh.Board()
    for text in OPENING.split():
        board.push_str(text)
    return board


def test_infinite_waits_for_stop_even_when_the_search_ends() -> None:
    with UgiProcess("--game", "insert") as engine:
        engine.start()
        board = games.get("insert").board_class(layout=0)
        rng = random.Random(3)
        while len(list(board.legal_moves)) > 2:
            board.push(rng.choice(list(board.legal_moves)))
        engine.send(f"position fen {board.position()}")
        engine.send("go infinite")
        time.sleep(0.5)                                       # the search has long proved the end
        assert not any(line.startswith("bestmove") for line in engine.pending())
        assert bestmove(engine.until_sent("stop", "bestmove")) in {str(m) for m in board.legal_moves}


def test_stop_answers_bestmove_within_50_ms() -> None:
    with UgiProcess() as engine:
        engine.start()
        engine.send(f"position startpos moves {OPENING}")
        waits = []
        for _ in range(5):
            engine.send("go infinite")
            engine.until("info depth 3")
            time.sleep(0.05)
            began = time.monotonic()
            lines = engine.until_sent("stop", "bestmove")
            waits.append(time.monotonic() - began)
            assert infos(lines)[-1]["pv"][0] == bestmove(lines)
        assert min(waits) < 0.05 and max(waits) < 1.0, waits


def test_isready_and_queries_are_answered_during_a_search() -> None:
    with UgiProcess() as engine:
        engine.start()
        engine.send(f"position startpos moves {OPENING}")
        engine.send("go infinite")
        engine.until("info depth 2")
        began = time.monotonic()
        lines = engine.until_sent("isready", "readyok")
        assert time.monotonic() - began < 0.5
        assert not any(line.startswith("bestmove") for line in lines)
        assert engine.ask("query p1turn") == "true"
        engine.send("go depth 2")                              # go during a search: refused
        assert engine.until("info string")[-1] == "info string error: go: a search is running (send stop first)"
        assert bestmove(engine.until_sent("stop", "bestmove"))


def test_multipv_and_the_last_info_agree_with_bestmove() -> None:
    with UgiProcess() as engine:
        engine.start("setoption name MultiPV value 3")
        engine.send(f"position startpos moves {OPENING}")
        lines = engine.until_sent("go depth 3", "bestmove")
        found = infos(lines)
        assert [(i["depth"], i["multipv"]) for i in found[-3:]] == [(3, 1), (3, 2), (3, 3)]
        assert found[-3]["pv"][0] == bestmove(lines)
    with UgiProcess() as engine:                     # an unfinished iteration's move is shown last
        engine.start()
        partial = 0
        rng = random.Random(5)
        for nodes in (20000, 40000, 80000, 160000) * 3:
            board = _board()
            for _ in range(rng.randrange(6)):
                board.push(rng.choice(list(board.legal_moves)))
            engine.send(f"position fen {board.position()}")
            lines = engine.until_sent(f"go nodes {nodes}", "bestmove")
            last = infos(lines)[-1]
            assert last["pv"][0] == bestmove(lines)
            partial += last.get("bound") == "lowerbound"
        assert partial >= 1


# bad input --------------------------------------------------------------------

BAD = [
    b"fly me to the moon",
    b"position",
    b"position fen",
    b"position fen not a position at all",
    b"position start",
    b"position startpos e5",
    b"position startpos moves zz99",
    b"position startpos moves d2 d2",
    b"go depth many",
    b"go depth 0",
    b"go nodes -5",
    b"go movetime",
    b"go sideways",
    b"setoption Hash 32",
    b"setoption name Hash value lots",
    b"setoption name Hash value 999999999",
    b"setoption name Nope value 1",
    b"setoption name Evaluation value neural",
    b"setoption name Network value no/such/file.nnue",
    b"setoption name Keep Hash value maybe",
    b"query",
    b"query colour",
    b"\xff\xfe\x00 garbage",
    b"position fen " + b"x" * (2 << 20),
]


def test_bad_input_gets_one_error_line_and_changes_nothing() -> None:
    with UgiProcess() as engine:
        engine.start()
        engine.send(f"position startpos moves {OPENING}")
        before = engine.ask("query position")
        for bad in BAD:
            engine.send(bad + b"\n")
            lines = engine.until_sent("isready", "readyok")
            assert len(lines) == 2 and lines[0].startswith("info string error: "), (bad[:40], lines)
            assert engine.ask("query position") == before, bad[:40]
        move = bestmove(engine.until_sent("go depth 2", "bestmove"))     # it still plays
        assert move in {str(m) for m in _board().legal_moves}
        assert engine.close() == 0
        assert b"Traceback" not in engine.stderr


def test_a_throw_to_come_is_not_searched() -> None:
    with UgiProcess("--game", "ludo") as engine:
        engine.start()
        engine.send("position startpos")
        assert engine.ask("query chance") == "true"
        assert engine.ask("query turn") == "p1"
        assert engine.until_sent("go nodes 100", "bestmove") == [
            "info string error: go: the dice are to be thrown (query chance): send the throw as a move",
            "bestmove (none)"]
        board, rng, moves = games.get("ludo").board_class(), random.Random(2), []
        while board.is_chance():
            board.throw(rng)
            moves.append(str(board.move_stack[-1]))
        engine.send(f"position startpos moves {' '.join(moves)}")
        assert engine.ask("query chance") == "false"
        assert bestmove(engine.until_sent("go nodes 100", "bestmove")) in {str(m) for m in board.legal_moves}


def test_uginewgame_sets_the_start_and_options_wait_for_the_search() -> None:
    with UgiProcess() as engine:
        engine.start()
        engine.send(f"position startpos moves {OPENING}")
        engine.send("go infinite")
        engine.until("info depth 1")
        engine.send("setoption name Hash value 1")
        assert engine.until("info string")[-1] == (
            "info string error: setoption Hash: a search is running (send stop first)")
        engine.until_sent("stop", "bestmove")
        engine.send("uginewgame")
        assert engine.ask("query position") == yinsh.Board().position()
        engine.send("setoption name Hash value 1")
        engine.send("setoption name Clear Hash")
        assert engine.until_sent("isready", "readyok") == ["readyok"]


# the process ------------------------------------------------------------------

def test_end_of_input_and_quit_end_it_cleanly() -> None:
    engine = UgiProcess()
    engine.start()
    engine.send(f"position startpos moves {OPENING}")
    engine.send("go infinite")
    engine.until("info depth 2")
    engine.process.stdin.close()                   # EOF during a search: its bestmove, then exit 0
    assert engine.process.wait(5) == 0
    assert bestmove(engine.until("bestmove"))
    with UgiProcess() as engine:
        engine.start()
        engine.send("quit")
        assert engine.process.wait(5) == 0


def test_ctrl_c_ends_it_at_once_and_stdout_is_protocol_only() -> None:
    engine = UgiProcess()
    engine.start()
    engine.send(f"position startpos moves {OPENING}")
    engine.send("go infinite")
    engine.until("info depth 3")
    began = time.monotonic()
    engine.process.send_signal(signal.SIGINT)
    assert engine.process.wait(5) == 130
    assert time.monotonic() - began < 1.0
    rest = []
    while True:
        line = engine.lines.get(timeout=5)
        if line is None:
            break
        rest.append(line)
    assert all(line.startswith(PROTOCOL_WORDS) for line in rest), rest
    assert b"Traceback" not in engine.process.stderr.read()


def test_a_network_file_of_the_game_is_taken_and_one_of_another_game_refused() -> None:
    root = Path(yinsh.__file__).parent
    with UgiProcess() as engine:
        engine.start(f"setoption name Network value {root / 'yinsh' / 'yinsh.nnue'}")
        engine.send(f"position startpos moves {OPENING}")
        assert bestmove(engine.until_sent("go depth 2", "bestmove")) in {str(m) for m in _board().legal_moves}
        engine.send(f"setoption name Network value {root / 'insert' / 'insert.nnue'}")
        line = engine.until("info string")[-1]
        assert line.startswith("info string error: setoption Network: ") and "insert" in line
        assert engine.until_sent("isready", "readyok") == ["readyok"]
