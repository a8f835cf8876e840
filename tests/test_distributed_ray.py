"""yinsh.distributed on a local Ray (``ray.init(num_cpus=2)``, once for the
module): self-play for each game gives the shards of the local mode, a
killed Ray worker's task runs again, matches and batch analysis."""
from __future__ import annotations

import json
import os
import sys

import pytest

from distributed_helpers import JOBS, check_shards_replay, shard_hashes
from yinsh import record
from yinsh.yinsh import players
from yinsh import cli
from yinsh.distributed import run_items, selfplay
from yinsh.distributed.analysis import analyse_games
from yinsh.distributed.selfplay import Settings
from yinsh.engine.match import Contestant, run_match
from yinsh.ludo import match as ludo_match

import ray          # the cluster extra (without it the module is skipped: conftest.py)


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    # Ray's workers do not have the tests folder on their path: this
    # module's functions travel by value.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _die_once(item):
    folder, i = item
    marker = os.path.join(folder, "died")
    if i == 3 and not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(9)                   # the Ray worker process dies
    return i * i


def _fails(i):
    if i == 1:
        raise KeyError("item one is bad")
    return i


def test_a_ray_task_whose_worker_dies_runs_again(tmp_path):
    items = [(str(tmp_path), i) for i in range(6)]
    assert sorted(run_items(_die_once, items, ray="local")) == [(i, i * i) for i in range(6)]
    assert os.path.exists(tmp_path / "died")
    with pytest.raises(KeyError, match="item one is bad"):
        list(run_items(_fails, [0, 1, 2], ray="local"))


@pytest.mark.parametrize("game, engine, options", JOBS, ids=[j[0] for j in JOBS])
def test_selfplay_on_ray_gives_the_local_shards(tmp_path, game, engine, options):
    kwargs = dict(games_per_shard=2, sample_plies=6, **options)
    report = selfplay(game, 4, engine, tmp_path / "ray", ray="local", **kwargs)
    assert report.complete and report.games == 4
    check_shards_replay(tmp_path / "ray", Settings(game, 4, engine, **kwargs))
    selfplay(game, 4, engine, tmp_path / "here", **kwargs)
    assert shard_hashes(tmp_path / "ray") == shard_hashes(tmp_path / "here")


def test_matches_on_ray_are_the_serial_matches():
    import yinsh
    a = Contestant("engine", yinsh.players.EngineFactory(1), {"depth": 1})
    b = Contestant("random", players.RandomPlayer)
    board = yinsh.Board(variant="blitz")
    on_ray = run_match(a, b, 4, board=board, ray="local")
    assert on_ray.games == run_match(a, b, 4, board=board).games
    from yinsh.ludo import players as ludo_players
    seats = [("heuristic", ludo_players.HeuristicPlayer), ("random", ludo_players.RandomPlayer)]
    assert ludo_match.run(seats, 4, seed=3, ray="local").places == ludo_match.run(seats, 4, seed=3).places


def test_cli_on_ray(tmp_path, capsys):
    assert cli.main(["match", "engine:depth=1", "greedy", "--game", "insert", "--games", "2",
                     "--ray", "local"]) == 0
    assert "W/D/L (A)" in capsys.readouterr().out
    path = tmp_path / "games.txt"
    record.write([record.Game(["c3", "c5", "e5"], {"Game": "insert", "Layout": "12"})], path)
    assert cli.main(["analyse-games", str(path), "--out", str(tmp_path / "a.jsonl"), "--engine",
                     "alphabeta:depth=2", "--ray", "local", "--quiet"]) == 0
    report, _ = analyse_games([path], tmp_path / "b.jsonl", "alphabeta:depth=2")
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    assert [json.loads(x)["type"] for x in (tmp_path / "a.jsonl").read_text().splitlines()][-1] == "game"
    assert cli.main(["selfplay", "--game", "ludo", "--games", "2", "--engine", "mcts:nodes=30",
                     "--out", str(tmp_path / "sp"), "--ray", "local", "--quiet"]) == 0
