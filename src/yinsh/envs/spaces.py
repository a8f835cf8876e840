"""What the PettingZoo and Gymnasium environments share: the observation
space, the observation of a board and the pictures of ``render``.

>>> from yinsh.envs.games import GAMES
>>> observation_space(GAMES["insert"])["action_mask"]
Box(0, 1, (36,), int8)
"""
from __future__ import annotations

from typing import Any, Optional

import numpy as np
import numpy.typing as npt

from yinsh.envs import require

require(__name__, "gymnasium")

from gymnasium import logger, spaces  # noqa: E402  (after the check of the extra)

from yinsh.envs.games import Board, Game

__all__ = ["RENDER_MODES", "check_render_mode", "observation_space", "observation", "render"]

#: ``"ansi"``: the text diagram; ``"rgb_array"``: the SVG picture rasterised.
RENDER_MODES = ["ansi", "rgb_array"]


def check_render_mode(render_mode: Optional[str]) -> None:
    """``ValueError`` for a render mode other than ``RENDER_MODES`` or None."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, "
                         f"not {render_mode!r}")


def observation_space(game: Game) -> spaces.Dict:
    """``Dict(observation=Box(0, 1, planes, float32), action_mask=Box(0, 1, (actions,), int8))``."""
    return spaces.Dict({"observation": spaces.Box(0.0, 1.0, game.plane_shape, np.float32),
                        "action_mask": spaces.Box(0, 1, (game.num_actions,), np.int8)})


def observation(game: Game, board: Board, perspective: str, acts: bool) -> dict[str, npt.NDArray[Any]]:
    """The planes of board from ``perspective`` and, if that side ``acts``
    (it is the side to act of a game in play), its legal action mask (the
    planes then by their fastest path, ``"side_to_act"``); else a mask of
    zeros."""
    if acts:
        return {"observation": board.planes(None, "side_to_act"),
                "action_mask": board.legal_action_mask().view(np.int8)}
    return {"observation": board.planes(None, perspective),
            "action_mask": np.zeros(game.num_actions, np.int8)}


def render(game: Game, board: Board, render_mode: Optional[str]) -> Any:
    """The text diagram (``"ansi"``), the picture as ``uint8`` ``(height,
    width, 3)`` (``"rgb_array"``), or None with Gymnasium's warning."""
    if render_mode is None:
        logger.warn("render() without a render_mode: pass render_mode='ansi' or 'rgb_array'")
        return None
    if render_mode == "ansi":
        return str(board)
    from yinsh.envs.raster import svg_to_rgb
    return svg_to_rgb(game.svg(board))
