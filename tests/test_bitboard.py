"""bitboard.h's helpers and bits.h's mul_hi64 against Python's ints: the same
tests pass on the unsigned __int128 build and on the portable one (two 64-bit
words; .ci/portable-builds runs the suites on it)."""
import random

import pytest

from yinsh.yinsh import _core

MASK = (1 << 128) - 1
LOW = (1 << 64) - 1


def expected(a: int, b: int, n: int) -> dict[str, int | bool]:
    ops: dict[str, int | bool] = {
        "and": a & b, "or": a | b, "xor": a ^ b, "not": ~a & MASK, "andnot": a & ~b,
        "shr": a >> n, "shl": (a << n) & MASK, "bit": 1 << n, "below": (1 << n) - 1, "zero": 0,
        "ones": MASK, "from_u64": a & LOW, "any": a != 0, "popcount": bin(a).count("1"),
        "mul_hi64": ((a & LOW) * (b & LOW)) >> 64,
    }
    if a:
        ops["lsb"] = (a & -a).bit_length() - 1
        ops["msb"] = a.bit_length() - 1
        points = [i for i in range(128) if a >> i & 1]
        ops["select"] = points[n % len(points)]
    return ops


# Boards that meet every branch of the two-word helpers: empty words, the
# top and bottom bit of each word, shifts across the word boundary.
EDGES = [0, 1, 1 << 63, 1 << 64, 1 << 127, LOW, LOW << 64, MASK, (1 << 63) | (1 << 64), 0x5A5A << 60]


@pytest.mark.parametrize("a", EDGES)
@pytest.mark.parametrize("n", [0, 1, 11, 12, 48, 60, 63, 64, 65, 127])
def test_helpers_on_the_word_edges(a, n):
    b = EDGES[n % len(EDGES)]
    assert _core._bitboard_ops(a, b, n) == expected(a, b, n)


def test_helpers_on_random_boards():
    rng = random.Random(2026)
    for _ in range(2000):
        a, b = (rng.getrandbits(rng.choice([8, 64, 100, 128])) for _ in range(2))
        n = rng.randrange(128)
        assert _core._bitboard_ops(a, b, n) == expected(a, b, n)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="between 0 and 127"):
        _core._bitboard_ops(1, 2, 128)
    with pytest.raises(ValueError, match="128-bit board"):
        _core._bitboard_ops(1 << 128, 2, 0)
    with pytest.raises(ValueError, match="128-bit board"):
        _core._bitboard_ops(-1, 2, 0)


# bb_pop_lsb, the loop over a board's points ---------------------------------

@pytest.mark.parametrize("bits", [
    [], [0], [63], [64], [127], [0, 127], [63, 64], list(range(128)), list(range(0, 128, 7)),
])
def test_bb_pop_lsb_takes_the_bits_lowest_first(bits):
    assert _core._bitboard_points(sum(1 << b for b in bits)) == bits


def test_bb_pop_lsb_on_random_boards():
    rng = random.Random(7)
    for _ in range(500):
        x = rng.getrandbits(rng.choice([8, 64, 100, 128]))
        assert _core._bitboard_points(x) == [i for i in range(128) if x >> i & 1]
