"""The generation loop of the learned evaluation (``yinsh generations``, docs/nn.md).

Each generation g = 1, 2, ... of a run in the folder ``out``:

1. **selfplay**: the current network (the last one promoted; generation 0 is
   the start network, the game's packaged one by default) plays ``games``
   games against itself at ``depth`` (``alphabeta:depth=D,lines=K,
   evaluation=learned,network=FILE``, ``yinsh.distributed.selfplay``: on
   ``workers`` local processes or on Ray), into ``gen-NNN/selfplay``;
2. **data**: the training set of the self-play of the last ``window``
   generations (this one's and the ``window - 1`` before it, promoted or
   not: they were all played by a network that was the current one then),
   ``gen-NNN/data.npz`` (``yinsh.nn.data``);
3. **train**: the trainer (``yinsh.nn.train``, JAX: the ``train`` extra)
   from fresh weights seeded by the generation, into ``gen-NNN/train``;
4. **gate**: the candidate against the current network, ``gate_time``
   seconds an action (or ``gate_depth``), random openings with both colours,
   until the SPRT ``sprt`` decides or ``gate_games`` are played; at that
   cap the sign of the log-likelihood ratio decides (a truncated SPRT). The
   games are played in rounds (``gate_round``), each saved when it ends;
5. **classic** (when ``classic_games``): the candidate against the classic
   evaluation, the same time, a fixed number of games (no SPRT);
6. **network**: ``gen-NNN/<game>.nnue``, the candidate with its lineage in
   its meta (``yinsh.engine.network.lineage``: generation, parent's SHA-256,
   data SHA-256, gate); when the gate passed it is promoted: the next
   generation plays with it, and ``out/<game>.nnue`` becomes a copy of it.

``gen-NNN/generation.json`` records each finished step (its command, seeds,
sizes, times and results); ``out/run.json`` the options that fix the
result. Running the same command again (after Ctrl-C, or with a larger
``generations``) skips what is recorded and resumes a step under way: the
self-play and the trainer resume their own work, a gate its last round.
Everything is seeded from ``seed`` (generation g's seed is ``seed * 1000 +
g``): the self-play, the training set and the networks are the same on
every machine; the gate's games, played on the clock, are not.

>>> config = GenerationConfig(out="run", generations=2, games=4, depth=1)
>>> config.check()
>>> generation_seed(config.seed, 2), config.folder(2)
(1002, 'run/gen-002')
>>> config.window_of(3), GenerationConfig(out="run", window=1).window_of(3)
([2, 3], [3])
"""
from __future__ import annotations

import dataclasses
import json
import math
import os
import shlex
import shutil
import sys
import time
from typing import Any, Callable, Optional, Union

from yinsh import games as _games
from yinsh.distributed.manifest import sha256_of, write_atomic
from yinsh.distributed.selfplay import selfplay
from yinsh.engine.api import Engine
from yinsh.engine.match import Contestant, EngineFactory, GameResult, MatchResult, run_match
from yinsh.engine.match_stats import SPRT, elo, score_interval
from yinsh.engine.network import lineage, load, packaged_network, save
from yinsh.nn import data as nndata
from yinsh.nn.config import TrainConfig
from yinsh.nn.games import nn_game

__all__ = ["GenerationConfig", "GenerationError", "RUN", "STATE", "LearnedFactory", "gate_passed",
           "generation_seed", "run_generations"]

#: The options of a run, in its folder.
RUN = "run.json"
#: Each generation's record, in its folder.
STATE = "generation.json"
_FORMAT = "yinsh-generations-1"
#: The options that do not change the result (a resumed run may change them).
_FREE = ("out", "generations", "workers", "ray")


class GenerationError(ValueError):
    """A run that cannot start or continue (bad options, a folder of another run)."""


def generation_seed(seed: int, generation: int) -> int:
    """The seed of generation's self-play, training and gate.

    >>> generation_seed(1, 1), generation_seed(7, 12)
    (1001, 7012)
    """
    return seed * 1000 + generation


@dataclasses.dataclass(frozen=True)
class GenerationConfig:
    """A generation run (see the module). ``start``: the network of
    generation 0 ("": the game's packaged network); ``lam`` is ``--lambda``;
    ``gate_depth`` replaces ``gate_time`` when given (quick checks, tests)."""

    out: str
    game: str = "yinsh"
    generations: int = 1
    games: int = 8000
    depth: int = 4
    lines: int = 8
    sample_plies: int = 30
    games_per_shard: int = 64
    window: int = 2
    seed: int = 1
    start: str = ""
    # the trainer's options, with the trainer's defaults
    epochs: int = TrainConfig.epochs
    batch_size: int = TrainConfig.batch_size
    lr: float = TrainConfig.lr
    lam: float = TrainConfig.lam
    validation: float = TrainConfig.validation
    gate_time: float = 0.1
    gate_depth: Optional[int] = None
    gate_games: int = 400
    gate_round: int = 16
    sprt: tuple[float, float] = (0.0, 20.0)
    classic_games: int = 0
    workers: int = 1
    ray: Optional[str] = None

    def check(self) -> None:
        """``GenerationError`` for options out of range."""
        try:
            nn_game(self.game)
        except ValueError as exc:
            raise GenerationError(str(exc)) from None
        for name, low in (("generations", 0), ("games", 1), ("depth", 1), ("lines", 1),
                          ("sample_plies", 0), ("games_per_shard", 1), ("window", 1), ("seed", 0),
                          ("epochs", 1), ("batch_size", 1), ("gate_games", 2), ("gate_round", 2),
                          ("classic_games", 0), ("workers", 1)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise GenerationError(f"{name} must be an int >= {low}, not {value!r}")
        if self.gate_depth is not None and (not isinstance(self.gate_depth, int)
                                            or self.gate_depth < 1):
            raise GenerationError(f"gate_depth must be an int >= 1, not {self.gate_depth!r}")
        if not (self.gate_time > 0 and math.isfinite(self.gate_time)):
            raise GenerationError(f"gate_time must be a positive number, not {self.gate_time!r}")
        try:
            SPRT(*self.sprt)
        except (TypeError, ValueError) as exc:
            raise GenerationError(f"sprt: {exc}") from None
        TrainConfig(inputs=("data",), out="train", epochs=self.epochs, batch_size=self.batch_size,
                    lr=self.lr, lam=self.lam, validation=self.validation).check()

    def run_options(self) -> dict[str, Any]:
        """What fixes the result: every option but the folder, the number of
        generations and where the games run."""
        options = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                   if f.name not in _FREE}
        options["sprt"] = list(self.sprt)
        return options

    def folder(self, generation: int) -> str:
        """The folder of a generation."""
        return os.path.join(self.out, f"gen-{generation:03d}")

    def window_of(self, generation: int) -> list[int]:
        """The generations whose self-play makes generation's training set."""
        return list(range(max(1, generation - self.window + 1), generation + 1))

    def gate_limits(self) -> dict[str, Any]:
        """The limits of every action of the gate's games."""
        return {"depth": self.gate_depth} if self.gate_depth is not None else {"time": self.gate_time}

    def engine(self, network: str) -> str:
        """The self-play engine spec of a network file."""
        return (f"alphabeta:depth={self.depth},lines={self.lines},evaluation=learned,"
                f"network={os.path.abspath(network)}")


class LearnedFactory:
    """``make(seed)`` for a match: a fresh ``Engine`` with the learned
    evaluation of a network file (it pickles, for worker processes).

    >>> LearnedFactory(packaged_network("yinsh"), 1)(0).evaluation
    'learned'
    """

    def __init__(self, network: str, hash_mb: int = 16) -> None:
        self.network = network
        self.hash_mb = hash_mb

    def __call__(self, seed: int = 0) -> Engine:
        return Engine(hash_mb=self.hash_mb, evaluation="learned", network=self.network)

    def __repr__(self) -> str:
        return f"LearnedFactory({self.network!r}, {self.hash_mb})"


def gate_passed(test: SPRT, wins: int, draws: int, losses: int) -> tuple[str, bool]:
    """The gate's decision (``"H1"``, ``"H0"``) after these games, and whether
    it was truncated (no decision yet: the sign of the LLR decides).

    >>> gate_passed(SPRT(0, 20), 300, 100, 200)
    ('H1', False)
    >>> gate_passed(SPRT(0, 20), 6, 0, 4), gate_passed(SPRT(0, 20), 4, 0, 6)
    (('H1', True), ('H0', True))
    """
    decision = test.decision(wins, draws, losses)
    if decision is not None:
        return decision, False
    return ("H1" if test.llr(wins, draws, losses) > 0 else "H0"), True


# State --------------------------------------------------------------------------------------

def _read_json(path: str) -> Optional[dict[str, Any]]:
    try:
        with open(path, encoding="utf-8") as f:
            found: dict[str, Any] = json.load(f)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise GenerationError(f"{path}: unreadable ({exc})") from None
    return found


def _write_json(path: str, value: dict[str, Any]) -> None:
    write_atomic(path, (json.dumps(value, indent=1, sort_keys=True) + "\n").encode())


def _say(progress: bool, text: str) -> None:
    if progress:
        print(text, file=sys.stderr, flush=True)


class _Generation:
    """A generation's record (``generation.json``), saved after every step."""

    def __init__(self, config: GenerationConfig, number: int) -> None:
        self.folder = config.folder(number)
        self.path = os.path.join(self.folder, STATE)
        os.makedirs(self.folder, exist_ok=True)
        self.state = _read_json(self.path) or {"generation": number, "steps": {}}

    @property
    def steps(self) -> dict[str, Any]:
        steps: dict[str, Any] = self.state["steps"]
        return steps

    def done(self, step: str) -> bool:
        return step in self.steps

    def record(self, step: str, value: dict[str, Any]) -> None:
        self.steps[step] = value
        _write_json(self.path, self.state)


def _check_run(config: GenerationConfig) -> None:
    """Writes run.json, or checks that the folder's run has config's options."""
    path = os.path.join(config.out, RUN)
    found = _read_json(path)
    options = config.run_options()
    mine = {"format": _FORMAT, "options": options}
    if found is None:
        os.makedirs(config.out, exist_ok=True)
        _write_json(path, mine)
    elif found != mine:
        theirs = found.get("options", {})
        differ = sorted(k for k in set(theirs) | set(options) if theirs.get(k) != options.get(k))
        raise GenerationError(f"{config.out} holds a run of other options ({', '.join(differ)}); "
                              f"give the same options, or another folder")


def _start(config: GenerationConfig, progress: bool) -> None:
    """Generation 0: the start network, copied into gen-000. A start network
    of an earlier run (with a lineage) carries its generation on: the run's
    generation g is then its generation ``base + g`` (``_base``)."""
    record = _Generation(config, 0)
    if record.done("network"):
        return
    source = config.start or packaged_network(config.game)
    network = load(source, config.game)
    started = lineage(network)
    file = os.path.join(record.folder, nn_game(config.game).network_file)
    shutil.copyfile(source, file)
    meta = network.meta
    trained = meta.get("positions")                # its training set: trained on and held out
    positions = trained + meta.get("validation_positions", 0) if isinstance(trained, int) else None
    record.state["seed"] = config.seed
    record.record("network", {
        "file": os.path.basename(file), "sha256": sha256_of(file), "promoted": True,
        "source": "packaged" if not config.start else os.path.basename(source),
        "positions": positions, "validation_loss": meta.get("validation_loss"),
        "train_loss": meta.get("train_loss"), "data_hash": meta.get("data_hash"),
        "command": meta.get("command"), "base": started["generation"] if started else 0})
    _say(progress, f"generation 0: the start network {source} (sha256 "
                   f"{record.steps['network']['sha256'][:16]})"
                   + (f", generation {started['generation']} of its lineage" if started else ""))


def _base(config: GenerationConfig) -> int:
    """The lineage's generation of the run's start network (0 for a network
    made outside the loop): generation g of the run is generation base + g."""
    base: int = _Generation(config, 0).steps["network"].get("base", 0)
    return base


def _current(config: GenerationConfig, before: int) -> tuple[int, str, str]:
    """The current network before generation ``before``: the last promoted
    one's generation, file and SHA-256."""
    for g in range(before - 1, -1, -1):
        step = _Generation(config, g).steps.get("network")
        if step is not None and step["promoted"]:
            return g, os.path.join(config.folder(g), step["file"]), step["sha256"]
    raise GenerationError(f"{config.out}: no promoted network before generation {before}")


# Steps --------------------------------------------------------------------------------------

def _selfplay(config: GenerationConfig, record: _Generation, network: str, seed: int,
              progress: bool) -> None:
    folder = os.path.join(record.folder, "selfplay")
    engine = config.engine(network)
    command = shlex.join(["yinsh", "selfplay", "--game", config.game, "--games", str(config.games),
                          "--engine", engine, "--seed", str(seed), "--sample-plies",
                          str(config.sample_plies), "--games-per-shard",
                          str(config.games_per_shard), "--out", folder])
    report = selfplay(config.game, config.games, engine, folder, seed=seed,
                      sample_plies=config.sample_plies, games_per_shard=config.games_per_shard,
                      workers=config.workers, ray=config.ray, progress=progress)
    if not report.complete:
        raise KeyboardInterrupt
    record.record("selfplay", {"command": command, "engine": engine, "seed": seed,
                               "games": report.games, "positions": report.positions,
                               "seconds": round(report.seconds, 1)})
    _say(progress, f"generation {record.state['generation']}: selfplay {report.games} games, "
                   f"{report.positions} positions in {report.seconds:.0f} s")


def _data(config: GenerationConfig, record: _Generation, progress: bool) -> None:
    number = record.state["generation"]
    folders = [os.path.join(config.folder(g), "selfplay") for g in config.window_of(number)]
    path = os.path.join(record.folder, "data.npz")
    began = time.perf_counter()
    built = nndata.build(folders, progress=progress)
    digest = nndata.save(built, path)
    seconds = time.perf_counter() - began
    record.record("data", {
        "command": shlex.join(["python", "-m", "yinsh.nn.data", *folders, "--out", path]),
        "generations": config.window_of(number), "sha256": digest, "positions": built.positions,
        "occurrences": built.meta["occurrences"], "games": built.meta["games"],
        "seconds": round(seconds, 1)})
    _say(progress, f"generation {number}: training set of generations "
                   f"{', '.join(map(str, config.window_of(number)))}: {built.positions} positions "
                   f"({built.meta['games']} games) in {seconds:.0f} s, sha256 {digest[:16]}")


def _train(config: GenerationConfig, record: _Generation, seed: int, progress: bool) -> None:
    from yinsh.nn import train as trainer         # JAX: the train extra
    number = record.state["generation"]
    train_config = TrainConfig(inputs=(os.path.join(record.folder, "data.npz"),),
                               out=os.path.join(record.folder, "train"), epochs=config.epochs,
                               batch_size=config.batch_size, lr=config.lr, seed=seed,
                               lam=config.lam, validation=config.validation)
    began = time.perf_counter()
    report = trainer.train(train_config, progress=progress)
    seconds = time.perf_counter() - began
    assert report.network is not None
    record.record("train", {
        "command": train_config.command_line(), "seed": seed, "positions": report.positions,
        "validation_positions": report.validation_positions,
        "train_loss": report.train_losses[-1], "validation_loss": report.validation_losses[-1],
        "integer_loss": (report.quantisation or {}).get("integer_loss"),
        "file": os.path.relpath(report.network, record.folder), "seconds": round(seconds, 1)})
    valid = report.validation_losses[-1]
    _say(progress, f"generation {number}: trained on {report.positions} positions in "
                   f"{seconds:.0f} s: train loss {report.train_losses[-1]:.4f}, validation loss "
                   + ("-" if valid is None else f"{valid:.4f}"))


class _Decided(Exception):
    """The gate's SPRT decided during a round."""


def _match(config: GenerationConfig, record: _Generation, step: str, candidate: str,
           opponent: Contestant, seed: int, games: int, test: Optional[SPRT],
           progress: bool) -> dict[str, Any]:
    """Plays candidate against opponent in rounds saved to ``<step>.json``
    (resumed there) and returns the step's record: W/D/L, score, Elo with
    its 95% interval, and with a test its decision."""
    kind = _games.get(config.game)
    path = os.path.join(record.folder, f"{step}.json")
    saved = _read_json(path) or {"rounds": []}
    rounds: list[list[int]] = saved["rounds"]
    limits = config.gate_limits()
    a = Contestant("candidate", LearnedFactory(os.path.abspath(candidate)), limits)
    b = dataclasses.replace(opponent, limits=limits)
    match = kind.part("match")
    opening = match.openings()[match.default_opening]
    size = max(config.gate_round, 4 * config.workers)
    began = time.perf_counter()

    def counts() -> tuple[int, int, int]:
        w, d, l = (sum(r[i] for r in rounds) for i in range(3))
        return w, d, l

    while sum(counts()) < games and (test is None or test.decision(*counts()) is None):
        planned = min(size, games - sum(counts()))
        tally = [0, 0, 0]
        rounds.append(tally)

        def on_game(game: GameResult, result: MatchResult) -> None:
            tally[{1.0: 0, 0.5: 1, 0.0: 2}[game.points]] += 1
            if test is not None and test.decision(*counts()) is not None:
                raise _Decided

        try:
            played = run_match(a, b, planned, board=kind.start_board({}), opening=opening,
                               seed=seed * 1000 + len(rounds), workers=config.workers,
                               ray=config.ray, on_game=on_game, keep_moves=False)
        except _Decided:
            played = None
        if played is not None and played.interrupted:
            raise KeyboardInterrupt                  # the round under way is played again
        _write_json(path, {"rounds": rounds})
        w, d, l = counts()
        _say(progress, f"generation {record.state['generation']}: {step} {w}/{d}/{l} "
                       f"after {w + d + l} games"
                       + (f", LLR {test.llr(w, d, l):.2f}" if test is not None else ""))
    w, d, l = counts()
    mean, low, high = score_interval([1.0] * w + [0.5] * d + [0.0] * l)
    result: dict[str, Any] = {
        "opponent": opponent.name, "limits": limits, "seed": seed, "wins": w, "draws": d,
        "losses": l, "games": w + d + l, "score": round(mean, 4), "elo": _rounded(elo(mean)),
        "elo_low": _rounded(elo(low)), "elo_high": _rounded(elo(high)),
        "seconds": round(time.perf_counter() - began, 1)}
    if test is not None:
        decision, truncated = gate_passed(test, w, d, l)
        result.update(sprt=[test.elo0, test.elo1], llr=round(test.llr(w, d, l), 3),
                      decision=decision, truncated=truncated, passed=decision == "H1")
    return result


def _rounded(x: float) -> Union[float, str]:
    """An Elo for JSON: a number to 0.1, or ``"+inf"`` / ``"-inf"`` (a score of 1 or 0)."""
    return round(x, 1) if math.isfinite(x) else ("+inf" if x > 0 else "-inf")


def _gate(config: GenerationConfig, record: _Generation, parent: tuple[int, str, str], seed: int,
          progress: bool) -> None:
    candidate = os.path.join(record.folder, record.steps["train"]["file"])
    opponent = Contestant(f"generation {parent[0]}", LearnedFactory(os.path.abspath(parent[1])))
    result = _match(config, record, "gate", candidate, opponent, seed, config.gate_games,
                    SPRT(*config.sprt), progress)
    result["parent"] = parent[0]
    record.record("gate", result)
    _say(progress, f"generation {record.state['generation']}: gate against generation {parent[0]}: "
                   f"{result['wins']}/{result['draws']}/{result['losses']}, Elo "
                   f"{_elo_text(result)}: {result['decision']}"
                   + (" (truncated)" if result["truncated"] else "")
                   + (", promoted" if result["passed"] else ", not promoted"))


def _classic(config: GenerationConfig, record: _Generation, seed: int, progress: bool) -> None:
    candidate = os.path.join(record.folder, record.steps["train"]["file"])
    result = _match(config, record, "classic", candidate, Contestant("classic", EngineFactory(evaluation="classic")),
                    seed, config.classic_games, None, progress)
    record.record("classic", result)
    _say(progress, f"generation {record.state['generation']}: against classic "
                   f"{result['wins']}/{result['draws']}/{result['losses']}, Elo {_elo_text(result)}")


def _elo_text(result: dict[str, Any]) -> str:
    def text(x: Union[float, str]) -> str:
        return x if isinstance(x, str) else f"{x:+.0f}"
    return f"{text(result['elo'])} ({text(result['elo_low'])} to {text(result['elo_high'])})"


def _network(config: GenerationConfig, record: _Generation, parent: tuple[int, str, str],
             progress: bool) -> None:
    number = record.state["generation"]
    network = load(os.path.join(record.folder, record.steps["train"]["file"]), config.game)
    gate = record.steps["gate"]
    network.meta["lineage"] = {"generation": _base(config) + number, "parent": parent[2],
                               "data_hash": record.steps["data"]["sha256"],
                               "gate": {k: gate[k] for k in ("wins", "draws", "losses", "elo",
                                                             "elo_low", "elo_high", "sprt",
                                                             "llr", "decision", "truncated",
                                                             "passed", "limits")}}
    name = nn_game(config.game).network_file
    file = os.path.join(record.folder, name)
    save(network, file)
    promoted = bool(gate["passed"])
    if promoted:
        shutil.copyfile(file, os.path.join(config.out, name))
    record.record("network", {"file": name, "sha256": sha256_of(file), "promoted": promoted,
                              "parent": parent[0], "parent_sha256": parent[2]})
    _say(progress, f"generation {number}: {file}" + (f", now {os.path.join(config.out, name)}"
                                                      if promoted else ", kept aside"))


# The run --------------------------------------------------------------------------------------

def run_generations(config: GenerationConfig, *, progress: bool = False,
                    after_step: Optional[Callable[[int, str], None]] = None) -> list[dict[str, Any]]:
    """Runs (or resumes) generations 1..``config.generations`` (see the
    module) and returns every generation's record, 0 first.
    ``after_step(generation, step)`` is called after each step this call
    runs (an exception it raises stops the run there; the step is saved).

    Raises ``GenerationError`` (a ``ValueError``) for bad options or a
    folder of another run, ``ImportError`` without JAX (the ``train``
    extra), ``KeyboardInterrupt`` with what is finished saved.
    """
    config.check()
    _check_run(config)
    _start(config, progress)
    steps: list[tuple[str, Callable[[_Generation, tuple[int, str, str], int], None]]] = [
        ("selfplay", lambda r, p, s: _selfplay(config, r, p[1], s, progress)),
        ("data", lambda r, p, s: _data(config, r, progress)),
        ("train", lambda r, p, s: _train(config, r, s, progress)),
        ("gate", lambda r, p, s: _gate(config, r, p, s, progress)),
        ("classic", lambda r, p, s: _classic(config, r, s, progress)),
        ("network", lambda r, p, s: _network(config, r, p, progress)),
    ]
    for number in range(1, config.generations + 1):
        record = _Generation(config, number)
        if "parent" not in record.state:
            parent = _current(config, number)
            record.state.update(parent=parent[0],
                                seed=generation_seed(config.seed, _base(config) + number))
        g = record.state["parent"]
        network = os.path.join(config.folder(g), _Generation(config, g).steps["network"]["file"])
        parent = (g, network, sha256_of(network))
        for name, step in steps:
            if record.done(name) or (name == "classic" and not config.classic_games):
                continue
            _say(progress, f"generation {number}: {name} ...")
            step(record, parent, record.state["seed"])
            if after_step is not None:
                after_step(number, name)
    return [_Generation(config, g).state for g in range(config.generations + 1)]
