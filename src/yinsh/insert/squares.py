"""The 36 squares of Insert by name, python-chess style: ``C4`` is the square c4.

A square is the int ``(rank - 1) * 6 + file`` (a..f = 0..5); the names are
spelled out here, not made at import, so that type checkers see them.

>>> from yinsh import insert
>>> from yinsh.insert.squares import C4
>>> C4, insert.square_name(C4), insert.parse_square("c4") == C4
(20, 'c4', True)
"""

__all__ = [
    "A1", "A2", "A3", "A4", "A5", "A6",
    "B1", "B2", "B3", "B4", "B5", "B6",
    "C1", "C2", "C3", "C4", "C5", "C6",
    "D1", "D2", "D3", "D4", "D5", "D6",
    "E1", "E2", "E3", "E4", "E5", "E6",
    "F1", "F2", "F3", "F4", "F5", "F6",
]

#: The squares of file a: a1 to a6.
A1, A2, A3, A4, A5, A6 = 0, 6, 12, 18, 24, 30
#: The squares of file b: b1 to b6.
B1, B2, B3, B4, B5, B6 = 1, 7, 13, 19, 25, 31
#: The squares of file c: c1 to c6.
C1, C2, C3, C4, C5, C6 = 2, 8, 14, 20, 26, 32
#: The squares of file d: d1 to d6.
D1, D2, D3, D4, D5, D6 = 3, 9, 15, 21, 27, 33
#: The squares of file e: e1 to e6.
E1, E2, E3, E4, E5, E6 = 4, 10, 16, 22, 28, 34
#: The squares of file f: f1 to f6.
F1, F2, F3, F4, F5, F6 = 5, 11, 17, 23, 29, 35
