# The part of every game's CoreBoard that knows no game: the action stack
# and the Python boundary written once on it (see _core_board.pxd). Not on
# any hot path: perft, playouts and the searches copy positions in C and
# never touch the stack.
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy

from yinsh.errors import IllegalMoveError


cdef class CoreBoardBase:
    """A game's native position and its action stack: the stack and the
    methods that read only it (a game's ``CoreBoard`` derives from it; use
    the game's ``Board``).

    >>> from yinsh import Board
    >>> board = Board()
    >>> board.push_str("e5"), board.ply, board.peek()
    (yinsh.Move.from_str('e5'), 1, yinsh.Move.from_str('e5'))
    >>> board.copy(stack=False).ply, board.copy().move_stack
    (0, [yinsh.Move.from_str('e5')])
    >>> board.pop(), board.ply
    (yinsh.Move.from_str('e5'), 0)
    >>> board.pop()
    Traceback (most recent call last):
    ...
    IndexError: pop from an empty move stack
    """

    def __cinit__(self, *args, **kwargs):
        self._history = NULL
        self._codes = NULL
        self._ply = 0
        self._capacity = 0

    def __dealloc__(self):
        free(self._history)
        free(self._codes)

    cdef int _stack_init(self, void* pos, size_t pos_size, int capacity) except -1:
        """Sets the stack up for the position at pos (pos_size bytes) with
        room for capacity actions (the subclass's __cinit__ calls it)."""
        self._pos = pos
        self._pos_size = pos_size
        self._history = <char*>malloc(capacity * pos_size)
        self._codes = <int*>malloc(capacity * sizeof(int))
        if self._history == NULL or self._codes == NULL:
            raise MemoryError()
        self._capacity = capacity
        return 0

    cdef int _reserve(self, int n) except -1:
        """Makes room for a stack of n actions."""
        cdef int capacity = self._capacity
        cdef char* h
        cdef int* c
        while capacity < n:
            capacity *= 2
        if capacity == self._capacity:
            return 0
        h = <char*>realloc(self._history, capacity * self._pos_size)
        if h == NULL:
            raise MemoryError()
        self._history = h
        c = <int*>realloc(self._codes, capacity * sizeof(int))
        if c == NULL:
            raise MemoryError()
        self._codes = c
        self._capacity = capacity
        return 0

    cdef int _record(self, int code) except -1:
        """Puts the position and the code of the action about to be played
        on the stack (a game's _play calls it, then plays)."""
        if self._ply >= self._capacity:
            self._reserve(self._ply + 1)
        memcpy(self._history + self._ply * self._pos_size, self._pos, self._pos_size)
        self._codes[self._ply] = code
        self._ply += 1
        return 0

    cdef int _legal_action(self, int code) except -1:
        """The action of code if it is legal here, else IllegalMoveError
        saying why."""
        cdef int action = self._action_of(code)
        if action < 0:
            raise IllegalMoveError("illegal move " + self._why(code))
        return action

    cdef object _move_of(self, int code):
        raise NotImplementedError

    cdef int _code_of(self, object move, str where) except -1:
        raise NotImplementedError

    cdef int _parse(self, object text) except -1:
        raise NotImplementedError

    cdef int _action_of(self, int code) except -2:
        raise NotImplementedError

    cdef str _why(self, int code):
        raise NotImplementedError

    cdef int _play(self, int action, int code) except -1:
        raise NotImplementedError

    cdef list _legal_codes(self):
        raise NotImplementedError

    cdef int _count_legal(self) except -1:
        raise NotImplementedError

    cdef bint _has_legal(self) except -1:
        raise NotImplementedError

    cdef int _copy_rest(self, CoreBoardBase other) except -1:
        return 0

    def push(self, move):
        """Plays move, a ``Move``. Raises ``IllegalMoveError`` (saying why) if
        the position does not allow it; the board is then unchanged.

        ``push``, ``is_legal`` and ``in legal_moves`` take a ``Move`` and raise
        ``TypeError`` for anything else, text included: text goes through
        ``push_str`` or ``parse_move``, which say why it is not an action."""
        cdef int code = self._code_of(move, "push")
        self._play(self._legal_action(code), code)

    def push_str(self, text):
        """Parses text (a ``str`` in the notation), plays it and returns the
        ``Move``. Raises ``InvalidMoveError`` or ``IllegalMoveError`` (both
        ``ValueError``) for any str it does not play, ``TypeError`` for a
        non-str; the board is then unchanged."""
        cdef int code = self._parse(text)
        self._play(self._legal_action(code), code)
        return self._move_of(code)

    def parse_move(self, text):
        """The legal ``Move`` that text (a ``str``) names in this position.
        Raises ``InvalidMoveError`` or ``IllegalMoveError`` (both
        ``ValueError``), or ``TypeError`` for a non-str."""
        cdef int code = self._parse(text)
        self._legal_action(code)
        return self._move_of(code)

    def is_legal(self, move):
        """Whether move (a ``Move``) is legal here. Raises ``TypeError`` for
        anything else, text included (see ``push``)."""
        return self._action_of(self._code_of(move, "is_legal")) >= 0

    def pop(self):
        """Takes back the last action and returns it. Raises ``IndexError``
        on an empty move stack."""
        if self._ply == 0:
            raise IndexError("pop from an empty move stack")
        self._ply -= 1
        memcpy(self._pos, self._history + self._ply * self._pos_size, self._pos_size)
        return self._move_of(self._codes[self._ply])

    def peek(self):
        """The last action of the move stack, left on it. Raises
        ``IndexError`` on an empty move stack (like ``pop``)."""
        if self._ply == 0:
            raise IndexError("peek at an empty move stack")
        return self._move_of(self._codes[self._ply - 1])

    @property
    def move_stack(self):
        """The actions played since the board was set up (a new list)."""
        return [self._move_of(self._codes[i]) for i in range(self._ply)]

    @property
    def ply(self):
        """The number of actions on the move stack."""
        return self._ply

    def clear_stack(self):
        """Forgets the move stack, keeping the position."""
        self._ply = 0

    def copy(self, *, stack=True):
        """A copy of the board, with its move stack unless ``stack=False``."""
        cdef CoreBoardBase b = type(self).__new__(type(self))
        memcpy(b._pos, self._pos, self._pos_size)
        self._copy_rest(b)
        if stack:
            b._reserve(self._ply)
            memcpy(b._history, self._history, self._ply * self._pos_size)
            memcpy(b._codes, self._codes, self._ply * sizeof(int))
            b._ply = self._ply
        return b

    def __copy__(self):
        return self.copy()


cdef class LegalMovesBase:
    """Lazy view of a board's legal actions: iterate, ``len``, ``count()``,
    ``in`` and ``bool``; nothing is generated until asked. ``in`` takes a
    ``Move`` (like ``push`` and ``is_legal``) and raises ``TypeError`` for
    anything else, text included (``board.parse_move(text)`` checks text)."""

    def __cinit__(self, CoreBoardBase board not None):
        self.board = board

    def __iter__(self):
        return iter([self.board._move_of(code) for code in self.board._legal_codes()])

    def __len__(self):
        return self.board._count_legal()

    def count(self):
        """The number of legal actions."""
        return self.board._count_legal()

    def __bool__(self):
        return self.board._has_legal()

    def __contains__(self, move):
        """Whether move (a ``Move``) is legal. Raises ``TypeError`` for
        anything else, text included, rather than answering False."""
        return self.board._action_of(self.board._code_of(move, "'in legal_moves'")) >= 0

    def __repr__(self):
        return f"<LegalMoves ({', '.join(str(m) for m in self)})>"


cdef class MoveBase:
    """One action of a game, a frozen value: hashed, compared and ordered by
    its code; ``str`` is its notation and ``repr`` pastes back into Python.
    A game's ``Move`` derives from it (with ``@cython.auto_pickle(False)``,
    so that this ``__reduce__`` serves it).

    >>> from yinsh import Move
    >>> Move.from_str("e5-e9"), str(Move.from_str("e5-e9"))
    (yinsh.Move.from_str('e5-e9'), 'e5-e9')
    >>> Move.from_str("e5") < Move.from_str("e5-e9"), Move.from_str("e5") == Move.from_str("E5")
    (True, True)
    """

    cdef str _text(self):
        raise NotImplementedError

    cdef str _public_name(self):
        raise NotImplementedError

    def __str__(self):
        return self._text()

    def __repr__(self):
        return f"{self._public_name()}.from_str({self._text()!r})"

    def __hash__(self):
        return self.code

    def __eq__(self, other):
        if isinstance(other, type(self)):
            return self.code == (<MoveBase>other).code
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, type(self)):
            return self.code < (<MoveBase>other).code
        return NotImplemented

    def __reduce__(self):
        return (type(self).from_str, (self._text(),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self
