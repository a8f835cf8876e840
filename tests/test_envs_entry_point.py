"""The Gymnasium ids come through the package's ``gymnasium.envs`` entry point
(yinsh.envs.registration): a process that imports only gymnasium makes them."""
import os
import pathlib
import subprocess
import sys
from importlib import metadata

import gymnasium  # noqa: F401  (the rl extra: without it the module is skipped, conftest.py)
import pytest

import yinsh

try:
    import tomllib
except ImportError:                          # Python 3.10: pytest's own dependency
    import tomli as tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]
GROUP = "gymnasium.envs"

# What `import gymnasium` does with the entry points on Gymnasium 0.26..0.29
# (gymnasium.envs.registration.load_plugin_envs); 1.0 removed it, so there the
# same steps are taken here, by hand, after the import.
ONLY_GYMNASIUM = """
import sys
from importlib import metadata
import gymnasium
from gymnasium.envs import registration
if not hasattr(registration, "load_plugin_envs"):
    for entry in metadata.entry_points(group="gymnasium.envs"):
        with registration.namespace(entry.name):
            entry.load()()
print(sorted(i for i in gymnasium.registry if i.startswith("yinsh/")))
print("yinsh.envs.gymnasium_envs" in sys.modules)
env = gymnasium.make("yinsh/Insert-v0", opponent="greedy")
observation, info = env.reset(seed=0)
print(observation["observation"].shape, type(env.unwrapped).__name__)
"""


def declared_entry_points():
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    return project.get("entry-points", {}).get(GROUP, {})


def test_pyproject_declares_the_registration_function():
    from yinsh.envs.registration import register_envs
    assert declared_entry_points() == {"yinsh": "yinsh.envs.registration:register_envs"}
    entry = metadata.EntryPoint("yinsh", declared_entry_points()["yinsh"], GROUP)
    assert entry.load() is register_envs


def test_a_process_that_imports_only_gymnasium_makes_the_ids(tmp_path):
    """The entry point as an install writes it (a dist-info folder's
    entry_points.txt, from pyproject.toml) on the path of a fresh process."""
    info = tmp_path / "yinsh_entry_point_check-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: yinsh-entry-point-check\nVersion: 0\n")
    lines = [f"{name} = {value}" for name, value in declared_entry_points().items()]
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n" + "\n".join(lines) + "\n")
    source = pathlib.Path(yinsh.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(source)])}
    out = subprocess.run([sys.executable, "-c", ONLY_GYMNASIUM], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    ids, imported, made = out.stdout.splitlines()
    assert ids == "['yinsh/Insert-v0', 'yinsh/Ludo-v0', 'yinsh/Yinsh-v0']"
    assert imported == "False"            # registering imports no environment module
    assert made == "(10, 6, 6) InsertEnv"


def test_the_installed_metadata_holds_the_entry_point():
    """Once the package is installed from this tree (``pip install -e .``
    writes the metadata), its entry point is the one pyproject.toml declares."""
    installed = {e.name: e.value for e in metadata.distribution("yinsh").entry_points
                 if e.group == GROUP}
    if not installed:
        pytest.skip("the installed yinsh metadata predates the gymnasium.envs entry point "
                    "(pip install -e . writes it)")
    assert installed == declared_entry_points()
