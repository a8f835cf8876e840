"""Variants as data: the number of removed rings that wins.

>>> RINGS_TO_WIN["blitz"]
1
"""

#: The rings a player must remove to win, by variant name.
RINGS_TO_WIN = {"standard": 3, "blitz": 1}


def variant_name(rings_to_win: int) -> str:
    """The variant whose games are won by removing rings_to_win rings."""
    for name, n in RINGS_TO_WIN.items():
        if n == rings_to_win:
            return name
    raise ValueError(f"no variant is won with {rings_to_win} rings")
