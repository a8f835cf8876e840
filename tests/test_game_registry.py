"""One registry of games (yinsh.games): a game registered from outside the
library, the toy dice race (yinsh.toys.dice), reaches every layer with no
other edit: the command line (perft, bench, match), records, the RL
environments, the web page's list of games."""
from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from yinsh import games, record
from yinsh.game_check import GameLoadError
from yinsh.toys.dice.game import DiceGame

SPEC = "yinsh.toys.dice.game:DiceGame"


@pytest.fixture
def dice():
    """The race registered in this process, as a plugin's program would."""
    kind = games.register(DiceGame())
    yield kind
    games.unregister("dice")


@pytest.fixture
def plugin_path(tmp_path: Path) -> str:
    """A PYTHONPATH with a distribution that declares the race in the entry
    point group yinsh.games (what `pip install` of a plugin writes)."""
    info = tmp_path / "yinsh_dice_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: yinsh-dice-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[yinsh.games]\ndice = {SPEC}\n"
                                           "broken = yinsh_no_such_plugin.game:Game\n")
    return os.pathsep.join([str(tmp_path)] + [p for p in sys.path if p])


def yinsh_cli(path: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.run([sys.executable, "-m", "yinsh", *args], capture_output=True, text=True,
                          env=env, timeout=600)


def test_the_library_does_not_register_the_race():
    assert "dice" not in games.GAMES
    with pytest.raises(ValueError, match="unknown game 'dice'"):
        games.get("dice")


def test_register_checks_its_argument(dice):
    with pytest.raises(ValueError, match="registered already"):
        games.register(DiceGame())
    assert games.register(DiceGame, replace=True).name == "dice"
    with pytest.raises(TypeError, match="GameKind"):
        games.register(object())
    with pytest.raises(TypeError, match="name="):
        games.register(SPEC)
    with pytest.raises(ValueError, match="lower-case"):
        games.register(SPEC, name="Dice!")
    with pytest.raises(KeyError):
        games.unregister("chess")


def test_a_lazy_registration_imports_on_first_use():
    games.register(SPEC, name="dice")
    try:
        assert "dice" in games.GAMES and list(games.GAMES)[-1] == "dice"
        assert type(games.get("dice")).__name__ == "DiceGame"
    finally:
        games.unregister("dice")


def test_a_record_round_trip(dice):
    board = dice.start_board({"Players": "3"})
    import random
    rng = random.Random(5)
    while not board.is_game_over():
        board.push(rng.choice(board.legal_moves))
    text = record.write(record.Game.from_board(board, Event="test"))
    assert '[Game "dice"]' in text and '[Players "3"]' in text
    (read,) = record.reads(text)
    assert read.actions == board.move_stack and read.result == board.result() != "*"
    assert games.of_board(board) is dice


def test_the_rl_environments(dice):
    pytest.importorskip("pettingzoo")
    import gymnasium
    from yinsh.envs import aec, gymnasium_envs, registration
    env = aec.env("dice", players=3)
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    steps, final = 0, {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            final[agent] = reward
            env.step(None)
            continue
        assert observation["observation"].shape == dice.plane_shape
        env.step(int(observation["action_mask"].nonzero()[0][0]))
        steps += 1
    assert steps > 0 and sorted(final.values()) == [-0.5, -0.5, 1.0]
    registration.register_envs()
    try:
        gym = gymnasium.make(registration.env_id("dice"), opponent="random")
    finally:
        del gymnasium.registry[registration.env_id("dice")]    # the id lives as long as the game
    observation, _ = gym.reset(seed=0)
    assert observation["action_mask"].shape == (dice.num_actions,)
    over, reward = False, 0.0
    while not over:
        observation, reward, over, _, _ = gym.step(int(observation["action_mask"].nonzero()[0][0]))
    assert reward in (1.0, -1.0)
    assert pickle.loads(pickle.dumps(gymnasium_envs.get("dice"))).name == "dice"
    assert isinstance(gym.unwrapped, gymnasium_envs.BoardGameEnv)


def test_self_play_and_an_engine_search(dice, tmp_path):
    from yinsh import Engine
    from yinsh.distributed.selfplay import selfplay
    report = selfplay("dice", 4, "alphabeta:depth=2", str(tmp_path), games_per_shard=2)
    assert report.complete and report.games == 4 and report.positions > 0
    analysis = Engine(hash_mb=1).analyse(dice.board_class(), depth=4)
    assert str(analysis.best_move) in ("step", "gamble") and analysis.best_move in dice.board_class().legal_moves


def test_the_web_page_lists_the_game(dice):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient
    from yinsh.web.app import create_app
    client = TestClient(create_app())
    listed = client.get("/api/games").json()["games"]
    assert list(listed) == ["yinsh", "insert", "ludo", "dice"]
    assert listed["dice"]["title"] == "Dice race"
    state = client.post("/api/games", json={"game": "dice", "seats": [None, None],
                                            "options": {"players": 2}}).json()
    assert state["game"] == "dice"


def test_the_command_line_learns_of_the_game_by_its_entry_point(plugin_path):
    perft = yinsh_cli(plugin_path, "perft", "3", "--game", "dice")
    assert perft.returncode == 0, perft.stderr
    assert "Nodes       : 11" in perft.stdout
    bench = yinsh_cli(plugin_path, "bench", "--game", "dice")
    assert bench.returncode == 0, bench.stderr
    assert "Nodes searched : " in bench.stdout
    match = yinsh_cli(plugin_path, "match", "random", "greedy", "--game", "dice", "--games", "4",
                      "--workers", "2")
    assert match.returncode == 0, match.stderr
    assert "W/D/L (A):" in match.stdout and match.stdout.count("game ") >= 4
    without = yinsh_cli(os.pathsep.join(p for p in sys.path if p), "perft", "1", "--game", "dice")
    assert without.returncode == 2 and "invalid choice: 'dice'" in without.stderr


def test_the_race_is_a_board_of_the_protocol(dice):
    from yinsh import protocol
    from yinsh.toys.dice import Board
    board = Board(players=3)
    board.push_str("gamble")
    assert isinstance(board, protocol.Board) and eval(repr(board), {"yinsh": __import__("yinsh")}) == board
    assert pickle.loads(pickle.dumps(board)).move_stack == board.move_stack
    before = board.position()
    with pytest.raises(ValueError, match="illegal move step"):
        board.push_str("step")
    assert board.position() == before and str(board.pop()) == "gamble"


def test_a_broken_plugin_stops_only_its_own_game(plugin_path):
    """A plugin whose module does not import: the other games work, and
    naming it is a one-line error."""
    ok = yinsh_cli(plugin_path, "perft", "2", "--game", "insert")
    assert ok.returncode == 0 and "Nodes       : " in ok.stdout, ok.stderr
    broken = yinsh_cli(plugin_path, "perft", "1", "--game", "broken")
    assert broken.returncode == 2 and len(broken.stderr.splitlines()) == 1, broken.stderr
    assert "the game 'broken' (yinsh_no_such_plugin.game:Game) cannot be loaded" in broken.stderr


def test_the_lists_of_the_layers_skip_a_game_that_does_not_load():
    from yinsh.web.games import WEB_GAMES
    games.register("yinsh_no_such_plugin.game:Game", name="broken")
    try:
        with pytest.raises(GameLoadError, match="cannot be loaded"):
            games.get("broken")
        assert "broken" in games.GAMES and "broken" not in WEB_GAMES
        assert list(WEB_GAMES) == ["yinsh", "insert", "ludo"]
        assert games.of_board(games.get("insert").board_class()).name == "insert"
    finally:
        games.unregister("broken")


def test_games_pickle_as_the_registered_ones(dice):
    from yinsh.web.games import WEB_GAMES
    assert pickle.loads(pickle.dumps(dice)) is dice
    assert pickle.loads(pickle.dumps(WEB_GAMES["ludo"])).kind is games.get("ludo")
    assert repr(games.GAMES) == "<games yinsh, insert, ludo, dice>"


def test_the_entry_points_are_those_importlib_metadata_reads(plugin_path):
    from importlib.metadata import distributions
    path = plugin_path.split(os.pathsep)
    ours = dict(games.plugin_entry_points(path))
    theirs = {point.name: point.value for dist in distributions(path=path)
              for point in dist.entry_points if point.group == games.ENTRY_POINT_GROUP}
    assert ours == theirs and ours["dice"] == SPEC


def test_show_and_replay_draw_the_game(dice, tmp_path, capsys):
    from yinsh.cli import main
    path = str(tmp_path / "match.txt")
    assert main(["match", "random", "greedy", "--game", "dice", "--games", "2", "--record", path]) == 0
    assert main(["replay", path]) == 0 and "Game over: " in capsys.readouterr().out
    assert main(["show", "--game", "dice", "-o", str(tmp_path / "race.svg")]) == 0
    assert (tmp_path / "race.svg").read_text().startswith("<svg")
