"""The conformance kit (yinsh.testing) on every game of the library and the
toy dice race, and the load check (yinsh.game_check) naming every problem."""
import pytest

from yinsh import games
from yinsh.game_check import GameLoadError
from yinsh.game_kind import GameKind
from yinsh.testing import check_game
from yinsh.toys.dice.game import DiceGame


@pytest.mark.parametrize("name", ["yinsh", "insert", "ludo"])
def test_the_library_games_pass_the_kit(name):
    check_game(name)


def test_the_dice_race_passes_the_kit():
    games.register(DiceGame())
    try:
        check_game("dice")
    finally:
        games.unregister("dice")


class BrokenDice(DiceGame):
    plane_shape = (0,)
    default_evaluation = "learned"


BrokenDice.__module__ = DiceGame.__module__         # as if in the dice race's game.py


def test_the_load_check_names_every_problem():
    with pytest.raises(GameLoadError) as info:
        games.register(BrokenDice())
    message = str(info.value)
    assert "plane_shape" in message and "default_evaluation" in message and "dice" in message
    assert "dice" not in games.GAMES


def test_the_spec_is_small_and_frozen():
    public = [n for n in dir(GameKind) if not n.startswith("_")]
    assert len(public) <= 26, public
    with pytest.raises(AttributeError, match="frozen"):
        games.get("yinsh").title = "Other"
