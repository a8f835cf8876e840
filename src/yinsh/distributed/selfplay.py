"""Self-play training data: games of an engine against itself, written as shards.

``selfplay(game, games, engine, out)`` plays ``games`` games of ``game``
(``yinsh``, ``insert`` or ``ludo``) with the engine of the spec ``engine``
(``yinsh.distributed.engines``) on every side and writes them to the folder
``out``: numpy ``.npz`` shards of ``games_per_shard`` whole games each, and
``manifest.json`` (the settings, the library version, the seeds and every
shard with its size and SHA-256; ``yinsh.distributed.manifest``).

Per position where a side chooses an action (Ludo's throws are played from
the game's seed, not recorded as positions) a shard holds:

==========  ===========================  ======================================
array       shape, dtype                 what
==========  ===========================  ======================================
planes      (n, *planes), float32        ``board.planes()`` (docs/ml.md)
mask        (n, A), bool                 ``board.legal_action_mask()``
policy      (n, A), float32              the search's policy target (sums to 1)
action      (n,), int32                  the action played
to_play     (n,), int8                   the side to act, its index in ``players``
result      (n, P), float32              the game's final result for each player
game        (n,), int64                  the game's id (0 .. games - 1)
ply         (n,), int32                  actions played before it (throws too)
score       (n,), float32                the search's score of the position for
                                         the side to act (engine units: a
                                         removed Yinsh ring is 10000, a won
                                         game 1000000 minus plies); NaN where
                                         the only legal action was played
                                         unsearched
==========  ===========================  ======================================

and per game: ``game_ids``, ``game_seeds`` (uint64), ``game_starts`` (the
start position strings), ``game_actions`` / ``game_offsets`` (every action
id of game k, throws included, is ``game_actions[game_offsets[k]:
game_offsets[k + 1]]``) and ``game_results`` (g, P). A is the game's
``NUM_ACTIONS``, P its number of players (2; Ludo 2..4); results are 1 for a
win, -1 for a loss and 0 for a draw or a game cut off at ``max_actions``
(Ludo: ``board.rewards()``).

The policy target is, with ``mcts``, the root visit counts divided by
their sum (``Analysis.visits``); with ``alphabeta``, a softmax over the
root scores of the ``lines`` best actions (``multipv``), ``exp((score -
best) / temp)`` normalised, 0 for actions outside those lines. The first
``sample_plies`` actions of a game are drawn from the policy (the game's
random generator), later ones are the search's best action.

Game k's seed is ``seed * 1_000_003 + k``; it alone fixes the game (its
random layout in Insert, its dice in Ludo, its sampled actions), and the
searches have no time limit, so a game is the same wherever and whenever it
is played. Shard u holds games ``u * games_per_shard`` onwards; a stopped
job resumes with the same call and writes the same bytes as an
uninterrupted one.

>>> import tempfile
>>> out = tempfile.mkdtemp()
>>> report = selfplay("insert", 4, "alphabeta:depth=1", out, games_per_shard=2)
>>> report.complete, report.games
(True, 4)
>>> data = load_shards(out)
>>> data["planes"].shape[1:], data["policy"].shape[1], sorted(set(data["game"].tolist()))
((10, 6, 6), 36, [0, 1, 2, 3])
>>> bool((abs(data["policy"].sum(axis=1) - 1) < 1e-5).all())
True
"""
from __future__ import annotations

import io
import json
import math
import os
import random
from dataclasses import asdict, dataclass
from typing import Any, Iterator, Optional, Union

import numpy as np

from yinsh import games as _games
from yinsh.distributed.engines import EngineSpec
from yinsh.distributed.job import JobReport, run_job
from yinsh.distributed.manifest import Manifest, ManifestError, make_folder, sha256_of, write_unit

__all__ = ["Settings", "selfplay", "play_game", "game_seed", "load_shards", "iter_shards",
           "start_board", "MANIFEST"]

#: The manifest's name in a self-play folder.
MANIFEST = "manifest.json"


def game_seed(seed: int, game_id: int) -> int:
    """The seed of game ``game_id`` of a job seeded ``seed``.

    >>> game_seed(1, 0), game_seed(1, 5)
    (1000003, 1000008)
    """
    return seed * 1_000_003 + game_id


@dataclass(frozen=True)
class Settings:
    """What makes a self-play job (all of it is in the manifest)."""

    game: str
    games: int
    engine: str
    seed: int = 1
    players: Optional[int] = None
    variant: Optional[str] = None
    games_per_shard: int = 64
    sample_plies: int = 30
    max_actions: int = 1000

    def check(self) -> None:
        """``ValueError`` (``TypeError`` for a wrong type) for bad settings."""
        kind = _games.get(self.game)
        for name, low in (("games", 1), ("seed", 0), ("games_per_shard", 1), ("sample_plies", 0),
                          ("max_actions", 1)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
            if value < low:
                raise ValueError(f"{name} must be at least {low}, not {value}")
        spec = EngineSpec.parse(self.engine)
        if self.variant is not None and self.variant not in kind.options.choices("variant"):
            raise ValueError(f"variant {self.variant!r}: {kind.name} has "
                             + (", ".join(kind.options.choices("variant")) or "no variants"))
        if self.players is not None:
            if "players" not in kind.options.names:
                raise ValueError(f"players: {kind.name} is a game of two")
            if self.players not in (2, 3, 4):
                raise ValueError(f"players must be 2, 3 or 4, not {self.players!r}")
        if kind.part("rl").player_count(self.players) > 2 and spec.algorithm != "mcts":
            raise ValueError(f"the alpha-beta plays two-player games; for "
                             f"{kind.part('rl').player_count(self.players)} players use an mcts engine")


def start_board(settings: Settings, rng: random.Random) -> Any:
    """A game's start board (Insert: a random layout drawn from rng)."""
    kind = _games.get(settings.game)
    options = {name: value for name, value in (("players", settings.players),
                                               ("variant", settings.variant))
               if value is not None and name in kind.options.names}
    return kind.part("rl").random_start(options, rng)


def _players(board: Any) -> list[int]:
    """The sides of board in turn order, as ints."""
    sides = getattr(board, "players", None)
    return [int(c) for c in sides] if sides is not None else [0, 1]


def _action_ids(board: Any) -> dict[str, int]:
    """The legal actions of board as ``{text: id}``."""
    to_move = getattr(board, "action_to_move", None)
    if to_move is None:
        to_move = _games.of_board(board).module.action_to_move
    return {str(to_move(int(a))): int(a) for a in board.legal_actions()}


def _policy(analysis: Any, spec: EngineSpec, ids: dict[str, int], size: int) -> np.ndarray:
    policy = np.zeros(size, np.float64)
    if spec.algorithm == "mcts":
        for move, visits, _ in analysis.visits:
            policy[ids[str(move)]] = visits
    else:
        best = max(line.score for line in analysis.lines)
        for line in analysis.lines:
            policy[ids[str(line.best_move)]] = math.exp((line.score - best) / spec.temperature)
    if policy.sum() <= 0:                          # no visits at all: the best move
        policy[ids[str(analysis.best_move)]] = 1
    normalised: np.ndarray = (policy / policy.sum()).astype(np.float32)
    return normalised


def _final_result(board: Any, players: list[int]) -> list[float]:
    rewards = getattr(board, "rewards", None)
    if rewards is not None:
        values = rewards()
        return [float(values[c]) for c in players]
    outcome = board.outcome()
    if outcome is None or outcome.winner is None:
        return [0.0] * len(players)
    return [1.0 if int(outcome.winner) == c else -1.0 for c in players]


def play_game(settings: Settings, game_id: int) -> dict[str, Any]:
    """Plays game ``game_id`` of a job (see the module): its positions'
    arrays and the game's start, actions and result."""
    spec = EngineSpec.parse(settings.engine)
    engine = spec.engine()
    seed = game_seed(settings.seed, game_id)
    rng = random.Random(seed)
    board = start_board(settings, rng)
    start = board.position()
    players = _players(board)
    size = len(board.legal_action_mask())
    rows: dict[str, list[Any]] = {k: [] for k in ("planes", "mask", "policy", "action", "to_play", "ply", "score")}
    actions: list[int] = []
    chosen = 0
    kind = _games.of_board(board)
    while not board.is_game_over() and chosen < settings.max_actions:
        legal = board.legal_actions()
        if kind.part("rl").is_chance(board):
            action = kind.part("rl").throw_action(board, legal, rng)        # a throw of the die
        else:
            ids = _action_ids(board)
            if len(legal) == 1:
                policy = np.zeros(size, np.float32)
                policy[int(legal[0])] = 1
                action = int(legal[0])
                score = math.nan
            else:
                lines = 1 if spec.algorithm == "mcts" else min(spec.lines, len(legal))
                analysis = engine.analyse(board, spec.limit(), multipv=lines)
                policy = _policy(analysis, spec, ids, size)
                score = float(analysis.score)
                if chosen < settings.sample_plies:
                    action = int(np.searchsorted(np.cumsum(policy, dtype=np.float64),
                                                 rng.random() * float(policy.sum(dtype=np.float64)),
                                                 side="right"))
                    action = min(action, size - 1)
                    if not policy[action]:                      # rounding at the top end
                        action = int(np.flatnonzero(policy)[-1])
                else:
                    action = ids[str(analysis.best_move)]
            rows["planes"].append(board.planes())
            rows["mask"].append(board.legal_action_mask())
            rows["policy"].append(policy)
            rows["action"].append(action)
            rows["to_play"].append(players.index(int(board.turn)))
            rows["ply"].append(len(actions))
            rows["score"].append(score)
            chosen += 1
        board.push_action(action)
        actions.append(action)
    return {"rows": rows, "start": start, "actions": actions, "seed": seed,
            "result": _final_result(board, players), "players": len(players)}


def _shard_name(unit: int) -> str:
    return f"shard-{unit:06d}.npz"


def _play_unit(payload: tuple[Settings, int, str]) -> dict[str, Any]:
    """A work unit: plays the games of shard ``unit`` and writes the shard
    (atomically) into folder; returns its manifest entry."""
    settings, unit, folder = payload
    first = unit * settings.games_per_shard
    ids = list(range(first, min(first + settings.games_per_shard, settings.games)))
    played = [play_game(settings, g) for g in ids]
    n = [len(p["rows"]["action"]) for p in played]

    def stacked(key: str, dtype: Any) -> np.ndarray:
        return np.asarray([row for p in played for row in p["rows"][key]], dtype=dtype)

    results = np.asarray([p["result"] for p in played], np.float32)
    arrays = {
        "planes": stacked("planes", np.float32), "mask": stacked("mask", np.bool_),
        "policy": stacked("policy", np.float32), "action": stacked("action", np.int32),
        "to_play": stacked("to_play", np.int8), "ply": stacked("ply", np.int32),
        "score": stacked("score", np.float32),
        "result": np.repeat(results, n, axis=0),
        "game": np.repeat(np.asarray(ids, np.int64), n),
        "game_ids": np.asarray(ids, np.int64),
        "game_seeds": np.asarray([p["seed"] for p in played], np.uint64),
        "game_starts": np.asarray([p["start"] for p in played], np.str_),
        "game_actions": np.asarray([a for p in played for a in p["actions"]], np.int32),
        "game_offsets": np.cumsum([0] + [len(p["actions"]) for p in played], dtype=np.int64),
        "game_results": results,
    }
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)   # type: ignore[arg-type]  # numpy's stub types **kwds badly
    return write_unit(folder, _shard_name(unit), buffer.getvalue(), games=len(ids),
                      positions=int(sum(n)), first_game=first)


def selfplay(game: str, games: int, engine: str, out: Union[str, "os.PathLike[str]"], *,
             seed: int = 1, players: Optional[int] = None, variant: Optional[str] = None,
             games_per_shard: int = 64, sample_plies: int = 30, max_actions: int = 1000,
             workers: int = 1, ray: Optional[str] = None, progress: bool = False) -> JobReport:
    """Plays the games and writes the shards and manifest into ``out``
    (made if missing); see the module. A folder that holds this job's
    manifest resumes it (finished shards are kept); ``workers``/``ray`` as
    in ``yinsh.distributed.backend.run_items``; ``progress``: a tqdm bar.

    Raises ``ValueError`` for bad settings (``ManifestError`` when ``out``
    holds another job), ``OSError`` (naming ``out``) when ``out`` is a file
    or cannot be made, ``KeyboardInterrupt`` after saving the manifest.
    """
    settings = Settings(game, games, engine, seed, players, variant, games_per_shard, sample_plies,
                        max_actions)
    settings.check()
    folder = os.fspath(out)
    make_folder(folder)
    described = {**asdict(settings), "engine": str(EngineSpec.parse(engine)),
                 "seeds": "game k: seed * 1000003 + k"}
    manifest = Manifest.open(os.path.join(folder, MANIFEST), described)
    units = -(-games // games_per_shard)
    payloads = [(settings, u, folder) for u in range(units)]
    return run_job(_play_unit, payloads, manifest, workers=workers, ray=ray, progress=progress,
                   label="games", total_games=games)


def iter_shards(out: Union[str, "os.PathLike[str]"], *, verify: bool = True) -> Iterator[dict[str, np.ndarray]]:
    """The arrays of each shard the manifest of ``out`` lists, in order
    (``verify``: checks each file's SHA-256 first; ``ManifestError`` on a
    mismatch or a missing manifest)."""
    folder = os.fspath(out)
    path = os.path.join(folder, MANIFEST)
    try:
        with open(path, encoding="utf-8") as f:
            units = json.load(f)["units"]
    except (OSError, ValueError, KeyError) as exc:
        raise ManifestError(f"no readable manifest at {path}: {exc}") from None
    for key in sorted(units, key=int):
        entry = units[key]
        file = os.path.join(folder, entry["file"])
        if verify and sha256_of(file) != entry["sha256"]:
            raise ManifestError(f"{file}: its SHA-256 is not the manifest's (a damaged shard)")
        with np.load(file) as data:
            yield {name: data[name] for name in data.files}


def load_shards(out: Union[str, "os.PathLike[str]"], *, verify: bool = True) -> dict[str, np.ndarray]:
    """Every shard of ``out`` in one set of arrays (see ``iter_shards``):
    the position arrays concatenated; the per-game arrays too, with
    ``game_offsets`` made to index the concatenated ``game_actions``."""
    shards = list(iter_shards(out, verify=verify))
    if not shards:
        raise ManifestError(f"{os.fspath(out)} lists no shard")
    joined = {k: np.concatenate([s[k] for s in shards]) for k in shards[0] if k != "game_offsets"}
    offsets = [np.zeros(1, np.int64)]
    base = 0
    for s in shards:
        offsets.append(s["game_offsets"][1:] + base)
        base += int(s["game_offsets"][-1])
    joined["game_offsets"] = np.concatenate(offsets)
    return joined

