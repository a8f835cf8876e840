"""Self-play data, matches and batch analysis on every local core or a Ray cluster.

- ``selfplay(game, games, engine, out)``: training shards (``.npz``) and
  their manifest (``yinsh.distributed.selfplay``); ``load_shards(out)``.
- ``analyse_games(paths, out, engine)``: every action of a set of records
  scored by the engine, as JSON lines, with a summary of blunders
  (``yinsh.distributed.analysis``).
- Matches: ``yinsh.engine.match.run_match(..., workers=K, ray=ADDRESS)``.

All run their work through ``yinsh.distributed.backend.run_items``: local
worker processes by default (``workers=K``), Ray tasks with ``ray="local"``
or a cluster's address (``pip install 'yinsh[cluster]'``). docs/scaling.md
has the guide.
"""
from __future__ import annotations

from yinsh.distributed.analysis import analyse_game, analyse_games
from yinsh.distributed.backend import run_items
from yinsh.distributed.engines import EngineSpec
from yinsh.distributed.job import JobReport
from yinsh.distributed.manifest import ManifestError
from yinsh.distributed.selfplay import iter_shards, load_shards, selfplay

__all__ = ["EngineSpec", "JobReport", "ManifestError", "analyse_game", "analyse_games", "iter_shards",
           "load_shards", "run_items", "selfplay"]
