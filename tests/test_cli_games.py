"""The command line for Insert and Ludo (--game): in-process, small counts."""
import random
import re

import pytest

from yinsh import insert, ludo, record
from yinsh.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("argv, nodes", [
    (["perft", "2", "--game", "insert"], insert.perft(insert.Board(), 2)),
    (["perft", "2", "--game", "insert", "--layout", "17"], insert.perft(insert.Board(layout=17), 2)),
    (["perft", "5", "--game", "ludo"], ludo.perft(ludo.Board(), 5)),
    (["perft", "3", "--game", "ludo", "--players", "2", "--variant", "places", "--divide"],
     ludo.perft(ludo.Board(players=2, variant="places"), 3)),
    (["perft", "2", "--game", "ludo", "--moves", "r6 r3"], None),
])
def test_perft(capsys, argv, nodes):
    status, out, err = run(capsys, *argv)
    assert status == 0 and err == ""
    if nodes is not None:
        assert f"Nodes       : {nodes}\n" in out


@pytest.mark.parametrize("name, compiled", [("yinsh", True), ("insert", True), ("ludo", True),
                                            ("dice", False)])
def test_perft_counts_compiled(capsys, monkeypatch, name, compiled):
    """yinsh perft runs the rules' own perft where they are compiled (bulk
    counting: Yinsh's is much faster than the hooks'), and the compiled
    hooks' perft where the rules are Python (the dice race)."""
    from yinsh import games
    from yinsh.cli import compiled_rules
    from yinsh.toys.dice.game import DiceGame
    if name == "dice":
        games.register(DiceGame())                              # unregistered below
    try:
        kind = games.get(name)
        assert compiled_rules(kind) is compiled
        counted = []
        for where, owner in (("rules", kind.module), ("hooks", kind.search())):
            monkeypatch.setattr(owner, "perft", lambda board, depth, _f=owner.perft, _w=where, **kw:
                                counted.append(_w) or _f(board, depth, **kw))
        status, out, err = run(capsys, "perft", "2", "--game", name)
        assert status == 0 and err == ""
        assert counted == ["rules" if compiled else "hooks"]
    finally:
        if name == "dice":
            games.unregister("dice")


@pytest.mark.parametrize("argv", [
    ["perft", "6", "--threads", "3"],
    ["perft", "5", "--threads", "2", "--moves", "gamble"],           # a throw at the root
    ["perft", "6", "--threads", "4", "--players", "3", "--divide"],
    ["perft", "1", "--threads", "2", "--divide", "--moves", "step"],
    ["perft", "0", "--threads", "2"],
])
def test_perft_threads_of_python_rules(capsys, argv):
    """--threads on a game whose rules are Python (the dice race, whose
    perft and divide take no threads): the compiled hooks count each first
    action's subtree on the threads, and the counts are the rules' own."""
    from yinsh import games
    from yinsh.toys.dice import board as dice
    from yinsh.toys.dice.game import DiceGame
    games.register(DiceGame())                                  # unregistered below
    try:
        status, out, err = run(capsys, *argv, "--game", "dice")
        start = dice.Board(players=int(argv[argv.index("--players") + 1]) if "--players" in argv else 2)
        for text in argv[argv.index("--moves") + 1].split() if "--moves" in argv else ():
            start.push_str(text)
        depth = int(argv[1])
        assert status == 0 and err == "", err
        assert f"Nodes       : {dice.perft(start, depth)}\n" in out
        assert f"Threads     : {argv[argv.index('--threads') + 1]}\n" in out
        if "--divide" in argv:
            assert out.split("Position")[0] == "".join(f"{t}: {n}\n" for t, n in dice.divide(start, depth).items())
    finally:
        games.unregister("dice")


@pytest.mark.parametrize("argv", [
    ["show", "--game", "insert", "--layout", "5", "--moves", "c3"],
    ["show", "--game", "ludo", "--players", "3", "--moves", "r6 r3"],
])
def test_show(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 0 and out.startswith("<svg") and err == ""


@pytest.mark.parametrize("argv, lines", [
    (["analyse", "--game", "insert", "--depth", "2"], 3),
    (["analyse", "--game", "ludo", "--players", "2", "--moves", "r6 r3", "--depth", "2"], 3),
    (["analyse", "--game", "ludo", "--moves", "r6 r3", "--algorithm", "mcts", "--nodes", "300"], 1),
    (["analyse", "--game", "ludo", "--moves", "r6 r3", "--nodes", "300"], 1),     # auto: the MCTS
    (["analyse", "--game", "ludo", "--players", "2", "--depth", "2"], 15),     # a throw: expectimax
    (["analyse", "--game", "ludo", "--players", "3", "--nodes", "300"], 7),     # a throw: the MCTS
])
def test_analyse(capsys, argv, lines):
    status, out, err = run(capsys, *argv)
    assert status == 0 and err == "", err
    assert out.splitlines()[-1].startswith("bestmove ") and len(out.splitlines()) >= lines - 1


@pytest.mark.parametrize("argv, message", [
    (["perft", "1", "--game", "insert", "--players", "3"], "--players is not an option of insert"),
    (["perft", "1", "--game", "ludo", "--layout", "3"], "--layout is not an option of ludo"),
    (["perft", "1", "--layout", "3"], "--layout is not an option of yinsh"),
    (["perft", "1", "--game", "ludo", "--variant", "blitz"], "ludo has standard and places"),
    (["perft", "1", "--variant", "places"], "yinsh has standard and blitz"),
    (["perft", "1", "--game", "ludo", "--position", "nonsense"], "bad Position"),
    (["perft", "1", "--game", "insert", "--moves", "z9"], "z9"),
    (["analyse", "--game", "ludo", "--depth", "2"], "depth limit (depth=2) cannot be honoured"),
    (["analyse", "--game", "ludo", "--players", "3", "--moves", "r6 r3", "--depth", "2"],
     "3 players are searched by the MCTS, which has no depth; limit it with --nodes or --time"),
    (["analyse", "--game", "ludo", "--players", "2", "--multipv", "2"], "chance node"),
    (["analyse", "--game", "ludo", "--moves", "r6 r3", "--algorithm", "alphabeta"], "use --algorithm mcts"),
    (["analyse", "--game", "ludo", "--moves", "r6 r3", "--threads", "2"], "one thread"),
    (["show", "--game", "ludo", "--highlight", "a1"], "invalid move 'a1'"),
])
def test_bad_options(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err, err


@pytest.mark.parametrize("usage", [
    ["perft", "1", "--game", "chess"], ["perft", "1", "--game", "insert", "--layout", "6144"],
    ["perft", "1", "--game", "ludo", "--players", "5"],
])
def test_usage_errors(capsys, usage):
    with pytest.raises(SystemExit) as info:
        main(usage)
    assert info.value.code == 2 and len(capsys.readouterr().err.strip().splitlines()) == 1


def played(board, seed):
    rng = random.Random(seed)
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return board


@pytest.mark.parametrize("board", [insert.Board.random(seed=2), ludo.Board(players=2),
                                   ludo.Board(players=4, variant="places")])
def test_record_show_replay(capsys, tmp_path, board):
    game = record.Game.from_board(played(board, 1), Event="cli")
    path = tmp_path / "game.txt"
    record.write(game, str(path))
    assert record.read(path)[0] == game
    status, out, err = run(capsys, "show", "--record", str(path), "--ply", "3")
    assert status == 0 and out.startswith("<svg")
    status, out, err = run(capsys, "replay", str(path), "--game", game.game.name)
    assert status == 0 and err == ""
    assert f"Game: {game.game.name}" in out and f"Game over: {game.result}" in out
    assert len(re.findall(r"(?m)^ *\d+\. [A-Z][a-z]+ +\S", out)) == len(game.actions)
    wrong = "ludo" if game.game.name == "insert" else "insert"
    status, out, err = run(capsys, "replay", str(path), "--game", wrong)
    assert status == 2 and "the record is a game of" in err


def test_replay_analyse(capsys, tmp_path):
    board = insert.Board(layout=3)
    for text in "c3 c4 c5".split():
        board.push_str(text)
    path = tmp_path / "g.txt"
    record.write(record.Game.from_board(board), str(path))
    status, out, err = run(capsys, "replay", str(path), "--analyse", "--depth", "1")
    assert status == 0 and out.count("best ") == 3


# match -----------------------------------------------------------------------

def test_match_insert(capsys):
    code, out, err = run(capsys, "match", "--game", "insert", "engine", "greedy", "--games", "2",
                         "--depth", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("game 1/2: A is white: ") and lines[1].startswith("game 2/2: A is red: ")
    assert lines[2].startswith("A: engine   B: greedy   2 games in ")
    assert lines[3].startswith("W/D/L (A): ") and lines[4].startswith("Score (A): ")
    again = run(capsys, "match", "--game", "insert", "random", "greedy", "--games", "4")[1]
    assert again.splitlines()[:4] == run(capsys, "match", "--game", "insert", "random", "greedy",
                                         "--games", "4")[1].splitlines()[:4]   # seeded layouts


def test_match_ludo(capsys):
    code, out, err = run(capsys, "match", "--game", "ludo", "random", "heuristic", "mcts:nodes=30",
                         "--games", "3")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[3] == "3 games, 3 players, standard, seats rotated"
    assert lines[4].startswith("seat 0 random ") and "(95% " in lines[4]
    assert lines[6].startswith("seat 2 mcts:nodes=30 ")


@pytest.mark.parametrize("argv, message", [
    (["match", "--game", "ludo", "random"], "ludo needs 2 to 4 players"),
    (["match", "--game", "ludo", "random", "greedy"], "unknown player 'greedy'"),
    (["match", "--game", "ludo", "random", "mcts:depth=3"], "bad setting 'depth=3'"),
    (["match", "--game", "ludo", "random", "random", "--depth", "2"], "--depth is not an option"),
    (["match", "--game", "insert", "random", "greedy", "random"], "played by two"),
    (["match", "--game", "insert", "random", "heuristic"], "unknown player 'heuristic'"),
    (["match", "--game", "insert", "random", "greedy", "--variant", "blitz"], "insert has no variants"),
    (["match", "--game", "insert", "random", "greedy", "--openings", "random-placements"],
     "insert has random-layouts, none"),
    (["match", "random", "greedy", "--openings", "random-layouts"], "yinsh has random-placements"),
    (["match", "--game", "ludo", "random", "random", "--variant", "blitz"], "ludo has standard and places"),
])
def test_match_bad_options(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and len(err.splitlines()) == 1, err


# bench -----------------------------------------------------------------------

@pytest.mark.parametrize("game, signature", [("insert", 317065), ("ludo", 19403112)])
def test_bench_games(capsys, game, signature):
    code, out, err = run(capsys, "bench", "--game", game)
    assert code == 0, err
    assert f"Nodes searched : {signature}\n" in out
    first = {"insert": "insert: perft (the default evaluation: classic)\n", "ludo": "ludo: perft\n"}[game]
    assert "Playouts : 2000\n" in out and out.startswith(first)
    assert run(capsys, "bench", "--game", game)[1].count(f"Nodes searched : {signature}\n") == 1


# yinsh play --game insert | ludo ------------------------------------------------------

def play(monkeypatch, capsys, argv, stdin):
    import io
    import sys
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_play_insert_against_a_depth_1_engine_with_undo(monkeypatch, capsys):
    status, out, err = play(monkeypatch, capsys,
                            ["play", "--game", "insert", "--layout", "3", "--engine-depth", "1"],
                            "c3\nmoves\nhint\nb2\nundo\nflip\nquit\nn\n")
    assert status == 0 and err == ""
    assert "You play White; the engine plays Red (depth 1)" in out
    assert "layout 3; white to place (36 allowed)" in out
    assert "last c3 (|: column c); red to place" in out          # the allowed line in words
    assert out.count("Engine (Red) plays") == 2                   # after c3 and after b2
    assert "legal actions: " in out and "Hint: " in out and "for White" in out
    assert "Took back: b2 " in out
    assert "     f  e  d    c  b  a" in out and out.rstrip().endswith("Bye.")   # flip: turned for Red


def test_play_insert_as_red_to_the_end(monkeypatch, capsys):
    status, out, err = play(monkeypatch, capsys,
                            ["play", "--game", "insert", "--engine-depth", "1", "--color", "red"],
                            "hint\nquit\nn\n")
    assert status == 0 and err == ""
    assert "You play Red" in out and out.index("Engine (White) plays") < out.index("Red> ")


@pytest.mark.parametrize("argv", [
    ["play", "--game", "insert", "--color", "black"],
    ["play", "--color", "red"],
    ["play", "--game", "insert", "--players", "2"],
])
def test_play_bad_options(monkeypatch, capsys, argv):
    status, out, err = play(monkeypatch, capsys, argv, "")
    assert status == 2 and out == "" and err.count("\n") == 1


def test_play_ludo_all_computer_seats_to_the_end(monkeypatch, capsys):
    argv = ["play", "--game", "ludo", "--players", "2", "--seats", "random,random", "--seed", "4"]
    status, out, err = play(monkeypatch, capsys, argv, "")
    assert status == 0 and err == ""
    assert out.startswith("Seats: Green (random), Blue (random).")
    assert re.search(r"^Green throws [1-6]( [1-6])*$", out, re.M)
    assert "Blue (random) plays " in out
    end = out.rstrip().splitlines()[-1]
    assert re.fullmatch(r"Game over, [GB]: finishing order 1\. (Green|Blue) \(random\), "
                        r"2\. (Green|Blue) \(random\)", end)
    assert play(monkeypatch, capsys, argv, "")[1] == out               # the seed fixes the game


def test_play_ludo_a_human_seat_makes_two_moves_then_quits(monkeypatch, capsys):
    status, out, err = play(monkeypatch, capsys,
                            ["play", "--game", "ludo", "--players", "2", "--seats",
                             "human,heuristic", "--seed", "3"], "x\n9\n1\n1\nquit\n")
    assert status == 0 and err == ""
    assert "Green (you)" in out and "1) s-" in out
    assert "Not understood: invalid move 'x': " in out and "No move 9: type 1..2." in out
    chosen = re.findall(r"^Green \(you\) plays (\S+)$", out, re.M)
    assert len(chosen) == 2 and out.count("Green> ") == 5
    assert out.rstrip().endswith("Bye.")


def test_play_ludo_a_move_by_its_text(monkeypatch, capsys):
    argv = ["play", "--game", "ludo", "--players", "2", "--seats", "human,random", "--seed", "3"]
    _, out, _ = play(monkeypatch, capsys, argv, "quit\n")
    first = re.search(r"1\) (\S+)", out).group(1)
    _, out, _ = play(monkeypatch, capsys, argv, first + "\nquit\n")
    assert f"Green (you) plays {first}\n" in out


def test_play_ludo_undo_hint_save_like_the_other_games(monkeypatch, capsys, tmp_path):
    from yinsh.cli import table
    monkeypatch.setattr(table, "HINT_TIME", 0.05)
    saved = tmp_path / "ludo.txt"
    argv = ["play", "--game", "ludo", "--players", "2", "--seats", "human,random", "--seed", "3"]
    script = f"undo\n1\nundo\nhint\nflip\n1\nsave {saved}\nquit\n"
    status, out, err = play(monkeypatch, capsys, argv, script)
    assert status == 0 and err == ""
    assert "Nothing to undo." in out                             # before any choice
    first = re.findall(r"^Green \(you\) plays (\S+)$", out, re.M)
    assert len(first) == 2 and first[0] == first[1]              # chosen, taken back, chosen again
    took = re.search(r"^Took back: (.*)$", out, re.M).group(1).split()
    assert took[0] == first[0] and len(took) > 1                 # the move, then the throws after it
    hint = re.search(r"^Hint: (\S+) +\[score [+-]\d+ for Green", out, re.M)
    assert hint is not None and "drawn one way only" in out
    assert "Save the game" not in out and out.rstrip().endswith("Bye.")
    (game,) = record.read(saved)
    assert game.tags["Green"] == "Human" and game.tags["Blue"] == "random" and "Red" not in game.tags
    assert game.tags["Players"] == "2" and first[0] in [str(m) for m in game.actions]
    assert re.search(rf"^Saved {len(game.actions)} actions to ", out, re.M)
    board = game.board_at(len(game.actions))
    assert board.position() == game.board.position() and not board.is_chance()


def test_play_ludo_quitting_an_unsaved_game_asks_to_save_it(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    argv = ["play", "--game", "ludo", "--players", "3", "--seats", "random,human,random", "--seed", "2"]
    status, out, _ = play(monkeypatch, capsys, argv, "1\nquit\nmine.txt\n")
    assert status == 0 and "Save the game before quitting? [y/N/file name]" in out
    (game,) = record.read(tmp_path / "mine.txt")
    assert game.tags["Yellow"] == "Human" and game.tags["Players"] == "3"


def test_play_ludo_help_lists_the_commands(monkeypatch, capsys):
    argv = ["play", "--game", "ludo", "--players", "2", "--seats", "human,random", "--seed", "3"]
    _, out, _ = play(monkeypatch, capsys, argv, "help\nquit\nn\n")
    for command in ("hint", "undo", "save FILE", "moves", "board", "quit"):
        assert f"\n  {command} " in out


@pytest.mark.parametrize("argv", [
    ["play", "--game", "ludo", "--players", "2", "--seats", "human,mcts,mcts"],
    ["play", "--game", "ludo", "--seats", "human,random"],
    ["play", "--game", "ludo", "--players", "2", "--seats", "human,robot"],
    ["play", "--game", "ludo", "--players", "2", "--seats", "human,mcts:time=0"],
    ["play", "--game", "ludo", "--players", "2", "--seats", "human,random:time=1"],
    ["play", "--game", "ludo", "--engine-depth", "2"],
    ["play", "--game", "ludo", "--color", "white"],
    ["play", "--game", "ludo", "--layout", "3"],
    ["play", "--game", "insert", "--seats", "human,random"],
])
def test_play_ludo_bad_options(monkeypatch, capsys, argv):
    status, out, err = play(monkeypatch, capsys, argv, "")
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
