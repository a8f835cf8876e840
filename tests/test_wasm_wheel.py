"""The library's Pyodide wheel that wasm/build writes: a real wheel for that
Pyodide (its tag, its metadata, the games' entry points, RECORD's hashes,
every compiled module), and in Pyodide under Node the same rules and the
same search as the native build: perft from each game's start and a search
of a fixed depth give the native counts, nodes and best move.

Skipped, with the reason, where Node or dpkg-deb is missing, or where the
registries of a cold build cannot be reached (an error under
YINSH_REQUIRE_ALL=1); wasm_helpers says how the site is built or given.
"""
from __future__ import annotations

import base64
import glob
import hashlib
import json
import os
import zipfile

import pytest

from wasm_helpers import ROOT, built_site, require_tools, run_python

require_tools()

#: Run natively and in Pyodide: the registry, then per game perft from the start
#: and a search of a fixed depth after some actions with each of its evaluations
#: (the learned one's network is read and evaluated in wasm SIMD), one thread.
CHECKS = """
import json
import yinsh
from yinsh import games

found = {"games": list(games.GAMES)}
for name, tags, perft_depth, actions, search_depth in %s:
    try:
        kind = games.get(name)
        board = kind.start_board(tags)
        found[name] = {"perft": int(kind.module.perft(board, perft_depth))}
        for action in actions.split():
            board.push_str(action)
        for evaluation in kind.evaluations:
            analysis = yinsh.Engine(hash_mb=16, evaluation=evaluation).analyse(board, depth=search_depth)
            found[name][evaluation] = [analysis.nodes, str(analysis.best_move), str(analysis.score)]
    except Exception as exc:
        found[name] = {"error": f"{type(exc).__name__}: {exc}"}
print(json.dumps(found))
"""
GAMES = [("yinsh", {}, 3, "d2 d3 e6 d6 i6 e10 k7 g10 f6 h7", 5), ("insert", {}, 3, "b1", 8),
         ("ludo", {"Players": "2"}, 3, "r6 r3 s-3 r6 r4 s-30 r6 r2", 6)]


def run_checks(run) -> dict:
    return json.loads(run(CHECKS % repr(GAMES)).strip().splitlines()[-1])


def run_natively(code: str) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {"__name__": "__checks__"})
    return out.getvalue()


@pytest.fixture(scope="module")
def site():
    return built_site()


@pytest.fixture(scope="module")
def wheel(site):
    build = json.loads((site / "build.json").read_text())
    with zipfile.ZipFile(site / build["wheel"]) as archive:
        yield archive


@pytest.fixture(scope="module")
def in_pyodide(site):
    return run_checks(lambda code: run_python(code, site))


@pytest.fixture(scope="module")
def native():
    return run_checks(run_natively)


def dist_info(wheel: zipfile.ZipFile, name: str) -> str:
    folder = next(n.split("/")[0] for n in wheel.namelist() if n.split("/")[0].endswith(".dist-info"))
    return wheel.read(f"{folder}/{name}").decode()


def test_the_wheel_is_tagged_for_the_pyodide_platform(site, wheel):
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())["info"]
    python = "cp" + "".join(lock["python"].split(".")[:2])
    tag = f"{python}-{python}-pyemscripten_{lock['abi_version']}_{lock['arch']}"
    build = json.loads((site / "build.json").read_text())
    assert build["wheel"].endswith(f"-{tag}.whl")
    assert build["python"] == lock["python"]
    assert f"Tag: {tag}" in dist_info(wheel, "WHEEL").splitlines()
    # Pyodide's own compiled packages carry the same platform.
    platforms = {p["file_name"].rsplit("-", 1)[1] for p in json.loads((site / "pyodide" / "pyodide-lock.json")
                 .read_text())["packages"].values() if p["file_name"].endswith("wasm32.whl")}
    assert platforms == {tag.rsplit("-", 1)[1] + ".whl"}


def test_the_metadata_declares_the_three_games(wheel):
    text = dist_info(wheel, "entry_points.txt")
    games = text.split("[yinsh.games]")[1].split("[")[0]
    entries = dict(line.replace(" ", "").split("=") for line in games.strip().splitlines())
    assert entries == {"yinsh": "yinsh.yinsh.game:YinshGame", "insert": "yinsh.insert.game:InsertGame",
                       "ludo": "yinsh.ludo.game:LudoGame"}
    metadata = dist_info(wheel, "METADATA")
    assert "Name: yinsh" in metadata.splitlines()


def test_record_lists_every_file_with_its_hash(wheel):
    lines = dist_info(wheel, "RECORD").splitlines()
    recorded = {}
    for line in lines:
        name, digest, size = line.rsplit(",", 2)
        recorded[name] = (digest, size)
    assert set(recorded) == set(wheel.namelist())
    for name, (digest, size) in recorded.items():
        if name.endswith(".dist-info/RECORD"):
            assert (digest, size) == ("", "")
            continue
        data = wheel.read(name)
        assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert int(size) == len(data)


def test_every_compiled_module_and_no_source(site, wheel):
    src = ROOT / "src"
    expected = {os.path.relpath(path, src)[:-len(".pyx")] for path in glob.glob(str(src / "yinsh/**/_*.pyx"), recursive=True)}
    for hooks in glob.glob(str(src / "yinsh/**/_hooks.pxd"), recursive=True):       # searches not rendered yet
        folder = os.path.relpath(os.path.dirname(hooks), src)
        expected.add(f"{folder}/_search")
        if os.path.exists(os.path.join(os.path.dirname(hooks), "_learned.pxd")):
            expected.add(f"{folder}/_search_learned")
    names = wheel.namelist()
    python = "".join(json.loads((site / "build.json").read_text())["python"].split(".")[:2])
    suffix = f".cpython-{python}-wasm32-emscripten.so"
    assert {n[:-len(suffix)] for n in names if n.endswith(suffix)} == expected
    assert not [n for n in names if n.endswith((".pyx", ".pxd", ".c", ".h", ".tp"))]
    assert "yinsh/yinsh/yinsh.nnue" in names and "yinsh/py.typed" in names
    # The run-time data pyproject installs (the review's win/draw/loss models, the levels).
    for data in ("wdl.json", "levels.json"):
        for path in glob.glob(str(src / f"yinsh/**/{data}"), recursive=True):
            assert os.path.relpath(path, src).replace(os.sep, "/") in names
    assert not [n for n in names if "/tests/" in n or "__pycache__" in n]


def test_the_registry_lists_the_three_games(in_pyodide):
    assert in_pyodide["games"][:3] == ["yinsh", "insert", "ludo"]


@pytest.mark.parametrize("game", [name for name, *_ in GAMES])
def test_perft_and_search_as_native(game, in_pyodide, native):
    assert "error" not in native[game], native[game]
    assert "classic" in native[game]
    assert in_pyodide[game] == native[game]
