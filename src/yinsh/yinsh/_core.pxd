# The compiled rules core of Yinsh, for modules that cimport it: every name
# the core has exported, gathered from the files that hold them (one concept
# each; docs/architecture.md):
#
#   bitboard.h/.pxd   128-bit bitboards (u128, bb_and, bb_shr, bb_pop_lsb, ...)
#   bits.h/.pxd       bit operations on 64-bit words (ctz64, popcount64, select64, ...)
#   geometry.pxd      the layout: points, directions, axes and their shifts
#   _types.pxd        sides, phases, end reasons, action kinds and packing
#   _rng.pxd          the splitmix64 PRNG
#   _tables.pxd       the board tables and Zobrist keys (built once)
#   _position.pxd     Position, pos_init, hashing, rows, the consistency check
#   _movegen.pxd      gen_moves, count_moves, count_ring_moves, ray_move_count, is_legal
#   _make.pxd         do_move, do_move_unkeyed (no Zobrist key: perft, playouts)
#   _perft.pxd        perft (one thread or several; the children of a ring move
#                     counted without making them: perft2_ring_moves)
#   _playout.pxd      random playouts (ring moves drawn from counts kept per ray)
#   _signals.pxd      Ctrl-C polling
#   _board.pxd        Move and CoreBoard (the Python boundary)
#
# The rules functions are `cdef inline` in those .pxd files: a module that
# cimports them compiles them in (no call through a function pointer), and
# reaches the tables through a pointer set once at its import.
from libc.stdint cimport int8_t, uint8_t, uint64_t

from yinsh.yinsh._board cimport CoreBoard, Move
from yinsh.yinsh._make cimport do_move
from yinsh.yinsh._movegen cimport count_moves, count_ring_moves, gen_moves, is_legal
from yinsh.yinsh._perft cimport PerftState, perft_leaves
from yinsh.yinsh._position cimport (Position, has_row, pos_check, pos_hash, pos_hash_from_scratch,
                              pos_init, pos_is_ok)
from yinsh._rng cimport rng_below, rng_next
from yinsh._signals cimport PERFT_POLL, PLAYOUT_POLL, raise_pending, signal_raised
from yinsh.yinsh._tables cimport BoardTables, board_tables
from yinsh.yinsh._types cimport *
from yinsh.bitboard cimport *
from yinsh.yinsh.geometry cimport NUM_CELLS
