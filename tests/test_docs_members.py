"""docs/architecture.md's "Adding a game" is true as written: its table of
what a game's package must have is what the load check (yinsh.game_check)
checks, and every module and member it lists exists in the dice race (the
example the docs tell an author to copy) and in the library's games."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from yinsh import game_check, parts
from yinsh.game_kind import GameKind

ROOT = Path(__file__).resolve().parents[1]
#: The package of each game whose members the table must describe.
PACKAGES = {"dice": "yinsh.toys.dice", "yinsh": "yinsh.yinsh", "insert": "yinsh.insert", "ludo": "yinsh.ludo"}


def table() -> dict[str, list[str]]:
    """The rows of the table "What the package must have": its first
    column's text (without backquotes) -> the names in its second."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Adding a game\n", 1)[1].split("### What the package must have\n", 1)[1]
    section = section.split("\n### ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) != 2 or cells[0] in ("module", "---"):
            continue
        members = cells[1].split(":", 1)[-1]
        rows[cells[0].replace("`", "")] = re.findall(r"`([A-Za-z_][\w]*)`", members)
    return rows


ROWS = table()


def test_the_table_is_what_the_load_check_checks():
    assert ROWS["<package>"] == list(game_check.EXPORTS)
    for module, exports in game_check.MODULE_EXPORTS.items():
        assert ROWS[f"<package>.{module}"] == list(exports), module
    assert ROWS["Board"] == list(game_check.BOARD_MEMBERS)
    assert ROWS["Board of a game with chance"] == ["throw"]
    assert ROWS["Move"] == ["from_str"] and ROWS["Color"] == ["of"]
    assert ROWS["<package> or its Board"] == ["action_to_move"]
    listed = {row.split(" ")[0] for row in ROWS}
    assert listed == {"<package>", "Board", "Move", "Color"} | {f"<package>.{m}" for m in
                                                                game_check.MODULE_EXPORTS} | {"<package>.game"}


def test_the_spec_members_are_the_spec_s():
    spec = ROWS["<package>.game"]
    assert spec[0] == "name" and len(spec) == len(set(spec))
    for member in spec:
        assert member in vars(GameKind), f"GameKind has no {member}"
    annotated = {name for name in GameKind.__annotations__}
    assert annotated <= set(spec), f"the spec's class attributes the table leaves out: {annotated - set(spec)}"
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8").split("## Adding a game\n", 1)[1]
    for part in parts.DEFAULTS:                      # every layer's part the docs name
        assert f"`{part}`" in text, part


@pytest.mark.parametrize("game", list(PACKAGES))
def test_every_listed_member_exists(game):
    package = importlib.import_module(PACKAGES[game])
    for row, members in ROWS.items():
        if row == "<package>.game":
            spec = importlib.import_module(f"{PACKAGES[game]}.game")
            kinds = [v for v in vars(spec).values()
                     if isinstance(v, type) and issubclass(v, GameKind) and v is not GameKind]
            assert kinds, f"{spec.__name__} has no GameKind subclass"
            for member in members:
                assert hasattr(kinds[0], member), f"{kinds[0].__name__} has no {member}"
        elif row == "<package> or its Board":
            for member in members:
                assert hasattr(package, member) or hasattr(package.Board, member), member
        elif row == "Board of a game with chance":
            if game in ("dice", "ludo"):
                assert all(hasattr(package.Board, m) for m in members)
        elif row.startswith("<package>."):
            module = importlib.import_module(f"{PACKAGES[game]}.{row.split('.', 1)[1]}")
            missing = [m for m in members if not hasattr(module, m)]
            assert not missing, f"{module.__name__} has no {', '.join(missing)}"
        else:
            owner = package if row == "<package>" else getattr(package, row)
            missing = [m for m in members if not hasattr(owner, m)]
            assert not missing, f"{game}'s {row} has no {', '.join(missing)}"
