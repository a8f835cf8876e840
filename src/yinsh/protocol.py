"""The board protocol: the interface every game's ``Board`` has.

``Board`` is a ``typing.Protocol`` (checked at run time by ``isinstance``,
by name, and by mypy with the types below): code written against it plays
Yinsh, Insert and Ludo alike. docs/architecture.md ("The board protocol")
has the table of members with what differs between the games.

>>> import yinsh
>>> from yinsh import protocol
>>> boards = [yinsh.Board(), yinsh.insert.Board(), yinsh.ludo.Board(players=2)]
>>> all(isinstance(b, protocol.Board) for b in boards)
True
>>> def play_first(board: protocol.Board[Any]) -> str:
...     move = next(iter(board.legal_moves))
...     board.push(move)
...     return f"{board.peek()} by {len(board.players)} players, now {board.phase}"
>>> [play_first(b) for b in boards]
['a2 by 2 players, now place', 'a1 by 2 players, now place', 'r1 by 2 players, now throw']
>>> [eval(repr(b)) == b for b in boards]                       # after only `import yinsh`
[True, True, True]
>>> isinstance(yinsh.ludo.Board("13/13/13/13 5/5/5/5 4-0- - - standard G").outcome(),
...            protocol.Outcome)
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Collection, Optional, Protocol, Sequence, TypeVar, Union
from typing import runtime_checkable

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from typing_extensions import Self

__all__ = ["Board", "BoardClass", "Outcome", "MoveT"]

#: The type of a game's actions (``yinsh.Move``, ``yinsh.insert.Move``, ...).
MoveT = TypeVar("MoveT")


@runtime_checkable
class Outcome(Protocol):
    """How a game ended (``board.outcome()``)."""

    @property
    def winner(self) -> Optional[int]:
        """The winning colour (the game's ``Color``), ``None`` for a draw."""

    @property
    def termination(self) -> str:
        """Why the game ended: a member of the game's ``Termination``, a
        ``str`` enum."""

    @property
    def returns(self) -> tuple[float, ...]:
        """Each player's return, in turn order (``board.players``): +1 / -1
        (0 / 0 for a draw) in the two-player games; Ludo's from the
        finishing places, summing to 0."""

    def result(self) -> str:
        """The result of the game's records (``"1-0"``; Ludo ``"GB"``)."""


@runtime_checkable
class Board(Protocol[MoveT]):
    """A game's position and the stack of actions that led to it."""

    # Actions --------------------------------------------------------------

    @property
    def legal_moves(self) -> Collection[MoveT]:
        """The legal actions now (a lazy view: ``len``, ``in``, iteration)."""

    def push(self, move: MoveT) -> None:
        """Plays move (``IllegalMoveError`` saying why; board unchanged)."""

    def push_str(self, text: str) -> MoveT:
        """Parses text in the game's notation, plays it and returns it
        (``InvalidMoveError`` / ``IllegalMoveError``; board unchanged)."""

    def parse_move(self, text: str) -> MoveT:
        """The legal action text names (the same errors as ``push_str``)."""

    def pop(self) -> MoveT:
        """Takes back the last action and returns it (``IndexError`` on an
        empty move stack)."""

    def peek(self) -> MoveT:
        """The last action, left on the stack (``IndexError`` when empty)."""

    def copy(self, *, stack: bool = True) -> Self:
        """An independent board (with the move stack unless ``stack=False``)."""

    @property
    def move_stack(self) -> Sequence[MoveT]:
        """The actions played since the board was set up (a new list)."""

    # State ----------------------------------------------------------------

    @property
    def turn(self) -> Optional[int]:
        """The colour to act (the game's ``Color``; Ludo: ``None`` once over)."""

    @property
    def players(self) -> Sequence[int]:
        """The colours in play, in turn order; ``len(board.players)`` is the
        number of players."""

    @property
    def phase(self) -> str:
        """What happens next: a member of the game's ``Phase`` (a ``str``
        enum) with ``"game_over"`` at the end."""

    def zobrist_hash(self) -> int:
        """A 64-bit hash of the position (equal positions, equal hashes)."""

    # Chance ---------------------------------------------------------------

    def is_chance(self) -> bool:
        """Whether the next action is a chance outcome (Ludo's throw
        phases); False in the deterministic games and once the game is
        over."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes, as OpenSpiel's ``chance_outcomes()``:
        ``(action id, probability)`` pairs (ids as ``legal_actions()`` and
        ``push_action`` use them, ascending; probabilities summing to 1)
        when ``is_chance()``, else empty (always empty in Yinsh and
        Insert)."""

    # End of game ----------------------------------------------------------

    def is_game_over(self) -> bool:
        """Whether the game has ended."""

    def result(self) -> str:
        """``"*"`` while playing, else ``outcome().result()``."""

    def outcome(self) -> Optional[Outcome]:
        """How the game ended, ``None`` while playing."""

    # Text and pictures ------------------------------------------------------

    def position(self) -> str:
        """The position string; the game's ``Board(s)`` reads it back."""

    def unicode(self) -> str:
        """The text diagram of ``str(board)`` drawn with Unicode symbols."""

    def _repr_svg_(self) -> str:
        """The SVG picture (Jupyter shows the board with it)."""

    # Machine learning -------------------------------------------------------

    def legal_actions(self) -> npt.NDArray[np.int64]:
        """The legal action ids, ascending (Ludo: a list, else numpy int64)."""

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """A bool array of the game's ``NUM_ACTIONS``, True at the legal ids."""

    def push_action(self, action: int) -> None:
        """Plays the action with this id (``InvalidActionError`` for an id
        that names no action, ``IllegalMoveError`` for one not legal now)."""

    def planes(self, out: Optional[npt.NDArray[np.float32]] = None,
               perspective: str = "side_to_act") -> npt.NDArray[np.float32]:
        """The float32 observation planes of the position."""


class BoardClass(Protocol[MoveT]):
    """A game's ``Board`` class: ``Board()`` a new game, ``Board(position)``
    the position of a position string."""

    def __call__(self, position: Optional[str] = None) -> Board[MoveT]:
        """The board of position, or of a new game."""
