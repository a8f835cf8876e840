"""The integer network of the learned evaluation and its file (``*.nnue``).

A ``Network`` holds the six integer arrays of docs/nn.md and a ``meta``
dictionary whose ``game`` names the game it evaluates: a registered game
with the part ``"features"`` (``yinsh.parts.features``), whose number of
features the first layer has and whose packaged network
(``packaged_network``) the engine's learned evaluation plays without one of
its own. ``save`` writes a network as a NumPy ``.npz`` (``meta`` as a 0-d JSON
string), ``load`` reads one back, and both call ``check``, which raises
``NetworkError`` (a ``ValueError``) naming what is wrong: a shape, a dtype,
the format, or weights large enough to overflow the ``int16`` accumulator;
a network of another game than the one asked for raises
``NetworkGameError`` (a ``NetworkError``).

The engine needs no numpy (the browser has none): ``read_layers`` reads a
file with the standard library (``yinsh.engine.npz``) into ``Layers``, the
same six arrays as ``array.array`` values, checked by the same ``check``;
``load`` is ``read_layers`` with the arrays made numpy arrays, and
``engine_layers`` gives the engine the ``Layers`` of what it was given.
Only ``Network``'s arrays, ``load``, ``save`` and ``random_network`` need
numpy.

>>> import io
>>> net = random_network(0)
>>> buffer = io.BytesIO()
>>> save(net, buffer)
>>> again = load(io.BytesIO(buffer.getvalue()))
>>> again == net, again.meta["format"], again.l1_weight.shape, again.game
(True, 'yinsh-nnue-1', (491, 64), 'yinsh')
>>> layers = read_layers(io.BytesIO(buffer.getvalue()))
>>> layers.l1_weight.typecode, len(layers.l1_weight), layers.l1_weight[:3].tolist() == net.l1_weight[0, :3].tolist()
('h', 31424, True)
>>> random_network(0, game="insert").l1_weight.shape
(288, 64)
>>> _ = buffer.seek(0)
>>> load(buffer, game="insert")
Traceback (most recent call last):
...
yinsh.engine.network.NetworkGameError: a network of yinsh, not of insert
"""
from __future__ import annotations

import array
import dataclasses
import datetime
import functools
import json
import math
import os
import sys
import tempfile
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Optional, Protocol, Sequence, Union

from yinsh import games
from yinsh.engine import npz
from yinsh.game_kind import GameKind
from yinsh.parts.features import Features

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "ARRAYS", "FORMAT", "HIDDEN", "L2", "LINEAGE_KEYS", "META_KEYS", "NetworkError", "NetworkGameError",
    "OUT_SCALE", "SCORE_SCALE", "TYPECODES", "Layers", "Network", "arrays_of", "check", "default_meta",
    "engine_layers", "game_features", "learned_game", "learned_games", "lineage", "load",
    "packaged_network", "random_network", "read_layers", "save",
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
#: The keys of ``meta["lineage"]``, which a network of a generation loop
#: (``yinsh.nn.generations``) has and older networks lack: its generation
#: (0: the start), the SHA-256 of its parent's file ("" for generation 0), the
#: SHA-256 of its training set, and its gate (a dict: the match against the
#: parent, or ``None`` before the gate).
LINEAGE_KEYS = ("generation", "parent", "data_hash", "gate")
#: Each array's dtype (its numpy name: ``numpy.dtype(name)`` is it) and shape.
ArraySpec = dict[str, tuple[str, tuple[int, ...]]]


class Named(Protocol):
    """What names a game: its description (``GameKind``), or ``yinsh.nn.NNGame``."""

    @property
    def name(self) -> str: ...


#: A game: its name, or what has its name.
GameLike = Union[str, Named]


def learned_games() -> list[str]:
    """The registered games with a learned evaluation (the part ``"features"``).

    >>> learned_games()[:2]
    ['yinsh', 'insert']
    """
    return [name for name in games.GAMES.loadable() if games.get(name).has_part("features")]


def learned_game(game: GameLike) -> GameKind:
    """The registered game of game (a name, a description, or what has the
    name of one) if it has a learned evaluation; else ``ValueError``.

    >>> learned_game("insert")
    <game insert>
    >>> learned_game("ludo")
    Traceback (most recent call last):
    ...
    ValueError: no learned evaluation for 'ludo' (it has one for: yinsh, insert)
    """
    name = game if isinstance(game, str) else game.name
    try:
        kind = games.get(name)
    except ValueError:
        kind = None
    if kind is None or not kind.has_part("features"):
        raise ValueError(f"no learned evaluation for {name!r} (it has one for: "
                         f"{', '.join(learned_games())})")
    return kind


def game_features(game: GameLike) -> Features:
    """The input features of game's learned evaluation (its part
    ``"features"``); ``ValueError`` for a game without one.

    >>> game_features("yinsh").FEATURES, game_features("insert").MAX_ACTIVE
    (491, 72)
    """
    features: Features = learned_game(game).part("features")
    return features


def packaged_network(game: GameLike) -> str:
    """The path of game's packaged network (``Engine(evaluation="learned")``
    without a network of its own).

    >>> os.path.basename(packaged_network("insert"))
    'insert.nnue'
    """
    return game_features(game).NETWORK


def arrays_of(game: GameLike) -> ArraySpec:
    """Each array's dtype (its numpy name) and shape in a network of game.

    >>> arrays_of("insert")["l1_weight"]
    ('int16', (288, 64))
    """
    features = game_features(game).FEATURES
    return {name: (dtype, (features, HIDDEN) if name == "l1_weight" else shape)
            for name, (dtype, shape) in ARRAYS.items()}


#: Each array's dtype (its numpy name) and shape (Yinsh's; ``arrays_of``
#: gives another game's).
ARRAYS: ArraySpec = {
    "l1_weight": ("int16", (491, HIDDEN)),
    "l1_bias": ("int16", (HIDDEN,)),
    "l2_weight": ("int8", (2 * HIDDEN, L2)),
    "l2_bias": ("int32", (L2,)),
    "l3_weight": ("int8", (L2,)),
    "l3_bias": ("int32", ()),
}
#: The ``array.array`` typecode of each dtype of ``ARRAYS`` (``Layers``).
TYPECODES = {"int8": npz.TYPECODES[1], "int16": npz.TYPECODES[2], "int32": npz.TYPECODES[4]}

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
        import numpy as np
        mine, theirs = self.arrays(), other.arrays()
        return (self.meta == other.meta
                and all(mine[n].dtype == theirs[n].dtype and np.array_equal(mine[n], theirs[n])
                        for n in ARRAYS))


@dataclasses.dataclass(eq=False)
class Layers:
    """A network without numpy (what the engine plays, ``engine_layers``):
    the six arrays of ``Network``, each its values in C order as an
    ``array.array`` of its dtype (``TYPECODES``: ``"h"`` for ``int16``,
    ``"b"`` for ``int8``, ``int32``'s code; the machine's byte order), and
    the ``meta``. ``read_layers`` reads one from a file, ``check`` checks one
    (each array's length is its shape's size). Equality compares the values
    and the meta; ``Layers`` pickle.
    """

    l1_weight: array.array[int]
    l1_bias: array.array[int]
    l2_weight: array.array[int]
    l2_bias: array.array[int]
    l3_weight: array.array[int]
    l3_bias: array.array[int]
    meta: dict[str, Any]

    @property
    def game(self) -> str:
        """The game the network evaluates (``meta["game"]``)."""
        return str(self.meta.get("game", "")) if isinstance(self.meta, dict) else ""

    def arrays(self) -> dict[str, array.array[int]]:
        """The six arrays by their name in the file."""
        return {name: getattr(self, name) for name in ARRAYS}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layers):
            return NotImplemented
        mine, theirs = self.arrays(), other.arrays()
        return self.meta == other.meta and all(
            mine[n].typecode == theirs[n].typecode and mine[n] == theirs[n] for n in ARRAYS)


def default_meta(game: GameLike = "yinsh", **values: Any) -> dict[str, Any]:
    """A meta dictionary of a network of game with the format's fixed
    entries, ``created`` now (UTC, ISO 8601), and the given values over them.

    >>> meta = default_meta(command="test", positions=3)
    >>> meta["format"], meta["features"], meta["positions"], meta["validation_loss"]
    ('yinsh-nnue-1', 491, 3, None)
    >>> default_meta("insert")["features"]
    288
    """
    name = learned_game(game).name
    meta: dict[str, Any] = {
        "format": FORMAT, "game": name, "features": game_features(name).FEATURES, "hidden": HIDDEN,
        "l2": L2,
        "score_scale": SCORE_SCALE, "command": "", "data_hash": "", "positions": 0,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "validation_loss": None,
    }
    meta.update(values)
    return meta


def _check_meta(meta: object, game: Optional[str]) -> tuple[str, Features]:
    """The game and the features of a valid meta (of game, if given)."""
    if not isinstance(meta, dict):
        raise NetworkError(f"meta must be a dict, not {type(meta).__name__}")
    missing = [key for key in META_KEYS if key not in meta]
    if missing:
        raise NetworkError(f"meta lacks {', '.join(missing)}")
    name = meta["game"]
    try:
        features = game_features(name) if isinstance(name, str) else None
    except ValueError:
        features = None
    if features is None:
        raise NetworkError(f"meta['game'] is {name!r}, not a game with a learned evaluation")
    if game is not None and name != game:
        raise NetworkGameError(f"a network of {name}, not of {game}")
    fixed = {"format": FORMAT, "features": features.FEATURES, "hidden": HIDDEN,
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
    if "lineage" in meta:
        _check_lineage(meta["lineage"])
    return name, features


def _check_lineage(lineage: object) -> None:
    """``NetworkError`` unless lineage is a valid ``meta["lineage"]``."""
    if not isinstance(lineage, dict) or any(key not in lineage for key in LINEAGE_KEYS):
        raise NetworkError(f"meta['lineage'] must be a dict of {', '.join(LINEAGE_KEYS)}")
    generation = lineage["generation"]
    if not isinstance(generation, int) or isinstance(generation, bool) or generation < 0:
        raise NetworkError(f"meta['lineage']['generation'] must be an int >= 0, not {generation!r}")
    for key in ("parent", "data_hash"):
        if not isinstance(lineage[key], str):
            raise NetworkError(f"meta['lineage'][{key!r}] must be a str")
    if lineage["gate"] is not None and not isinstance(lineage["gate"], dict):
        raise NetworkError("meta['lineage']['gate'] must be a dict or None")


def lineage(network: Network) -> Optional[dict[str, Any]]:
    """The network's ``meta["lineage"]`` (``LINEAGE_KEYS``), or ``None`` for a
    network made outside a generation loop (the packaged ones so far).

    >>> net = random_network(0)
    >>> lineage(net) is None
    True
    >>> net.meta["lineage"] = {"generation": 1, "parent": "ab", "data_hash": "cd", "gate": None}
    >>> check(net); lineage(net)["generation"]
    1
    >>> net.meta["lineage"]["generation"] = -1
    >>> check(net)
    Traceback (most recent call last):
    ...
    yinsh.engine.network.NetworkError: meta['lineage']['generation'] must be an int >= 0, not -1
    """
    found = network.meta.get("lineage")
    return dict(found) if isinstance(found, dict) else None


#: An array as the checks see it: its dtype name, shape, and values in C order
#: (``None``: values of a dtype the format has not, never looked at).
_Checked = tuple[str, tuple[int, ...], Optional[Sequence[int]]]


def check(network: Union[Network, Layers], game: Optional[GameLike] = None) -> None:
    """Raises ``NetworkError`` unless network (a ``Network`` or ``Layers``)
    follows the format: each array's dtype and shape, the meta's keys and
    fixed values, and the integer bounds (the exporter refuses what breaks
    them):

    * ``|l1_bias[j]| + the 70 largest |l1_weight[:, j]| < 32767`` for every
      ``j`` (70 for Yinsh, the game's ``MAX_ACTIVE``): no accumulator
      overflows ``int16``;
    * ``|l2_bias[k]| + 127 * sum |l2_weight[:, k]| < 2**31`` and
      ``2000 * (|l3_bias| + 127 * sum |l3_weight|) < 2**31``: no ``int32`` sum
      (nor ``out * 2000``) overflows.

    With a game (a name, a ``GameKind``, an ``NNGame``): ``NetworkGameError``
    for a network of another game. Raises ``TypeError`` for anything but a
    ``Network`` or ``Layers``. The checks themselves need no numpy
    (``read_layers`` runs them where there is none).

    >>> net = random_network(1)
    >>> check(net)
    >>> net.l1_weight[:70, 5] = 500
    >>> check(net)
    Traceback (most recent call last):
    ...
    yinsh.engine.network.NetworkError: l1 column 5 can overflow the int16 accumulator: |bias| + the 70 largest |weights| = ... >= 32767
    """
    _checked_layers(network, game)


def _checked_layers(network: Union[Network, Layers], game: Optional[GameLike]) -> Layers:
    """The ``Layers`` of network, checked (``check``): network itself for ``Layers``."""
    if isinstance(network, Layers):
        game_name, features = _check_meta(network.meta,
                                          None if game is None else learned_game(game).name)
        arrays: dict[str, _Checked] = {}
        for name, (dtype, shape) in arrays_of(game_name).items():
            values = getattr(network, name)
            if not isinstance(values, array.array) or values.typecode != TYPECODES[dtype]:
                raise NetworkError(f"{name} must be an array.array of typecode {TYPECODES[dtype]!r} "
                                   f"({dtype}), not {_describe(values)}")
            if len(values) != math.prod(shape):
                raise NetworkError(f"{name} has {len(values)} values, expected shape {shape}")
            arrays[name] = (dtype, shape, values)
        _check_arrays(game_name, features, arrays)
        return network
    if not isinstance(network, Network):
        raise TypeError(f"expected a Network or Layers, not {type(network).__name__}")
    game_name, features = _check_meta(network.meta,
                                      None if game is None else learned_game(game).name)
    np = sys.modules.get("numpy")                   # a numpy array exists only with numpy loaded
    for name in ARRAYS:
        value = getattr(network, name)
        if np is None or not isinstance(value, np.ndarray):
            raise NetworkError(f"{name} must be a numpy array, not {type(value).__name__}")
    found = network.arrays()
    # the dtypes and shapes first, then the values (copied into Layers) as read_layers checks them
    _check_arrays(game_name, features, {name: (str(value.dtype), value.shape, None)
                                        for name, value in found.items()})
    layers = Layers(meta=network.meta, **{
        name: array.array(TYPECODES[dtype], found[name].astype(dtype, order="C").tobytes())
        for name, (dtype, _) in ARRAYS.items()})
    _check_arrays(game_name, features, {name: (dtype, shape, getattr(layers, name))
                                        for name, (dtype, shape) in arrays_of(game_name).items()})
    return layers


def _describe(value: object) -> str:
    """What value is, for a message."""
    if isinstance(value, array.array):
        return f"an array.array of typecode {value.typecode!r}"
    return type(value).__name__


def _check_arrays(game: str, features: Features, arrays: dict[str, _Checked]) -> None:
    """``NetworkError`` unless the arrays (``_Checked``) of a network of game
    have the format's dtypes and shapes and, where their values are given,
    stay within its bounds (``check``)."""
    for name, (dtype, shape) in arrays_of(game).items():
        found_dtype, found_shape, _ = arrays[name]
        if found_dtype != dtype:
            raise NetworkError(f"{name} has dtype {found_dtype}, expected {dtype}")
        if found_shape != shape:
            raise NetworkError(f"{name} has shape {found_shape}, expected {shape}")
    values = {name: found for name, (_, _, found) in arrays.items()}
    l1_weight, l1_bias, l2_weight = values["l1_weight"], values["l1_bias"], values["l2_weight"]
    l2_bias, l3_weight, l3_bias = values["l2_bias"], values["l3_weight"], values["l3_bias"]
    if (l1_weight is None or l1_bias is None or l2_weight is None or l2_bias is None
            or l3_weight is None or l3_bias is None):
        return
    max_active = features.MAX_ACTIVE
    bound = [abs(l1_bias[j]) + sum(sorted(map(abs, l1_weight[j::HIDDEN]))[-max_active:])
             for j in range(HIDDEN)]
    worst = bound.index(max(bound))
    if bound[worst] >= _INT16_MAX:
        raise NetworkError(f"l1 column {worst} can overflow the int16 accumulator: |bias| + the "
                           f"{max_active} largest |weights| = {bound[worst]} >= {_INT16_MAX}")
    l2 = [abs(l2_bias[k]) + 127 * sum(map(abs, l2_weight[k::L2])) for k in range(L2)]
    if max(l2) > _INT32_MAX:
        raise NetworkError(f"l2 output {l2.index(max(l2))} can overflow int32")
    out = abs(l3_bias[0]) + 127 * sum(map(abs, l3_weight))
    if out * SCORE_SCALE > _INT32_MAX:
        raise NetworkError(f"the output can overflow int32 (|out| * {SCORE_SCALE} up to "
                           f"{out * SCORE_SCALE})")


def save(network: Network, file: PathOrFile) -> None:
    """Writes network to file (a path, written whole or not at all, or a
    binary file object) as the format's ``.npz``, after ``check``. Needs
    numpy (as a ``Network`` does).

    >>> import io
    >>> save(random_network(0), io.BytesIO())
    """
    import numpy as np
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


def read_layers(file: PathOrFile, game: Optional[GameLike] = None) -> Layers:
    """The network in file (a path or a binary file object) as ``Layers``,
    read with the standard library (no numpy) and checked (of game, if
    given: else ``NetworkGameError``).

    Raises ``NetworkError`` for a file that is no ``.npz`` or breaks the
    format, ``FileNotFoundError`` for a missing path.

    >>> layers = read_layers(packaged_network("insert"), "insert")
    >>> layers.game, len(layers.l1_weight), layers.l3_bias.typecode
    ('insert', 18432, 'i')
    >>> import io
    >>> read_layers(io.BytesIO(b"not a network"))
    Traceback (most recent call last):
    ...
    yinsh.engine.network.NetworkError: not a network file (a NumPy .npz): File is not a zip file
    """
    try:
        found = npz.read_npz(file, names=(*ARRAYS, "meta"))
    except npz.NpyError as exc:
        if exc.member is not None:
            raise NetworkError(f"an array of the file is unreadable: {exc}") from None
        if exc.single:
            raise NetworkError("not a network file: a single .npy array, not an .npz") from None
        raise NetworkError(f"not a network file (a NumPy .npz): {exc}") from None
    missing = [name for name in (*ARRAYS, "meta") if name not in found]
    if missing:
        raise NetworkError(f"the file lacks {', '.join(missing)}")
    text = found["meta"]
    if text.shape != () or text.text is None:
        raise NetworkError(f"meta must be a 0-d unicode string, not {text.dtype} {text.shape}")
    try:
        meta = json.loads(text.text)
    except json.JSONDecodeError as exc:
        raise NetworkError(f"meta is not JSON: {exc}") from None
    game_name, features = _check_meta(meta, None if game is None else learned_game(game).name)
    _check_arrays(game_name, features, {name: (found[name].dtype, found[name].shape, found[name].values)
                                        for name in ARRAYS})
    return Layers(meta=meta, **{name: _values(found[name]) for name in ARRAYS})


def _values(found: npz.Array) -> array.array[int]:
    """The values of an integer array of the file (checked: they are there)."""
    assert found.values is not None
    return found.values


def load(file: PathOrFile, game: Optional[GameLike] = None) -> Network:
    """The network in file (a path or a binary file object), checked (of
    game, if given: else ``NetworkGameError``): ``read_layers``'s, with
    numpy arrays (so numpy is needed).

    Raises ``NetworkError`` for a file that is no ``.npz`` or breaks the
    format, ``FileNotFoundError`` for a missing path.

    >>> import io
    >>> load(io.BytesIO(b"not a network"))
    Traceback (most recent call last):
    ...
    yinsh.engine.network.NetworkError: not a network file (a NumPy .npz): ...
    """
    import numpy as np
    layers = read_layers(file, game)
    arrays = arrays_of(layers.game)
    return Network(meta=layers.meta, **{
        name: np.frombuffer(getattr(layers, name), dtype=dtype).reshape(shape).copy()
        for name, (dtype, shape) in arrays.items()})


def engine_layers(source: Union[None, str, "os.PathLike[str]", Network, Layers], game: str) -> Layers:
    """The ``Layers`` the engine plays for source, checked as a network of
    game: ``None`` (game's packaged network), a path of a ``.nnue`` file, a
    ``Network`` or ``Layers``. ``NetworkError`` for a bad one,
    ``NetworkGameError`` for one of another game, ``TypeError`` for another
    kind of source.

    >>> engine_layers(None, "yinsh") == read_layers(packaged_network("yinsh"))
    True
    """
    if source is None:
        return _packaged_layers(game, packaged_network(game))
    if isinstance(source, (Network, Layers)):
        return _checked_layers(source, game)
    if isinstance(source, (str, os.PathLike)):
        return read_layers(source, game)
    raise TypeError(f"network must be a path, a yinsh.engine.network.Network, Layers or None, "
                    f"not {type(source).__name__}")


@functools.lru_cache(maxsize=None)
def _packaged_layers(game: str, path: str) -> Layers:
    """The packaged network of game (at path), read and checked once a
    process: every engine of the learned evaluation plays it."""
    return read_layers(path, game)


def random_network(seed: int, scale: float = 1.0, game: GameLike = "yinsh") -> Network:
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
    import numpy as np
    if not isinstance(scale, (int, float)) or not scale > 0:
        raise ValueError(f"scale must be a positive number, not {scale!r}")
    name = learned_game(game).name
    features = game_features(name)
    rng = np.random.default_rng(seed)

    def uniform(limit: float, cap: int, shape: tuple[int, ...]) -> npt.NDArray[np.int64]:
        bound = min(int(round(limit * scale)), cap)
        return rng.integers(-bound, bound, size=shape, endpoint=True)

    cap = (_INT16_MAX - 501) // features.MAX_ACTIVE    # |bias| <= 500: 460 for Yinsh, 448 for Insert
    l1_weight = uniform(8, cap, (features.FEATURES, HIDDEN)).astype(np.int16)
    l1_bias = (uniform(32, 240, (HIDDEN,)) + min(int(32 * scale), 260)).astype(np.int16)
    return Network(
        l1_weight=l1_weight,
        l1_bias=l1_bias,
        l2_weight=uniform(8, 127, (2 * HIDDEN, L2)).astype(np.int8),
        l2_bias=uniform(2048, 2_000_000, (L2,)).astype(np.int32),
        l3_weight=uniform(8, 127, (L2,)).astype(np.int8),
        l3_bias=np.array(uniform(4000, 500_000, ()), dtype=np.int32),
        meta=default_meta(name, command=f"random_network({seed}, scale={scale})"
                                        + ("" if name == "yinsh" else f", game={name!r}")),
    )
