"""The integer network of the learned evaluation and its file (``*.nnue``).

A ``Network`` holds the six integer arrays of docs/nn.md and a ``meta``
dictionary whose ``game`` names the game it evaluates (``yinsh.nn.games``:
the first layer has that game's number of features); ``save`` writes it as a NumPy ``.npz`` (``meta`` as a 0-d JSON
string), ``load`` reads one back, and both call ``check``, which raises
``NetworkError`` (a ``ValueError``) naming what is wrong: a shape, a dtype,
the format, or weights large enough to overflow the ``int16`` accumulator;
a network of another game than the one asked for raises
``NetworkGameError`` (a ``NetworkError``).

>>> import io
>>> net = random_network(0)
>>> buffer = io.BytesIO()
>>> save(net, buffer)
>>> again = load(io.BytesIO(buffer.getvalue()))
>>> again == net, again.meta["format"], again.l1_weight.shape, again.game
(True, 'yinsh-nnue-1', (491, 64), 'yinsh')
>>> random_network(0, game="insert").l1_weight.shape
(288, 64)
>>> _ = buffer.seek(0)
>>> load(buffer, game="insert")
Traceback (most recent call last):
...
yinsh.nn.network.NetworkGameError: a network of yinsh, not of insert
"""
from __future__ import annotations

import dataclasses
import datetime
import json
import os
import tempfile
import zipfile
from pathlib import Path
from typing import IO, Any, Optional, Union

import numpy as np
import numpy.typing as npt

from yinsh.nn.games import NNGame, nn_game

__all__ = [
    "ARRAYS", "FORMAT", "HIDDEN", "L2", "META_KEYS", "NetworkError", "NetworkGameError",
    "OUT_SCALE", "SCORE_SCALE", "Network", "arrays_of", "check", "default_meta", "load",
    "random_network", "save",
]

#: The accumulator width (per perspective).
HIDDEN = 64
#: The second layer's width.
L2 = 32
#: The engine's score of a network output of 1.0 (``P(win) = sigmoid(score / 2000)``).
SCORE_SCALE = 2000
#: The integer output of a float output of 1.0 (127 * 64).
OUT_SCALE = 127 * 64
#: The value of ``meta["format"]``.
FORMAT = "yinsh-nnue-1"
#: The keys every network's meta has.
META_KEYS = ("format", "game", "features", "hidden", "l2", "score_scale", "command",
             "data_hash", "positions", "created", "validation_loss")
ArraySpec = dict[str, tuple[type[np.integer[Any]], tuple[int, ...]]]


def arrays_of(game: Union[str, NNGame]) -> ArraySpec:
    """Each array's dtype and shape in a network of game.

    >>> arrays_of("insert")["l1_weight"]
    (<class 'numpy.int16'>, (288, 64))
    """
    features = nn_game(game).features
    return {name: (dtype, (features, HIDDEN) if name == "l1_weight" else shape)
            for name, (dtype, shape) in ARRAYS.items()}


#: Each array's dtype and shape (Yinsh's; ``arrays_of`` gives another game's).
ARRAYS: ArraySpec = {
    "l1_weight": (np.int16, (491, HIDDEN)),
    "l1_bias": (np.int16, (HIDDEN,)),
    "l2_weight": (np.int8, (2 * HIDDEN, L2)),
    "l2_bias": (np.int32, (L2,)),
    "l3_weight": (np.int8, (L2,)),
    "l3_bias": (np.int32, ()),
}

_INT16_MAX = 32767
_INT32_MAX = 2**31 - 1

PathOrFile = Union[str, "os.PathLike[str]", IO[bytes]]


class NetworkError(ValueError):
    """A network (or its file) that breaks the format of docs/nn.md."""


class NetworkGameError(NetworkError):
    """A network of another game than the one it is used for (a Yinsh
    network given to Insert's engine, or the other way round)."""


@dataclasses.dataclass(eq=False)
class Network:
    """The integer network: the six arrays of the format and its ``meta``.

    Equality compares every array and the meta. Networks pickle (plain
    NumPy arrays and a dict).
    """

    l1_weight: npt.NDArray[np.int16]
    l1_bias: npt.NDArray[np.int16]
    l2_weight: npt.NDArray[np.int8]
    l2_bias: npt.NDArray[np.int32]
    l3_weight: npt.NDArray[np.int8]
    l3_bias: npt.NDArray[np.int32]
    meta: dict[str, Any]

    @property
    def game(self) -> str:
        """The game the network evaluates (``meta["game"]``)."""
        return str(self.meta.get("game", "")) if isinstance(self.meta, dict) else ""

    def arrays(self) -> dict[str, npt.NDArray[Any]]:
        """The six arrays by their name in the file."""
        return {name: getattr(self, name) for name in ARRAYS}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Network):
            return NotImplemented
        mine, theirs = self.arrays(), other.arrays()
        return (self.meta == other.meta
                and all(mine[n].dtype == theirs[n].dtype and np.array_equal(mine[n], theirs[n])
                        for n in ARRAYS))


def default_meta(game: Union[str, NNGame] = "yinsh", **values: Any) -> dict[str, Any]:
    """A meta dictionary of a network of game with the format's fixed
    entries, ``created`` now (UTC, ISO 8601), and the given values over them.

    >>> meta = default_meta(command="test", positions=3)
    >>> meta["format"], meta["features"], meta["positions"], meta["validation_loss"]
    ('yinsh-nnue-1', 491, 3, None)
    >>> default_meta("insert")["features"]
    288
    """
    spec = nn_game(game)
    meta: dict[str, Any] = {
        "format": FORMAT, "game": spec.name, "features": spec.features, "hidden": HIDDEN, "l2": L2,
        "score_scale": SCORE_SCALE, "command": "", "data_hash": "", "positions": 0,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "validation_loss": None,
    }
    meta.update(values)
    return meta


def _check_meta(meta: object, game: Optional[str]) -> NNGame:
    """The NNGame of a valid meta (of game, if given)."""
    if not isinstance(meta, dict):
        raise NetworkError(f"meta must be a dict, not {type(meta).__name__}")
    missing = [key for key in META_KEYS if key not in meta]
    if missing:
        raise NetworkError(f"meta lacks {', '.join(missing)}")
    try:
        spec = nn_game(meta["game"]) if isinstance(meta["game"], str) else None
    except ValueError:
        spec = None
    if spec is None:
        raise NetworkError(f"meta['game'] is {meta['game']!r}, not a game with a learned "
                           f"evaluation")
    if game is not None and spec.name != nn_game(game).name:
        raise NetworkGameError(f"a network of {spec.name}, not of {nn_game(game).name}")
    fixed = {"format": FORMAT, "features": spec.features, "hidden": HIDDEN,
             "l2": L2, "score_scale": SCORE_SCALE}
    for key, value in fixed.items():
        if meta[key] != value or type(meta[key]) is not type(value):
            raise NetworkError(f"meta[{key!r}] is {meta[key]!r}, expected {value!r}")
    for key in ("command", "data_hash", "created"):
        if not isinstance(meta[key], str):
            raise NetworkError(f"meta[{key!r}] must be a str, not {type(meta[key]).__name__}")
    if not isinstance(meta["positions"], int) or isinstance(meta["positions"], bool) \
            or meta["positions"] < 0:
        raise NetworkError(f"meta['positions'] must be an int >= 0, not {meta['positions']!r}")
    loss = meta["validation_loss"]
    if loss is not None and (not isinstance(loss, (int, float)) or isinstance(loss, bool)):
        raise NetworkError(f"meta['validation_loss'] must be a number or None, not {loss!r}")
    return spec


def check(network: Network, game: Union[None, str, NNGame] = None) -> None:
    """Raises ``NetworkError`` unless network follows the format: each
    array's dtype and shape, the meta's keys and fixed values, and the
    integer bounds (the exporter refuses what breaks them):

    * ``|l1_bias[j]| + the 70 largest |l1_weight[:, j]| < 32767`` for every
      ``j`` (70 for Yinsh, the game's ``max_active``): no accumulator
      overflows ``int16``;
    * ``|l2_bias[k]| + 127 * sum |l2_weight[:, k]| < 2**31`` and
      ``2000 * (|l3_bias| + 127 * sum |l3_weight|) < 2**31``: no ``int32`` sum
      (nor ``out * 2000``) overflows.

    With a game (a name, an ``NNGame``): ``NetworkGameError`` for a network
    of another game. Raises ``TypeError`` for anything but a ``Network``.

    >>> net = random_network(1)
    >>> check(net)
    >>> net.l1_weight[:70, 5] = 500
    >>> check(net)
    Traceback (most recent call last):
    ...
    yinsh.nn.network.NetworkError: l1 column 5 can overflow the int16 accumulator: |bias| + the 70 largest |weights| = ... >= 32767
    """
    if not isinstance(network, Network):
        raise TypeError(f"expected a Network, not {type(network).__name__}")
    spec = _check_meta(network.meta, None if game is None else nn_game(game).name)
    max_active = spec.max_active
    for name, (dtype, shape) in arrays_of(spec).items():
        array = getattr(network, name)
        if not isinstance(array, np.ndarray):
            raise NetworkError(f"{name} must be a numpy array, not {type(array).__name__}")
        if array.dtype != dtype:
            raise NetworkError(f"{name} has dtype {array.dtype}, expected {np.dtype(dtype)}")
        if array.shape != shape:
            raise NetworkError(f"{name} has shape {array.shape}, expected {shape}")
    weights = np.sort(np.abs(network.l1_weight.astype(np.int64)), axis=0)[-max_active:]
    bound = np.abs(network.l1_bias.astype(np.int64)) + weights.sum(axis=0)
    worst = int(np.argmax(bound))
    if bound[worst] >= _INT16_MAX:
        raise NetworkError(f"l1 column {worst} can overflow the int16 accumulator: |bias| + the "
                           f"{max_active} largest |weights| = {int(bound[worst])} >= {_INT16_MAX}")
    l2 = np.abs(network.l2_bias.astype(np.int64)) + 127 * np.abs(
        network.l2_weight.astype(np.int64)).sum(axis=0)
    if l2.max() > _INT32_MAX:
        raise NetworkError(f"l2 output {int(np.argmax(l2))} can overflow int32")
    out = abs(int(network.l3_bias)) + 127 * int(np.abs(network.l3_weight.astype(np.int64)).sum())
    if out * SCORE_SCALE > _INT32_MAX:
        raise NetworkError(f"the output can overflow int32 (|out| * {SCORE_SCALE} up to "
                           f"{out * SCORE_SCALE})")


def save(network: Network, file: PathOrFile) -> None:
    """Writes network to file (a path, written whole or not at all, or a
    binary file object) as the format's ``.npz``, after ``check``.

    >>> import io
    >>> save(random_network(0), io.BytesIO())
    """
    check(network)
    arrays: dict[str, Any] = dict(network.arrays())
    arrays["meta"] = np.array(json.dumps(network.meta, sort_keys=True))
    if not isinstance(file, (str, os.PathLike)):
        np.savez(file, **arrays)
        return
    path = Path(file)
    handle, temporary = tempfile.mkstemp(dir=path.parent or ".", prefix=path.name, suffix=".tmp")
    try:
        os.fchmod(handle, 0o644)                 # as open() makes it (mkstemp: 0600)
        with os.fdopen(handle, "wb") as out:
            np.savez(out, **arrays)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def load(file: PathOrFile, game: Union[None, str, NNGame] = None) -> Network:
    """The network in file (a path or a binary file object), checked (of
    game, if given: else ``NetworkGameError``).

    Raises ``NetworkError`` for a file that is no ``.npz`` or breaks the
    format, ``FileNotFoundError`` for a missing path.

    >>> import io
    >>> load(io.BytesIO(b"not a network"))
    Traceback (most recent call last):
    ...
    yinsh.nn.network.NetworkError: not a network file (a NumPy .npz): ...
    """
    try:
        archive = np.load(file, allow_pickle=False)
    except (ValueError, OSError, zipfile.BadZipFile, EOFError) as exc:
        if isinstance(exc, FileNotFoundError):
            raise
        raise NetworkError(f"not a network file (a NumPy .npz): {exc}") from None
    if not isinstance(archive, np.lib.npyio.NpzFile):
        raise NetworkError("not a network file: a single .npy array, not an .npz")
    with archive:
        names = set(archive.files)
        missing = [name for name in (*ARRAYS, "meta") if name not in names]
        if missing:
            raise NetworkError(f"the file lacks {', '.join(missing)}")
        try:
            arrays = {name: archive[name] for name in (*ARRAYS, "meta")}
        except (ValueError, OSError, zipfile.BadZipFile) as exc:
            raise NetworkError(f"an array of the file is unreadable: {exc}") from None
    text = arrays.pop("meta")
    if text.shape != () or text.dtype.kind != "U":
        raise NetworkError(f"meta must be a 0-d unicode string, not {text.dtype} {text.shape}")
    try:
        meta = json.loads(str(text))
    except json.JSONDecodeError as exc:
        raise NetworkError(f"meta is not JSON: {exc}") from None
    network = Network(meta=meta, **arrays)
    check(network, game)
    return network


def random_network(seed: int, scale: float = 1.0, game: Union[str, NNGame] = "yinsh") -> Network:
    """A network of random integer weights, for tests: the same seed gives
    the same network. ``scale`` multiplies the weights' range; at about 8 and
    above many accumulators and second-layer outputs hit their clamps, and the
    weights stay within the format's bounds at any scale. ``game``: whose
    features the first layer has (Yinsh's by default).

    >>> random_network(3) == random_network(3), random_network(3) == random_network(4)
    (True, False)
    >>> big = random_network(0, scale=100.0)
    >>> int(abs(big.l1_weight).max()), int(abs(big.l2_weight).max())
    (460, 127)
    """
    if not isinstance(scale, (int, float)) or not scale > 0:
        raise ValueError(f"scale must be a positive number, not {scale!r}")
    spec = nn_game(game)
    rng = np.random.default_rng(seed)

    def uniform(limit: float, cap: int, shape: tuple[int, ...]) -> npt.NDArray[np.int64]:
        bound = min(int(round(limit * scale)), cap)
        return rng.integers(-bound, bound, size=shape, endpoint=True)

    cap = (_INT16_MAX - 501) // spec.max_active         # |bias| <= 500: 460 for Yinsh, 448 for Insert
    l1_weight = uniform(8, cap, (spec.features, HIDDEN)).astype(np.int16)
    l1_bias = (uniform(32, 240, (HIDDEN,)) + min(int(32 * scale), 260)).astype(np.int16)
    return Network(
        l1_weight=l1_weight,
        l1_bias=l1_bias,
        l2_weight=uniform(8, 127, (2 * HIDDEN, L2)).astype(np.int8),
        l2_bias=uniform(2048, 2_000_000, (L2,)).astype(np.int32),
        l3_weight=uniform(8, 127, (L2,)).astype(np.int8),
        l3_bias=np.array(uniform(4000, 500_000, ()), dtype=np.int32),
        meta=default_meta(spec, command=f"random_network({seed}, scale={scale})"
                                        + ("" if spec.name == "yinsh" else f", game={spec.name!r}")),
    )
