"""The learned evaluation's training set, built from self-play shards.

``build(folders)`` replays every game of one or more ``yinsh selfplay``
folders of one game with a learned evaluation (Yinsh or Insert:
``yinsh.nn.games``; each game's start and actions, and per position the
search's ``score`` for the side to act), takes each position with a finite
score that is not over, and merges the positions that are the same (the same
``zobrist_hash`` in Yinsh, the same position string in Insert), averaging
their targets. ``save`` writes
the result as one ``.npz`` and returns its SHA-256 (the network's
``data_hash``); ``load`` reads it back.

==========  ==================  ===========================================
array       shape, dtype        what
==========  ==================  ===========================================
features    (n, 2, K), int16    the active features (``yinsh.yinsh.features``,
                                ``yinsh.insert.features``) of the first
                                player's and the other's perspective,
                                ascending, padded with ``PAD`` (491 in
                                Yinsh, 288 in Insert); K is the most any
                                position of the set has
stm         (n,), int8          the side to act (0 White, 1 Black or Red)
score       (n,), float32       the search's score (engine units), the mean
                                over the position's occurrences
expected    (n,), float32       the mean of ``sigmoid(score / 2000)``: the
                                search's expected result for the side to act
result      (n,), float32       the mean final result for the side to act
                                (1 win, 0.5 draw or cut-off game, 0 loss)
count       (n,), int32         the occurrences merged into the row
game        (n,), int32         the first game the position occurred in
                                (numbered across the folders from 0), so a
                                validation set can be split by game
meta        (), str             JSON: ``format`` (``yinsh-nn-data-1``),
                                ``game`` (``yinsh`` or ``insert``),
                                ``sources`` (each folder's manifest SHA-256
                                and game count), ``games``, ``occurrences``,
                                ``positions``, ``created``
==========  ==================  ===========================================

The set stores each position once; the board's symmetries (Yinsh's 12,
``yinsh.yinsh.features.transform_features``; Insert's 8) are applied on the
fly by the trainer, each batch under a random symmetry per position.

>>> import tempfile, os
>>> from yinsh.distributed.selfplay import selfplay
>>> folder = tempfile.mkdtemp()
>>> _ = selfplay("yinsh", 2, "alphabeta:depth=1", folder)
>>> data = build([folder])
>>> data.features.shape[1], len(data) == len(data.stm) == len(data.expected)
(2, True)
>>> digest = save(data, os.path.join(folder, "data.npz"))
>>> len(digest), load(os.path.join(folder, "data.npz")).positions == data.positions
(64, True)
>>> other = tempfile.mkdtemp()
>>> _ = selfplay("insert", 2, "alphabeta:depth=1", other)
>>> build([other]).meta["game"], build([other]).features.shape[2] <= 72
('insert', True)
"""
from __future__ import annotations

import argparse
import dataclasses
import datetime
import hashlib
import json
import math
import os
import sys
import time
from collections.abc import Iterable, Sequence
from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt

from yinsh.distributed.manifest import sha256_of, write_atomic
from yinsh.distributed.selfplay import MANIFEST, iter_shards
from yinsh.nn.features import pad
from yinsh.nn.games import NN_GAMES, NNGame, nn_game
from yinsh.engine.network import SCORE_SCALE

__all__ = ["DATA_FORMAT", "DataError", "Dataset", "build", "load", "main", "save", "sha256_file"]

#: ``meta["format"]`` of a training set file.
DATA_FORMAT = "yinsh-nn-data-1"

PathLike = Union[str, "os.PathLike[str]"]


class DataError(ValueError):
    """A self-play folder or training set file that cannot be used."""


@dataclasses.dataclass(eq=False)
class Dataset:
    """A training set (see the module for each array)."""

    features: npt.NDArray[np.int16]
    stm: npt.NDArray[np.int8]
    score: npt.NDArray[np.float32]
    expected: npt.NDArray[np.float32]
    result: npt.NDArray[np.float32]
    count: npt.NDArray[np.int32]
    game: npt.NDArray[np.int32]
    meta: dict[str, Any]

    def __len__(self) -> int:
        return int(self.stm.shape[0])

    @property
    def positions(self) -> int:
        """The number of distinct positions."""
        return len(self)

    def arrays(self) -> dict[str, npt.NDArray[Any]]:
        """The arrays by name (``meta`` aside)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "meta"}

    def target(self, lam: float) -> npt.NDArray[np.float32]:
        """The training target ``lam * expected + (1 - lam) * result``.

        >>> data = Dataset(np.zeros((1, 2, 1), np.int16), np.zeros(1, np.int8),
        ...                np.zeros(1, np.float32), np.full(1, 0.5, np.float32),
        ...                np.ones(1, np.float32), np.ones(1, np.int32), np.zeros(1, np.int32), {})
        >>> data.target(0.25).tolist()
        [0.875]
        """
        if not 0.0 <= lam <= 1.0:
            raise ValueError(f"lambda must be in 0..1, not {lam}")
        mixed: npt.NDArray[np.float32] = (lam * self.expected + (1.0 - lam) * self.result).astype(
            np.float32)
        return mixed


def _sigmoid(x: float) -> float:
    return 0.5 * (1.0 + math.tanh(0.5 * x))


class _Collector:
    """Gathers positions of game, merging duplicates by their key."""

    def __init__(self, game: NNGame, capacity: int) -> None:
        self.spec = game
        self.features = np.empty((max(capacity, 1), 2, game.max_active), np.int16)
        self.stm = np.empty(max(capacity, 1), np.int8)
        self.game = np.empty(max(capacity, 1), np.int32)
        self.sums: list[list[float]] = []           # [score, expected, result, count] per row
        self.rows: dict[Any, int] = {}
        self.widest = 0
        self.occurrences = 0

    def add(self, board: Any, score: float, result: float, game: int) -> None:
        self.occurrences += 1
        key = self.spec.position_key(board)
        row = self.rows.get(key)
        if row is None:
            row = len(self.sums)
            if row == self.stm.shape[0]:
                self._grow()
            white, black = self.spec.active_features(board)
            pad(white, self.features[row, 0], self.spec.pad)
            pad(black, self.features[row, 1], self.spec.pad)
            self.widest = max(self.widest, len(white), len(black))
            self.stm[row] = int(board.turn)
            self.game[row] = game
            self.rows[key] = row
            self.sums.append([0.0, 0.0, 0.0, 0.0])
        sums = self.sums[row]
        sums[0] += score
        sums[1] += _sigmoid(score / SCORE_SCALE)
        sums[2] += result
        sums[3] += 1

    def _grow(self) -> None:
        size = 2 * self.stm.shape[0]
        self.features = np.resize(self.features, (size, 2, self.spec.max_active))
        self.stm = np.resize(self.stm, size)
        self.game = np.resize(self.game, size)

    def dataset(self, meta: dict[str, Any]) -> Dataset:
        n = len(self.sums)
        sums = np.asarray(self.sums, np.float64).reshape(n, 4)
        count = sums[:, 3]
        width = max(self.widest, 1)
        return Dataset(
            features=np.ascontiguousarray(self.features[:n, :, :width]),
            stm=self.stm[:n].copy(), game=self.game[:n].copy(),
            score=(sums[:, 0] / np.maximum(count, 1)).astype(np.float32),
            expected=(sums[:, 1] / np.maximum(count, 1)).astype(np.float32),
            result=(sums[:, 2] / np.maximum(count, 1)).astype(np.float32),
            count=count.astype(np.int32),
            meta={**meta, "positions": n, "occurrences": self.occurrences},
        )


def _manifest(folder: str) -> tuple[dict[str, Any], str]:
    path = os.path.join(folder, MANIFEST)
    try:
        with open(path, "rb") as f:
            raw = f.read()
        manifest = json.loads(raw)
    except (OSError, ValueError) as exc:
        raise DataError(f"{folder}: no readable self-play manifest ({exc})") from None
    game = manifest.get("settings", {}).get("game") if isinstance(manifest, dict) else None
    if game not in NN_GAMES:
        raise DataError(f"{folder}: not a self-play folder of a game with a learned evaluation "
                        f"({', '.join(NN_GAMES)}): its game is {game!r}")
    return manifest, hashlib.sha256(raw).hexdigest()


def _replay_shard(shard: dict[str, npt.NDArray[Any]], collector: _Collector, first_game: int,
                  where: str) -> int:
    """Adds the positions of one shard; returns its number of games."""
    starts, actions, offsets = shard["game_starts"], shard["game_actions"], shard["game_offsets"]
    ids, rows_game = shard["game_ids"], shard["game"]
    Board = collector.spec.board_class
    order = np.argsort(rows_game, kind="stable")
    bounds = np.searchsorted(rows_game[order], ids, side="left"), \
        np.searchsorted(rows_game[order], ids, side="right")
    for k in range(len(ids)):
        rows = order[bounds[0][k]:bounds[1][k]]
        by_ply = {int(shard["ply"][r]): int(r) for r in rows}
        try:
            board = Board(str(starts[k]))
        except ValueError as exc:
            raise DataError(f"{where}: game {int(ids[k])} has a bad start: {exc}") from None
        for ply, action in enumerate(actions[offsets[k]:offsets[k + 1]].tolist()):
            r = by_ply.get(ply)
            if r is not None and not board.is_game_over():
                score = float(shard["score"][r])
                side = int(shard["to_play"][r])
                if side != int(board.turn):
                    raise DataError(f"{where}: game {int(ids[k])} ply {ply}: the shard's side to "
                                    f"act is not the replayed board's")
                if math.isfinite(score):
                    result = (float(shard["result"][r, side]) + 1.0) / 2.0
                    collector.add(board, score, result, first_game + k)
            try:
                board.push_action(action)
            except ValueError as exc:
                raise DataError(f"{where}: game {int(ids[k])} ply {ply}: {exc}") from None
    return len(ids)


def build(folders: Sequence[PathLike], *, progress: bool = False) -> Dataset:
    """The training set of the self-play folders (see the module).

    Raises ``DataError`` (a ``ValueError``) for a folder that is no
    self-play folder of Yinsh or Insert, folders of two games, a damaged
    shard, or a game that does not replay;
    ``KeyboardInterrupt`` passes through (nothing is written).
    """
    if isinstance(folders, (str, os.PathLike)):
        raise TypeError("folders must be a list of folders, not one path")
    if not folders:
        raise DataError("no self-play folder given")
    manifests = [(os.fspath(folder), *_manifest(os.fspath(folder))) for folder in folders]
    capacity = sum(int(e.get("positions", 0)) for _, m, _ in manifests
                   for e in m.get("units", {}).values())
    total = sum(int(e.get("games", 0)) for _, m, _ in manifests for e in m.get("units", {}).values())
    games_of = {m["settings"]["game"] for _, m, _ in manifests}
    if len(games_of) > 1:
        raise DataError(f"self-play folders of several games: {', '.join(sorted(games_of))}")
    spec = nn_game(games_of.pop())
    collector = _Collector(spec, capacity)
    sources = []
    games = 0
    bar = _bar(progress, total)
    try:
        for folder, manifest, digest in manifests:
            first = games
            try:
                for shard in iter_shards(folder):
                    played = _replay_shard(shard, collector, games, folder)
                    games += played
                    if bar is not None:
                        bar.update(played)
                        bar.set_postfix(positions=len(collector.sums), refresh=False)
            except (KeyError, IndexError) as exc:
                raise DataError(f"{folder}: a shard lacks {exc}") from None
            except ValueError as exc:
                if isinstance(exc, DataError):
                    raise
                raise DataError(f"{folder}: {exc}") from None
            sources.append({"folder": os.path.basename(os.path.normpath(folder)),
                            "manifest_sha256": digest, "games": games - first,
                            "engine": manifest["settings"].get("engine")})
    finally:
        if bar is not None:
            bar.close()
    meta = {"format": DATA_FORMAT, "game": spec.name, "sources": sources, "games": games,
            "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "symmetries": "applied by the trainer"}
    return collector.dataset(meta)


def _bar(progress: bool, total: int) -> Any:
    if not progress:
        return None
    from tqdm import tqdm
    return tqdm(total=total, unit=" game", desc="replaying", file=sys.stderr,
                dynamic_ncols=True, smoothing=0.1)


def sha256_file(path: PathLike) -> str:
    """The SHA-256 of a file, in hex (the data hash a network records)."""
    return sha256_of(os.fspath(path))


def save(data: Dataset, path: PathLike) -> str:
    """Writes data to path (an ``.npz``, whole or not at all) and returns
    the file's SHA-256."""
    import io
    buffer = io.BytesIO()
    arrays: dict[str, Any] = dict(data.arrays())
    arrays["meta"] = np.array(json.dumps(data.meta, sort_keys=True))
    np.savez_compressed(buffer, **arrays)
    raw = buffer.getvalue()
    write_atomic(os.fspath(path), raw)
    return hashlib.sha256(raw).hexdigest()


def load(path: PathLike) -> Dataset:
    """The training set in path; ``DataError`` for a file that is not one."""
    try:
        with np.load(path, allow_pickle=False) as archive:
            arrays = {name: archive[name] for name in archive.files}
    except FileNotFoundError:
        raise
    except (ValueError, OSError, EOFError) as exc:
        raise DataError(f"{os.fspath(path)}: not a training set file ({exc})") from None
    names = [f.name for f in dataclasses.fields(Dataset)]
    missing = [name for name in names if name not in arrays]
    if missing:
        raise DataError(f"{os.fspath(path)}: not a training set file (it lacks "
                        f"{', '.join(missing)})")
    try:
        meta = json.loads(str(arrays["meta"]))
    except ValueError as exc:
        raise DataError(f"{os.fspath(path)}: its meta is not JSON: {exc}") from None
    if not isinstance(meta, dict) or meta.get("format") != DATA_FORMAT:
        raise DataError(f"{os.fspath(path)}: not a {DATA_FORMAT} file")
    data = Dataset(**{**{n: arrays[n] for n in names if n != "meta"}, "meta": meta})
    try:
        spec = nn_game(meta.get("game", "yinsh"))
    except (TypeError, ValueError) as exc:
        raise DataError(f"{os.fspath(path)}: {exc}") from None
    n = len(data.stm)
    features = data.features
    if features.dtype != np.int16 or features.ndim != 3 or features.shape[:2] != (n, 2) \
            or features.shape[2] > spec.max_active \
            or (features.size and (features.min() < 0 or features.max() > spec.pad)):
        raise DataError(f"{os.fspath(path)}: bad features array")
    for name in ("score", "expected", "result", "count", "game"):
        if getattr(data, name).shape != (n,):
            raise DataError(f"{os.fspath(path)}: {name} has shape {getattr(data, name).shape}")
    return data


def main(argv: Optional[Iterable[str]] = None) -> int:
    """``python -m yinsh.nn.data FOLDER... --out FILE``: builds and saves the
    training set, prints its size and SHA-256 (also written to FILE.sha256)."""
    parser = argparse.ArgumentParser(prog="python -m yinsh.nn.data",
                                     description="Build the learned evaluation's training set "
                                                 "from yinsh selfplay folders.")
    parser.add_argument("folders", nargs="+", help="self-play folders (yinsh selfplay --out)")
    parser.add_argument("--out", required=True, help="the training set file to write (.npz)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(None if argv is None else list(argv))
    began = time.perf_counter()
    try:
        data = build(args.folders, progress=not args.quiet)
        digest = save(data, args.out)
    except (DataError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: nothing written", file=sys.stderr)
        return 130
    write_atomic(args.out + ".sha256", f"{digest}  {os.path.basename(args.out)}\n".encode())
    print(f"{data.positions} positions ({data.meta['occurrences']} occurrences, "
          f"{data.meta['games']} games) in {time.perf_counter() - began:.1f} s -> {args.out}\n"
          f"sha256 {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
