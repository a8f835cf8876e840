"""Batch analysis: every action of a set of recorded games, scored by the engine.

``analyse_games(paths, out, engine)`` reads the records (the library's
format or Boardspace SGF, ``yinsh.record.read``; any game of the library)
and, for every action where a side had a choice (Ludo's throws are skipped),
searches the position before it: the engine's best action and its ``score``,
and the score of the action played (``played_score``: the same search
limited to that action, ``searchmoves``), both from the view of the side to
act. ``drop = score - played_score`` is what the action played gave away;
``drop >= blunder`` (default 300 score units: alpha-beta units, or 1000
times the mean result for MCTS) marks a blunder.

``out`` becomes a JSON-lines file: per game its action lines in order
(``{"type": "action", "file", "game", "ply", "side", "move", "best",
"score", "played_score", "drop", "blunder", "wdl", "played_wdl"}``; ``wdl``
and ``played_wdl`` are the two searches' win/draw/loss chances per mille
from the side to act, ``[W, D, L]`` (``yinsh.Wdl``), ``null`` for a game
without a model), then one summary line
(``{"type": "game", "file", "game", "actions", "blunders", "worst": {"ply",
"side", "move", "best", "score", "played_score", "drop"}}``). The scores are
the engine's ints: beyond +-999000 a proven end (``WIN_SCORE - n``, a win
in n plies; ``yinsh.engine.score.from_engine`` gives ``Mate(n)``), so the
drop of an action into a lost game is about a million; ``yinsh
analyse-games`` prints such scores as ``win n`` / ``loss n``.
The games are the job's units (one per game, ``yinsh.distributed.job``):
their lines are written to ``OUT.parts/`` with a manifest, so a stopped
analysis resumes; ``out`` is written (atomically) when every game is done.

>>> import tempfile, os, json
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "games.txt")
>>> _ = open(path, "w").write('[Game "insert"]\\n[Layout "12"]\\n\\n1. c3 c5 2. e5 *\\n')
>>> report, games = analyse_games([path], os.path.join(folder, "out.jsonl"), "alphabeta:depth=2")
>>> [(g["actions"], g["game"]) for g in games]
[(3, 1)]
>>> lines = [json.loads(x) for x in open(os.path.join(folder, "out.jsonl"))]
>>> [x["type"] for x in lines], sorted(lines[0])[:4]
(['action', 'action', 'action', 'game'], ['best', 'blunder', 'drop', 'file'])
"""
from __future__ import annotations

import errno
import json
import os
from dataclasses import dataclass
from typing import Any, Optional, Sequence, Union

from yinsh import record
from yinsh.distributed.engines import EngineSpec
from yinsh.distributed.job import JobReport, run_job
from yinsh.distributed.manifest import Manifest, make_folder, sha256_of, write_atomic, write_unit

__all__ = ["analyse_games", "analyse_game", "DEFAULT_BLUNDER"]

#: The drop of score that marks a blunder, by default.
DEFAULT_BLUNDER = 300

PathLike = Union[str, "os.PathLike[str]"]


@dataclass(frozen=True)
class _Unit:
    engine: str
    blunder: int
    file: str
    number: int          # the game's number in its file, from 1
    game: Any            # a record.Game
    unit: int
    folder: str


def _side(board: Any) -> str:
    return str(getattr(board.turn, "label", board.turn))


def _wdl_list(a: Any) -> Optional[list[int]]:
    """An analysis's ``wdl`` as ``[W, D, L]`` per mille (None without one)."""
    wdl = getattr(a, "wdl", None)
    return None if wdl is None else [wdl.wins, wdl.draws, wdl.losses]


def analyse_game(game: Any, engine: str, *, blunder: int = DEFAULT_BLUNDER) -> list[dict[str, Any]]:
    """The action lines of one ``record.Game`` (see the module; without
    ``file`` and ``game``)."""
    spec = EngineSpec.parse(engine)
    searcher = spec.engine()
    board = game.game.start_board(game.tags)
    lines = []
    for ply, move in enumerate(game.actions):
        chance = getattr(board, "is_chance", None)
        if chance is None or not chance():
            best = searcher.analyse(board, spec.limit())
            if best.best_move == move:
                played = best
            else:
                played = searcher.analyse(board, spec.limit(), searchmoves=[move])
            drop = best.score - played.score
            lines.append({"type": "action", "ply": ply, "side": _side(board), "move": str(move),
                          "best": str(best.best_move), "score": best.score,
                          "played_score": played.score, "drop": drop, "blunder": drop >= blunder,
                          "wdl": _wdl_list(best), "played_wdl": _wdl_list(played)})
        board.push(move)
    return lines


def _summary(lines: list[dict[str, Any]], file: str, number: int) -> dict[str, Any]:
    worst = max(lines, key=lambda x: x["drop"], default=None)
    return {"type": "game", "file": file, "game": number, "actions": len(lines),
            "blunders": sum(x["blunder"] for x in lines),
            "worst": None if worst is None else {k: worst[k] for k in ("ply", "side", "move", "best",
                                                                        "score", "played_score",
                                                                        "drop")}}


def _analyse_unit(unit: _Unit) -> dict[str, Any]:
    lines = [{"type": x.pop("type"), "file": unit.file, "game": unit.number, **x}
             for x in analyse_game(unit.game, unit.engine, blunder=unit.blunder)]
    lines.append(_summary(lines, unit.file, unit.number))
    text = "".join(json.dumps(x) + "\n" for x in lines)
    return write_unit(unit.folder, f"game-{unit.unit:06d}.jsonl", text.encode(), games=1,
                      positions=len(lines) - 1)


def analyse_games(paths: Sequence[PathLike], out: PathLike, engine: str, *,
                  blunder: int = DEFAULT_BLUNDER, workers: int = 1, ray: Optional[str] = None,
                  progress: bool = False) -> tuple[JobReport, list[dict[str, Any]]]:
    """Analyses every game of the record files (see the module) and returns
    the job's report and each game's summary (file, game, actions, blunders,
    worst). ``out`` is written when all games are done; ``OUT.parts/``
    holds the finished games and the manifest meanwhile (run again to
    resume). Raises ``ValueError`` for a bad engine or blunder,
    ``RecordError`` for a bad record (before any search), ``OSError`` for
    a file that cannot be read (its ``filename`` the path given), and for
    an ``out`` that is a folder or whose ``OUT.parts`` cannot be made
    (before any search)."""
    spec = EngineSpec.parse(engine)
    if isinstance(blunder, bool) or not isinstance(blunder, int) or blunder < 1:
        raise ValueError(f"blunder must be a whole number of at least 1, not {blunder!r}")
    if isinstance(paths, (str, bytes)) or not paths:
        raise ValueError("give a list of record files")
    target = os.fspath(out)
    if os.path.isdir(target):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), target)
    folder = target + ".parts"
    make_folder(folder)
    units: list[_Unit] = []
    files = [os.fspath(p) for p in paths]
    for path in files:
        for number, game in enumerate(record.read(path), 1):
            sides = len(getattr(game.board, "players", (0, 1)))
            if sides > 2 and spec.algorithm != "mcts":
                raise ValueError(f"{path}, game {number}: the alpha-beta plays two-player games; "
                                 f"for {sides} players use an mcts engine")
            units.append(_Unit(str(spec), blunder, path, number, game, len(units), folder))
    settings = {"engine": str(spec), "blunder": blunder,
                "files": [[p, sha256_of(p)] for p in files]}
    manifest = Manifest.open(os.path.join(folder, "manifest.json"), settings)
    report = run_job(_analyse_unit, units, manifest, workers=workers, ray=ray, progress=progress,
                     label="games", total_games=len(units))
    summaries = []
    if report.complete:
        parts = []
        for u in range(len(units)):
            with open(os.path.join(folder, manifest.units[u]["file"]), "rb") as f:
                parts.append(f.read())
            summaries.append(json.loads(parts[-1].splitlines()[-1]))
        write_atomic(target, b"".join(parts))
    return report, summaries
