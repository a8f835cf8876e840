"""The games and their engines work in a Python where numpy cannot be
imported (the browser: Pyodide without numpy): a fresh interpreter whose
first statement makes ``import numpy`` raise ``ImportError`` plays each game
(boards, moves, push/pop, positions, records, pictures, perft, the web
page's view) and searches it with the classic and the learned evaluation
(the packaged networks, read without numpy), with the same perft counts,
best moves and node counts as this process (which has numpy). The bulk array
APIs (masks, planes, playouts, symmetries, training) still need numpy: they
raise an ``ImportError`` that names it."""
import contextlib
import io
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from yinsh.engine import network as N

#: The first statement of the interpreter without numpy.
BLOCK_NUMPY = 'import sys; sys.modules["numpy"] = None\n'

#: What each process computes (numpy or not): a JSON-able dict. NETWORKS are
#: paths of network files written by this process (``networks``).
WORK = """
import json, random, sys
import yinsh
from yinsh import insert, ludo, record
from yinsh.web import games as web_games

def play(board, texts):
    for text in texts:
        board.push_str(text)
    return board

def searched(board, **settings):
    limit = {k: settings.pop(k) for k in ("depth", "nodes") if k in settings}
    analysis = yinsh.Engine(hash_mb=1, **settings).analyse(board, **limit)
    return [str(analysis.best_move), analysis.nodes, analysis.depth, str(analysis.score)]

def game_checks(module, board, depth):
    moves = list(board.legal_moves)
    before = board.position()
    board.push(moves[len(moves) // 2])
    again = type(board)(board.position())
    popped = board.pop()
    text = record.write(record.Game.from_board(play(board.copy(), [str(moves[0])])))
    read = record.reads(text)[0]
    svg = board._repr_svg_()
    return {"legal": [str(m) for m in moves], "perft": module.perft(board, depth),
            "popped": str(popped), "same": board.position() == before and again.position() != before,
            "record": [str(m) for m in read.actions], "svg": svg.startswith("<svg") and len(svg) > 1000}

def web_view(name, options):
    view, rng = web_games.get(name), random.Random(3)
    board = view.new_board(options)
    prompts = []
    for _ in range(60):
        if board.is_game_over() or len(prompts) == 8:
            break
        if view.needs_throw(board):
            view.throw(board, rng)
            continue
        choices = view.choices(board)
        prompts.append([view.prompt(board), len(choices), len(view.svg(board, [], True)) > 1000])
        board.push(rng.choice(list(board.legal_moves)))
    return prompts

out = {}
board = play(yinsh.Board(), "h6 g6 g8 c6 e10 f8 g11 e9 h11 d7".split())
out["yinsh"] = game_checks(yinsh, board, 2)
out["yinsh"]["learned"] = searched(board, depth=3, evaluation="learned")
out["yinsh"]["auto"] = searched(board, depth=3)
out["yinsh"]["classic"] = searched(board, depth=3, evaluation="classic")
out["yinsh"]["own network"] = [searched(board, depth=3, network=path) for path in NETWORKS]

board = play(insert.Board(layout=17), ["c3"])
out["insert"] = game_checks(insert, board, 3)
out["insert"]["learned"] = searched(board, depth=5, evaluation="learned")
out["insert"]["classic"] = searched(board, depth=5, evaluation="classic")
out["insert"]["auto"] = searched(board, depth=5)
out["insert"]["mcts learned"] = searched(board, nodes=400, evaluation="learned", algorithm="mcts")

board = play(ludo.Board(players=2), "r6 r3".split())
out["ludo"] = game_checks(ludo, board, 4)
out["ludo"]["classic"] = searched(board, depth=4)
board4 = play(ludo.Board(), "r6 r3".split())
out["ludo"]["mcts"] = searched(board4, nodes=300)
out["ludo"]["chance"] = ludo.Board().chance_outcomes()
player = ludo.players.HeuristicPlayer(seed=1)
out["ludo"]["heuristic"] = str(player.best_move(play(ludo.Board(players=2), ["r6", "r3"])))

out["web"] = {name: web_view(name, options) for name, options in
              [("yinsh", {}), ("insert", {"layout": 5}), ("ludo", {"players": 2})]}
out["numpy"] = sys.modules.get("numpy") is not None
print(json.dumps(out))
"""

#: The bulk array APIs, each tried without numpy: the error's type and
#: whether its message names numpy (or ``"no error"``).
BULK = """
import json, yinsh
from yinsh import insert, ludo
from yinsh.engine import network

def error_of(call):
    try:
        call()
    except Exception as exc:
        return [type(exc).__name__, isinstance(exc, ImportError) and "numpy" in str(exc)]
    return "no error"

calls = {
    "yinsh mask": lambda: yinsh.Board().legal_action_mask(),
    "yinsh actions": lambda: yinsh.Board().legal_actions(),
    "yinsh planes": lambda: yinsh.Board().planes(),
    "yinsh playouts": lambda: yinsh.random_playouts(2),
    "yinsh symmetries": lambda: yinsh.symmetries,
    "yinsh BatchGames": lambda: yinsh.BatchGames,
    "insert mask": lambda: insert.Board().legal_action_mask(),
    "insert actions": lambda: insert.Board().legal_actions(),
    "insert planes": lambda: insert.Board().planes(),
    "insert playouts": lambda: insert.random_playouts(2),
    "insert symmetries": lambda: insert.symmetries,
    "insert BatchGames": lambda: insert.BatchGames,
    "insert NUM_ACTIONS": lambda: insert.NUM_ACTIONS,
    "ludo mask": lambda: ludo.Board().legal_action_mask(),
    "ludo actions": lambda: ludo.Board().legal_actions(),
    "ludo planes": lambda: ludo.Board().planes(),
    "ludo playouts": lambda: ludo.random_playouts(2),
    "ludo BatchGames": lambda: ludo.BatchGames,
    "feature maps": lambda: network.game_features("yinsh").FEATURE_MAPS,
    "network load": lambda: network.load(network.packaged_network("yinsh")),
    "random network": lambda: network.random_network(0),
    "training": lambda: __import__("yinsh.nn.train"),
}
print(json.dumps({name: error_of(call) for name, call in calls.items()}))
"""


def run_python(code: str, *, numpy: bool) -> dict:
    """The JSON that code prints last, run in a fresh interpreter (without
    numpy unless numpy)."""
    script = ("" if numpy else BLOCK_NUMPY) + code
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout.splitlines()[-1])


@pytest.fixture(scope="module")
def networks(tmp_path_factory) -> list[str]:
    """Two files of one random network: as ``save`` writes it, and with
    its 2-D arrays in Fortran order (numpy writes those as they are)."""
    folder = tmp_path_factory.mktemp("networks")
    net = N.random_network(5, scale=4.0)
    plain, fortran = str(folder / "plain.nnue"), str(folder / "fortran.nnue")
    N.save(net, plain)
    arrays = {name: np.asfortranarray(a) if a.ndim == 2 else a for name, a in net.arrays().items()}
    arrays["meta"] = np.array(json.dumps(net.meta))
    np.savez(fortran, **arrays)
    os.replace(fortran + ".npz", fortran)
    return [plain, fortran]


def run_here(code: str) -> dict:
    """The JSON that code prints last, run in this process (numpy loaded)."""
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(code, "WORK", "exec"), {"__name__": "work"})
    return json.loads(output.getvalue().splitlines()[-1])


@pytest.fixture(scope="module")
def results(networks) -> tuple[dict, dict]:
    """WORK's answer in this process (numpy loaded) and in a Python without numpy."""
    code = f"NETWORKS = {networks!r}\n" + textwrap.dedent(WORK)
    return run_here(code), run_python(code, numpy=False)


def test_the_fortran_file_is_fortran_ordered(networks):
    with np.load(networks[1]) as raw:
        assert np.isfortran(raw["l1_weight"]) and np.isfortran(raw["l2_weight"])


def test_every_game_plays_and_searches_the_same_without_numpy(results):
    with_numpy, without = results
    assert with_numpy["numpy"] and not without["numpy"]
    for game in ("yinsh", "insert", "ludo"):
        assert without[game] == with_numpy[game], game
    assert without["web"] == with_numpy["web"]


def test_what_the_comparison_covers(results):
    """The answers compared are real ones (a broken game would not give them)."""
    mine = results[0]
    assert mine["yinsh"]["perft"] > 1000 and mine["insert"]["perft"] > 100 and mine["ludo"]["perft"] > 10
    for game in ("yinsh", "insert", "ludo"):
        assert mine[game]["same"] and mine[game]["svg"] and mine[game]["record"]
    learned, classic = mine["yinsh"]["learned"], mine["yinsh"]["classic"]
    assert learned[1] > 100 and classic[1] > 100 and learned != classic
    assert mine["yinsh"]["auto"] == learned                       # Yinsh's default is the learned one
    assert mine["insert"]["learned"] != mine["insert"]["classic"]
    own = mine["yinsh"]["own network"]
    assert own[0] == own[1] != learned                             # the same network in either order
    assert all(len(prompts) == 8 for prompts in mine["web"].values()), mine["web"]
    assert mine["ludo"]["chance"] == [[a, 1 / 6] for a in range(6)]


def test_the_packaged_network_as_a_numpy_network_plays_the_same(results):
    """The learned search without numpy (the packaged network read by the
    standard library) is the search of the same network loaded with numpy."""
    import yinsh
    from yinsh import insert
    board = yinsh.Board()
    for text in "h6 g6 g8 c6 e10 f8 g11 e9 h11 d7".split():
        board.push_str(text)
    net = N.load(N.packaged_network("yinsh"))
    analysis = yinsh.Engine(hash_mb=1, network=net).analyse(board, depth=3)
    assert [str(analysis.best_move), analysis.nodes] == results[1]["yinsh"]["learned"][:2]
    board = insert.Board(layout=17)
    board.push_str("c3")
    net = N.load(N.packaged_network("insert"))
    analysis = yinsh.Engine(hash_mb=1, network=net).analyse(board, depth=5)
    assert [str(analysis.best_move), analysis.nodes] == results[1]["insert"]["learned"][:2]


def test_the_bulk_array_apis_need_numpy():
    found = run_python(textwrap.dedent(BULK), numpy=False)
    assert found == {name: ["ModuleNotFoundError", True] for name in found}, found
    assert len(found) == 22


def raw_arrays(path: str) -> dict:
    """The arrays of a network file as numpy reads them (``np.load``)."""
    with np.load(path, allow_pickle=False) as raw:
        return {name: raw[name] for name in raw.files}


@pytest.mark.parametrize("which", [0, 1, "yinsh", "insert"])
def test_read_layers_reads_what_numpy_reads(networks, which):
    """The engine's reader (the standard library) gives the arrays of
    ``np.load``, whatever the order of the file's arrays, and ``load``'s
    ``Network`` is those arrays."""
    path = networks[which] if isinstance(which, int) else N.packaged_network(which)
    raw = raw_arrays(path)
    layers, net = N.read_layers(path), N.load(path)
    assert layers.meta == net.meta == json.loads(str(raw["meta"]))
    for name, (dtype, shape) in N.arrays_of(layers.game).items():
        assert raw[name].dtype == dtype and raw[name].shape == shape
        assert getattr(layers, name).tolist() == raw[name].ravel().tolist(), name
        assert getattr(net, name).dtype == dtype and np.array_equal(getattr(net, name), raw[name])
    assert N.engine_layers(net, layers.game) == layers == N.engine_layers(path, layers.game)


def test_layers_are_checked_as_networks_are():
    layers = N.engine_layers(N.random_network(0), "yinsh")
    N.check(layers, "yinsh")
    with pytest.raises(N.NetworkGameError):
        N.check(layers, "insert")
    layers.l1_bias[3] = 32767                       # overflows the accumulator with any weight
    with pytest.raises(N.NetworkError, match="column 3 can overflow"):
        N.check(layers)
    short = N.engine_layers(N.random_network(0), "yinsh")
    short.l3_weight.pop()
    with pytest.raises(N.NetworkError, match=r"l3_weight has 31 values, expected shape \(32,\)"):
        N.engine_layers(short, "yinsh")
    wide = N.engine_layers(N.random_network(0), "yinsh")
    wide.l2_weight = wide.l1_weight
    with pytest.raises(N.NetworkError, match="l2_weight must be an array.array of typecode 'b'"):
        N.check(wide)
    with pytest.raises(TypeError, match="Network or Layers"):
        N.check(b"a network")                       # type: ignore[arg-type]


def test_a_bad_member_is_a_network_error():
    buffer = io.BytesIO()
    arrays = dict(N.random_network(0).arrays())
    arrays["meta"] = np.array(["a", "b"], dtype=object)
    np.savez(buffer, **arrays)
    with pytest.raises(N.NetworkError, match="an array of the file is unreadable: meta"):
        N.read_layers(io.BytesIO(buffer.getvalue()))
