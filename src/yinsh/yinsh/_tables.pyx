# Builds the board's tables and the Zobrist keys once, at import (see
# _tables.pxd for how the other compiled modules share them), and exports the
# geometry to Python for yinsh.yinsh.geometry.
from libc.stdint cimport uint64_t
from libc.string cimport memset

from yinsh._rng cimport rng_next
from yinsh.bitboard cimport bb_bit, bb_hi, bb_lo, bb_or
from yinsh.yinsh.geometry cimport (NUM_AXES, NUM_CELLS, NUM_COLUMNS, NUM_DIRECTIONS, NUM_ROWS, axis_shift,
                             direction_dc, direction_dr, on_board, point_at)


cdef const BoardTables* board_tables() noexcept nogil:
    return &TABLES


cdef const ZobristKeys* zobrist_keys() noexcept nogil:
    return &KEYS


cdef void _build_board() noexcept:
    cdef BoardTables* T = &TABLES
    cdef int c, r, p, q, d, n, cc, rr
    memset(T, 0, sizeof(BoardTables))
    memset(T.dir_of, -1, sizeof(T.dir_of))
    memset(T.column, -1, sizeof(T.column))
    memset(T.row, -1, sizeof(T.row))
    for p in range(NUM_CELLS):
        T.bit[p] = bb_bit(p)
    for c in range(NUM_COLUMNS):
        for r in range(1, NUM_ROWS + 1):
            if not on_board(c, r):
                continue
            p = point_at(c, r)
            T.valid = bb_or(T.valid, T.bit[p])
            T.column[p] = c
            T.row[p] = r
            for d in range(NUM_DIRECTIONS):
                n = 0
                cc = c + direction_dc(d)
                rr = r + direction_dr(d)
                while on_board(cc, rr):
                    q = point_at(cc, rr)
                    T.ray[p][d][n] = q
                    T.ray_mask[p][d] = bb_or(T.ray_mask[p][d], T.bit[q])
                    n += 1
                    T.dir_of[p][q] = d
                    T.dist[p][q] = n
                    cc += direction_dc(d)
                    rr += direction_dr(d)
                T.ray_len[p][d] = n


cdef void _build_keys() noexcept:
    # The order of the draws fixes every key: changing it changes every hash
    # (and the search's node counts, which depend on the hash table).
    cdef ZobristKeys* Z = &KEYS
    cdef uint64_t state = 0
    cdef int k, p
    for k in range(4):
        for p in range(NUM_CELLS):
            Z.piece[k][p] = rng_next(&state)
    for p in range(NUM_CELLS):
        Z.flip[p] = Z.piece[2][p] ^ Z.piece[3][p]
    for k in range(2):
        Z.turn[k] = rng_next(&state)
        Z.mover[k] = rng_next(&state)
        for p in range(8):
            Z.removed[k][p] = rng_next(&state)
    for k in range(5):
        Z.phase[k] = rng_next(&state)
    for k in range(3):
        Z.passes[k] = rng_next(&state)
    for k in range(8):
        Z.variant[k] = rng_next(&state)


_build_board()
_build_keys()


def export():
    """The board's geometry as Python data, for ``yinsh.yinsh.geometry``: a dict
    of ``cells`` (121), ``points`` (the 85, ascending), ``column`` and
    ``row`` (per cell; -1 off the board), ``directions`` ((dc, dr) of each
    of the 6), ``axis_shifts`` (1, 11, 12), ``rays`` (per cell and
    direction, the points after it, nearest first) and ``valid`` (the
    points' bitboard as an int)."""
    cdef const BoardTables* T = &TABLES
    cdef int p, d, i
    rays = tuple([tuple([tuple([T.ray[p][d][i] for i in range(T.ray_len[p][d])])
                         for d in range(NUM_DIRECTIONS)]) for p in range(NUM_CELLS)])
    return {
        "cells": NUM_CELLS,
        "points": tuple([p for p in range(NUM_CELLS) if T.column[p] >= 0]),
        "column": tuple([T.column[p] for p in range(NUM_CELLS)]),
        "row": tuple([T.row[p] for p in range(NUM_CELLS)]),
        "directions": tuple([(direction_dc(d), direction_dr(d)) for d in range(NUM_DIRECTIONS)]),
        "axis_shifts": tuple([axis_shift(d) for d in range(NUM_AXES)]),
        "rays": rays,
        "valid": (<object>bb_hi(T.valid) << 64) | <object>bb_lo(T.valid),
    }
