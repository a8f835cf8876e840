"""Shared checks of the scale-out tests (local processes and Ray)."""
from __future__ import annotations

import json
import os
import random

import numpy as np

from yinsh.distributed.selfplay import Settings, game_seed, load_shards, start_board

#: One small job per game: (game, engine, options).
JOBS = [("yinsh", "alphabeta:depth=1", {"variant": "blitz"}),
        ("insert", "alphabeta:depth=2", {}),
        ("ludo", "mcts:nodes=40", {"players": 3})]


def manifest(out):
    with open(os.path.join(out, "manifest.json")) as f:
        return json.load(f)


def shard_hashes(out):
    return {k: v["sha256"] for k, v in manifest(out)["units"].items()}


def check_shards_replay(out, settings: Settings):
    """Every game of the job exactly once; the shards' positions, masks,
    actions, policies and results agree with replaying the recorded games."""
    data = load_shards(out)
    assert data["game_ids"].tolist() == list(range(settings.games))
    assert sorted(set(data["game"].tolist())) == list(range(settings.games))
    row = 0
    for k, game in enumerate(data["game_ids"].tolist()):
        seed = int(data["game_seeds"][k])
        assert seed == game_seed(settings.seed, game)
        board = start_board(settings, random.Random(seed))
        assert board.position() == data["game_starts"][k]
        actions = data["game_actions"][data["game_offsets"][k]:data["game_offsets"][k + 1]]
        players = [int(c) for c in getattr(board, "players", (0, 1))]
        for ply, action in enumerate(actions.tolist()):
            if row < len(data["game"]) and data["game"][row] == game and data["ply"][row] == ply:
                assert (data["planes"][row] == board.planes()).all()
                mask = board.legal_action_mask()
                assert (data["mask"][row] == mask).all()
                assert data["action"][row] == action
                policy = data["policy"][row]
                assert abs(float(policy.sum()) - 1) < 1e-5 and policy[action] > 0
                assert mask[policy > 0].all()
                assert data["to_play"][row] == players.index(int(board.turn))
                row += 1
            board.push_action(action)
        if board.is_game_over():
            expected = board.rewards()[players] if hasattr(board, "rewards") else (
                [1.0 if int(board.outcome().winner) == c else -1.0 for c in players]
                if board.outcome().winner is not None else [0.0, 0.0])
            assert np.allclose(data["game_results"][k], expected)
        rows = data["game"] == game
        assert (data["result"][rows] == data["game_results"][k]).all()
    assert row == len(data["game"])             # every position was met in the replay
