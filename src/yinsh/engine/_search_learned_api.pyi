"""Type stubs of the interface of every game's compiled search module with
the learned evaluation (rendered by setup.py from the templates with the
game's _hooks_learned.pxd): the interface every game's search has
(_search_api.pyi), the searchers taking the network they own, and the
accumulators' test walk. Stub-only: each game's _search_learned.pyi
re-exports it."""
import os
from typing import Optional, Union

from yinsh.engine import _search_api
from yinsh.engine._search_api import (DEFAULT_PLAYOUTS, GAME, MAX_SEARCH_DEPTH, WEIGHT_SPECS, WIN_SCORE,
                                      WIN_THRESHOLD, Board, action_to_move, evaluate_board, legal_actions,
                                      one_ply_scores, perft)
from yinsh.engine.network import Layers, Network

NetworkSource = Union[None, str, "os.PathLike[str]", Network, Layers]

class AlphaBeta(_search_api.AlphaBeta):
    network: NetworkSource
    def __init__(self, hash_mb: int = 16, threads: int = 1, network: NetworkSource = None) -> None: ...

class Mcts(_search_api.Mcts):
    network: NetworkSource
    def __init__(self, threads: int = 1, seed: int = 0, tree_mb: int = 64,
                 network: NetworkSource = None) -> None: ...

def accumulator_walk(board: Board, seed: int, steps: int, network: NetworkSource = None) -> int: ...

__all__ = ["DEFAULT_PLAYOUTS", "GAME", "MAX_SEARCH_DEPTH", "WEIGHT_SPECS", "WIN_SCORE", "WIN_THRESHOLD",
           "AlphaBeta", "Mcts", "accumulator_walk", "action_to_move", "evaluate_board", "legal_actions",
           "one_ply_scores", "perft"]
