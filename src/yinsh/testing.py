"""A conformance kit for games: ``check_game(name)`` runs a registered game
through every layer once, as Gymnasium's ``check_env`` does for an
environment. A plugin's author calls it from their own tests::

    from yinsh.testing import check_game

    def test_my_game_fits_the_library():
        check_game("mygame")

It raises ``AssertionError`` naming the first step that fails (the load
check's ``GameLoadError`` names every problem of the spec at once). The
steps: the load check and every sibling module's (``yinsh.game_check``);
perft through the compiled hooks against the rules' perft; a search of
the engine; the bench's first positions; a short match between random
players; the terminal's status and diagram; the picture; a record written
and read back; the RL environments' view; the web page's list.
"""
from __future__ import annotations

import random
from typing import Any

from yinsh import game_check, games

__all__ = ["check_game", "STEPS"]

#: The steps ``check_game`` runs, in order.
STEPS = ("load", "perft", "engine", "bench", "match", "play", "show", "record", "rl", "web")


def check_game(name: str, *, depth: int = 3, seed: int = 2026) -> None:
    """Runs the game ``name`` (registered) through every step of ``STEPS``."""
    kind = games.get(name)
    game_check.raise_problems(kind, game_check.problems(kind))
    for module in ("players", "svg", "diagram"):
        getattr(kind, module)                      # each checked as it loads
    board = kind.new_board({})
    _step("perft", lambda: _perft(kind, board, depth))
    _step("engine", lambda: _engine(kind, board))
    _step("bench", lambda: kind.part("bench").random_playouts(2, seed))
    final = _step("match", lambda: _match(kind, seed))
    _step("play", lambda: _play(kind, final))
    _step("show", lambda: _show(final))
    _step("record", lambda: _record(final))
    _step("rl", lambda: _rl(kind, final))
    _step("web", lambda: _web(name))


def _step(what: str, run: Any) -> Any:
    try:
        return run()
    except Exception as exc:                       # named, then raised as the kit's failure
        raise AssertionError(f"yinsh.testing: the step {what!r} fails: {type(exc).__name__}: {exc}") from exc


def _perft(kind: Any, board: Any, depth: int) -> None:
    for d in range(depth + 1):
        hooks, rules = int(kind.search().perft(board, d)), int(kind.module.perft(board, d))
        assert hooks == rules, f"perft {d}: {hooks} through the hooks, {rules} by the rules"


def _engine(kind: Any, board: Any) -> None:
    from yinsh.engine import Engine
    start = board.copy()
    rng = random.Random(0)
    while not start.is_game_over() and start.is_chance():
        start.throw(rng)
    if start.is_game_over() or kind.search_problem(start, kind.algorithm(start)) is not None:
        return
    analysis = Engine(hash_mb=1).analyse(start, nodes=200)
    assert analysis.best_move in start.legal_moves, f"the engine's move {analysis.best_move} is not legal"


def _match(kind: Any, seed: int) -> Any:
    rng = random.Random(seed)
    board = kind.new_board({})
    for _ in range(kind.max_game_length):
        if board.is_game_over():
            break
        if board.is_chance():
            board.throw(rng)
        else:
            board.push(rng.choice(list(board.legal_moves)))
    assert board.ply == len(board.move_stack), "ply is not the number of actions"
    return board


def _play(kind: Any, board: Any) -> None:
    terminal = kind.part("terminal")
    assert terminal.status(board), "the terminal's status is empty"
    for orientation in (None, board.players[0]):
        assert terminal.draw(board, orientation=orientation), "the terminal's diagram is empty"
    assert terminal.draw(board, unicode=True), "the terminal's Unicode diagram is empty"


def _show(board: Any) -> None:
    from yinsh import svg
    picture = svg.board(board, size=200, coordinates=True, last_move=True, highlight=None, targets=False)
    assert picture.startswith("<svg"), "the picture is no SVG"


def _record(board: Any) -> None:
    from yinsh import record
    game = record.Game.from_board(board)
    again = record.reads(record.write(game))[0]
    assert [str(m) for m in again.actions] == [str(m) for m in game.actions], "the record does not read back"


def _rl(kind: Any, board: Any) -> None:
    rl = kind.part("rl")
    assert len(rl.returns(board)) == len(rl.seats(board))
    assert tuple(board.planes().shape) == tuple(kind.plane_shape), "planes() is not plane_shape"
    mask = board.legal_action_mask()
    assert len(mask) == kind.num_actions, "the mask is not num_actions long"


def _web(name: str) -> None:
    try:
        from yinsh.web import games as web_games
    except ImportError:                            # the web extra is not installed
        return
    assert name in web_games.WEB_GAMES, "the web page does not list the game"
