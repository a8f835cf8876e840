"""The match of docs/search.md (Strength) in one command: today's default engine
against the engine of the git tag ``engine-baseline`` built from its own
sources, at equal time.

    python benchmarks/baseline_match.py --time 0.1 --games 400 --workers 2 --seed 2026

makes a git worktree of the tag beside this checkout (``../yinsh-baseline``,
or ``--tree DIR``) unless it exists, builds it in place (``python setup.py
build_ext --inplace``, about a minute and a half) unless it is built, and
runs ``yinsh match engine build:DIR`` with the other options passed on
(player A is ``--player``, default ``engine``).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

TAG = "engine-baseline"
REPO = Path(__file__).resolve().parents[1]


def ensure_tree(tree: Path) -> None:
    """A worktree of TAG at tree, built in place."""
    if not (tree / "src" / "yinsh" / "__init__.py").is_file():
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(tree), TAG], check=True)
    if not list((tree / "src" / "yinsh").glob("_search*.so")):
        subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace", "-q"], cwd=tree, check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, default=REPO.parent / "yinsh-baseline")
    parser.add_argument("--player", default="engine")
    args, rest = parser.parse_known_args()
    ensure_tree(args.tree.resolve())
    command = [sys.executable, "-m", "yinsh", "match", args.player, f"build:{args.tree}", *rest]
    print(" ".join(command[1:]), flush=True)
    return subprocess.run(command).returncode


if __name__ == "__main__":
    sys.exit(main())
