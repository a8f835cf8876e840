"""What the RL environments and self-play need of a game beyond its spec:
the part ``"rl"``. The defaults follow the board protocol.

>>> from yinsh import games
>>> rl = games.get("ludo").part("rl")
>>> rl.chance_actions, rl.player_count(), rl.player_count(2)
(6, 4, 2)
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Optional

from yinsh.parts import Part

__all__ = ["Rl"]


class Rl(Part):
    """The environments' view of a game (see the module)."""

    @property
    def chance_actions(self) -> int:
        """A bound on the ids of the chance actions (OpenSpiel's
        ``max_chance_outcomes``): 0 without chance, else the size of the
        action space (a game may say less)."""
        return self.game.num_actions if self.game.has_chance else 0

    def seats(self, board: Any) -> tuple[Any, ...]:
        """The colours in play, in turn order (the protocol's ``players``)."""
        return tuple(board.players)

    def returns(self, board: Any) -> list[float]:
        """Each seat's return: the outcome's, or 0 for every seat in play."""
        outcome = board.outcome()
        if outcome is None:
            return [0.0] * len(board.players)
        return [float(r) for r in outcome.returns]

    def action_text(self, board: Any, action: int) -> str:
        """The notation of an action id in board (``action N`` for an id
        that names no action there)."""
        try:
            to_move = getattr(board, "action_to_move", None) or self.game.module.action_to_move
            return str(to_move(action))
        except ValueError:
            return f"action {action}"

    def player_count(self, players: Optional[int] = None) -> int:
        """The players of a new game with ``players`` given (or not): two
        unless the game takes a ``players`` option."""
        return int(players or self.game.options.defaults.get("players", 2))

    def random_start(self, options: Mapping[str, Any], rng: random.Random) -> Any:
        """A start board for self-play with these options (a drawn option,
        Insert's layout, drawn from rng by the game)."""
        return self.game.new_board(options)

    def is_chance(self, board: Any) -> bool:
        """Whether the dice act next (games with ``has_chance``)."""
        return bool(self.game.has_chance and not board.is_game_over() and board.is_chance())

    def throw(self, board: Any, rng: Any) -> Any:
        """Plays the dice's outcome drawn with rng (``board.throw(rng)``)."""
        return board.throw(rng)

    def throw_action(self, board: Any, legal: Any, rng: random.Random) -> int:
        """The action id of a throw drawn with rng among the legal ones
        (self-play; not played): by ``board.chance_outcomes()``'s
        probabilities."""
        outcomes = board.chance_outcomes()
        weights = dict(outcomes)
        if len(set(weights.values())) <= 1:
            return int(legal[rng.randrange(len(legal))])
        return int(rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0])
