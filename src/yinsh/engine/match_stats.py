"""The statistics of matches: a score's Wilson interval, Elo differences,
the SPRT (a sequential test of an Elo difference, as fishtest's) and the
interval of a rate (first places of a seated match). ``yinsh.engine.match``
reports its results with them.

>>> round(elo(0.75), 1), format_elo(elo(1.0))
(190.8, '+inf')
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Optional

__all__ = ["score_interval", "elo", "expected_score", "format_elo", "sprt_llr", "SPRT", "wilson",
           "Z95"]

#: The normal quantile of the 95% intervals.
Z95 = 1.96


# Statistics ----------------------------------------------------------------------

def score_interval(points: Iterable[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean score and its 95% Wilson interval (a draw counts as half a win);
    unlike the normal approximation it stays inside 0..1 and does not
    shrink to nothing when every game has the same result. With n games
    and mean p, the interval is ``(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) /
    (1 + z²/n)``. Raises ``ValueError`` for no games.

    >>> ["%.3f" % x for x in score_interval([1, 1, 1, 1])]
    ['1.000', '0.510', '1.000']
    >>> ["%.3f" % x for x in score_interval([1] * 17 + [0] * 3)]
    ['0.850', '0.640', '0.948']
    """
    points = list(points)
    n = len(points)
    if n == 0:
        raise ValueError("no games: the score is not defined")
    mean = sum(points) / n
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    lo = 0.0 if mean == 0 else max(0.0, centre - half)      # exact ends (not 1 - 1e-16)
    hi = 1.0 if mean == 1 else min(1.0, centre + half)
    return mean, lo, hi


def elo(score: float) -> float:
    """The Elo difference whose expected score is score (logistic model,
    ``400 log10(score / (1 - score))``; +-inf at 1 and 0).

    >>> round(elo(0.75), 1), elo(0.5), elo(1.0)
    (190.8, 0.0, inf)
    """
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return 400 * math.log10(score / (1 - score))


def expected_score(elo_difference: float) -> float:
    """The expected score at an Elo difference, ``1 / (1 + 10^(-elo/400))``
    (the inverse of ``elo``).

    >>> round(expected_score(100), 4)
    0.6401
    """
    return 1 / (1 + 10 ** (-elo_difference / 400))


def format_elo(x: float) -> str:
    """``+191``, ``-35``, ``+inf``, ``-inf``."""
    return f"{x:+.0f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")


_SCORES = (0.0, 0.5, 1.0)          # a loss, a draw, a win
_PRIOR = 1e-3                      # what an empty count becomes (as fishtest's regularize)


def _mle(p: list[float], s: float) -> list[float]:
    """The distribution on the scores 0, 1/2, 1 of mean s under which p (the
    observed frequencies) is most likely: ``q_i = p_i / (1 + x (a_i - s))``
    with x the root of ``sum p_i (a_i - s) / (1 + x (a_i - s)) = 0`` (found by
    bisection: the sum falls from +inf to -inf across the x where every
    ``1 + x (a_i - s) > 0``, that is ``-1/(1 - s) < x < 1/s``)."""
    d = [a - s for a in _SCORES]
    lo, hi = -1 / (1 - s), 1 / s
    for _ in range(200):
        x = (lo + hi) / 2
        if x in (lo, hi):
            break
        if sum(pi * di / (1 + x * di) for pi, di in zip(p, d)) > 0:
            lo = x
        else:
            hi = x
    x = (lo + hi) / 2
    return [pi / (1 + x * di) for pi, di in zip(p, d)]


def sprt_llr(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """The log-likelihood ratio of the SPRT of H1 (A's Elo advantage is elo1)
    against H0 (it is elo0) after these results: the generalized SPRT on the
    trinomial W/D/L model with logistic Elo, as fishtest computes it
    (``LLR_logistic`` on W/D/L counts, cutechess-style bounds).

    With the counts of losses, draws and wins (a zero count replaced by
    0.001), N their sum and p their frequencies on the scores a = 0, 1/2,
    1, and ``s_k = expected_score(elo_k)``:

        LLR = N * sum_i p_i ln(q_i(s1) / q_i(s0))

    where ``q(s)`` is the distribution of mean s most likely to give p (see
    ``_mle``). Near the hypotheses this is close to the normal approximation
    ``N (s1 - s0) (2 mean - s0 - s1) / (2 var)`` (mean and variance of the
    score per game). 0 before any game.

    >>> round(sprt_llr(60, 20, 20, 0, 10), 3), round(sprt_llr(20, 20, 60, 0, 10), 3)
    (1.39, -1.488)
    """
    if wins + draws + losses == 0:
        return 0.0
    counts = [c if c > 0 else _PRIOR for c in (losses, draws, wins)]
    n = sum(counts)
    p = [c / n for c in counts]
    q0 = _mle(p, expected_score(elo0))
    q1 = _mle(p, expected_score(elo1))
    return n * sum(pi * (math.log(b) - math.log(a)) for pi, a, b in zip(p, q0, q1))


@dataclass(frozen=True)
class SPRT:
    """A sequential probability ratio test of H0: A - B = ``elo0`` Elo
    against H1: A - B = ``elo1`` (``elo0 < elo1``), with false-positive rate
    ``alpha`` and false-negative rate ``beta``. The match stops when
    ``llr(...)`` reaches ``upper = ln((1 - beta) / alpha)`` (H1 accepted)
    or ``lower = ln(beta / (1 - alpha))`` (H0 accepted).

    >>> test = SPRT(0, 10)
    >>> round(test.lower, 3), round(test.upper, 3)
    (-2.944, 2.944)
    >>> test.decision(300, 100, 200), test.decision(10, 10, 10)
    ('H1', None)

    Raises ``ValueError`` for bounds or rates out of order.
    """

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        for name in ("elo0", "elo1", "alpha", "beta"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise ValueError(f"{name} must be a finite number, not {value!r}")
        if not self.elo0 < self.elo1:
            raise ValueError(f"elo0 must be below elo1, not {self.elo0:g} and {self.elo1:g}")
        if not (0 < self.alpha < 1 and 0 < self.beta < 1 and self.alpha + self.beta < 1):
            raise ValueError(f"alpha and beta must be between 0 and 1 with a sum below 1, "
                             f"not {self.alpha:g} and {self.beta:g}")

    @property
    def lower(self) -> float:
        """The LLR at which H0 is accepted."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """The LLR at which H1 is accepted."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, wins: int, draws: int, losses: int) -> float:
        """``sprt_llr(wins, draws, losses, elo0, elo1)``."""
        return sprt_llr(wins, draws, losses, self.elo0, self.elo1)

    def decision(self, wins: int, draws: int, losses: int) -> Optional[str]:
        """``"H1"``, ``"H0"``, or ``None`` while the test goes on."""
        llr = self.llr(wins, draws, losses)
        return "H1" if llr >= self.upper else "H0" if llr <= self.lower else None

    def __str__(self) -> str:
        return (f"elo0 {self.elo0:g}, elo1 {self.elo1:g}, alpha {self.alpha:g}, "
                f"beta {self.beta:g}")


def wilson(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a rate (95% by default; ``(0, 1)`` for
    no trials).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)
