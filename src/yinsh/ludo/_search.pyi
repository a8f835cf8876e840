"""Type stubs of Ludo's compiled search module: the interface every
game's search has (yinsh/engine/_search_api.pyi)."""
from yinsh.engine._search_api import (
    GAME as GAME,
    WIN_SCORE as WIN_SCORE,
    WIN_THRESHOLD as WIN_THRESHOLD,
    MAX_SEARCH_DEPTH as MAX_SEARCH_DEPTH,
    DEFAULT_PLAYOUTS as DEFAULT_PLAYOUTS,
    WEIGHT_SPECS as WEIGHT_SPECS,
    legal_actions as legal_actions,
    action_to_move as action_to_move,
    evaluate_board as evaluate_board,
    one_ply_scores as one_ply_scores,
    perft as perft,
    AlphaBeta as AlphaBeta,
    Mcts as Mcts,
)
