"""What `import yinsh` and `yinsh --help` load: the Yinsh API's board, not
numpy, the engine, the layers or the other games (those are imported when
first used). The times are in benchmarks/import_time.py; here only the
modules, in a fresh interpreter."""
import json
import subprocess
import sys

import yinsh
from yinsh.cli import build_parser

#: Modules (and their submodules) that `import yinsh` must not load.
NOT_ON_IMPORT = [
    "numpy", "yinsh.web", "yinsh.nn", "yinsh.envs", "yinsh.distributed", "yinsh.cli",
    "yinsh.insert", "yinsh.ludo", "yinsh.toys", "yinsh.engine", "yinsh.record", "yinsh.svg",
    "yinsh.yinsh._ml", "yinsh.yinsh._search", "yinsh.yinsh.symmetries", "yinsh.yinsh.players",
    "yinsh.yinsh.svg", "yinsh.yinsh.playouts", "yinsh.yinsh.actions",
]

#: Modules that `yinsh --help` must not load.
NOT_ON_HELP = [
    "numpy", "yinsh.web", "yinsh.nn", "yinsh.envs", "yinsh.distributed", "yinsh.cli.search",
    "yinsh.cli.play", "yinsh.insert", "yinsh.ludo", "yinsh.toys", "yinsh.engine.match",
    "yinsh.yinsh._ml", "yinsh.yinsh._search",
]


def modules_after(code: str) -> set[str]:
    """The modules loaded after running code in a fresh interpreter."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def loaded(modules: set[str], names: list[str]) -> list[str]:
    """The modules of names (or under them) among modules."""
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_import_yinsh_loads_only_the_board():
    modules = modules_after("import yinsh")
    assert loaded(modules, NOT_ON_IMPORT) == []
    assert {"yinsh.yinsh.board", "yinsh.yinsh._core"} <= modules


def test_help_loads_no_game_layer_or_numpy():
    code = ("import contextlib, io\nfrom yinsh.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
            "    main(['--help'])")
    assert loaded(modules_after(code), NOT_ON_HELP) == []


def test_every_public_name_loads():
    for module in (yinsh, yinsh.yinsh):
        for name in module.__all__ + dir(module):
            assert getattr(module, name) is not None
    assert yinsh.Engine is yinsh.engine.Engine and yinsh.symmetries is yinsh.yinsh.symmetries
    assert yinsh.NUM_ACTIONS == yinsh.yinsh.actions.NUM_ACTIONS


def test_help_lists_the_commands_as_the_full_parser():
    # The summaries of COMMANDS are those the subcommands' modules register.
    assert build_parser(commands=[]).format_help() == build_parser().format_help()


def test_the_old_name_of_the_yinsh_core_still_imports():
    """``yinsh._core`` (the Yinsh core's name before the games became
    subpackages) is kept on purpose: it is the module ``yinsh.yinsh._core``."""
    import importlib

    import yinsh.yinsh._core
    assert importlib.import_module("yinsh._core") is yinsh.yinsh._core
    from yinsh import _core
    assert _core.CoreBoard is yinsh.yinsh._core.CoreBoard
