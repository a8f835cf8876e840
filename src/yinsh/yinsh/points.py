"""The 85 points of Yinsh by name, python-chess style: ``E5`` is the point e5.

A point is the int ``column * 11 + (row - 1)`` (``yinsh.yinsh.geometry``);
the names are spelled out here, not made at import, so that type checkers
see them. ``from yinsh import E5`` and ``yinsh.E5`` reach them too.

>>> from yinsh.yinsh.points import E5
>>> import yinsh
>>> E5, yinsh.point_name(E5), yinsh.parse_point("e5") == E5
(48, 'e5', True)
"""

__all__ = [
    "A2", "A3", "A4", "A5",
    "B1", "B2", "B3", "B4", "B5", "B6", "B7",
    "C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8",
    "D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9",
    "E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9", "E10",
    "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10",
    "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "G10", "G11",
    "H3", "H4", "H5", "H6", "H7", "H8", "H9", "H10", "H11",
    "I4", "I5", "I6", "I7", "I8", "I9", "I10", "I11",
    "J5", "J6", "J7", "J8", "J9", "J10", "J11",
    "K7", "K8", "K9", "K10",
]

#: The points of column a: a2 to a5.
A2, A3, A4, A5 = 1, 2, 3, 4
#: The points of column b: b1 to b7.
B1, B2, B3, B4, B5, B6, B7 = 11, 12, 13, 14, 15, 16, 17
#: The points of column c: c1 to c8.
C1, C2, C3, C4, C5, C6, C7, C8 = 22, 23, 24, 25, 26, 27, 28, 29
#: The points of column d: d1 to d9.
D1, D2, D3, D4, D5, D6, D7, D8, D9 = 33, 34, 35, 36, 37, 38, 39, 40, 41
#: The points of column e: e1 to e10.
E1, E2, E3, E4, E5, E6, E7, E8, E9, E10 = 44, 45, 46, 47, 48, 49, 50, 51, 52, 53
#: The points of column f: f2 to f10.
F2, F3, F4, F5, F6, F7, F8, F9, F10 = 56, 57, 58, 59, 60, 61, 62, 63, 64
#: The points of column g: g2 to g11.
G2, G3, G4, G5, G6, G7, G8, G9, G10, G11 = 67, 68, 69, 70, 71, 72, 73, 74, 75, 76
#: The points of column h: h3 to h11.
H3, H4, H5, H6, H7, H8, H9, H10, H11 = 79, 80, 81, 82, 83, 84, 85, 86, 87
#: The points of column i: i4 to i11.
I4, I5, I6, I7, I8, I9, I10, I11 = 91, 92, 93, 94, 95, 96, 97, 98
#: The points of column j: j5 to j11.
J5, J6, J7, J8, J9, J10, J11 = 103, 104, 105, 106, 107, 108, 109
#: The points of column k: k7 to k10.
K7, K8, K9, K10 = 116, 117, 118, 119
