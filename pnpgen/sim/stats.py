"""Rates with honest intervals: the Wilson score interval of k successes in n trials."""

from __future__ import annotations

import math
from typing import NamedTuple

Z95 = 1.959963984540054  # two-sided 95 %


class Interval(NamedTuple):
    """A rate with its 95 % Wilson score interval, in percent."""

    count: int
    of: int
    pct: float
    low: float
    high: float

    def excludes(self, pct: float) -> bool:
        """Whether the interval leaves out a rate (e.g. 50 % for an even game)."""
        return self.of > 0 and not self.low <= pct <= self.high

    def as_dict(self) -> dict:
        """Plain JSON-ready numbers, rounded to a tenth of a percent."""
        return {"count": self.count, "of": self.of, "pct": round(self.pct, 1), "low": round(self.low, 1),
                "high": round(self.high, 1)}


def wilson(k: int, n: int, z: float = Z95) -> Interval:
    """k of n as a rate with its Wilson score interval (well-behaved at 0 of n and n of n, unlike k/n ± z·se)."""
    if n <= 0:
        return Interval(k, n, 0.0, 0.0, 100.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Interval(k, n, 100 * p, 100 * max(0.0, centre - half), 100 * min(1.0, centre + half))
