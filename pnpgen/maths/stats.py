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


def rate_text(v: dict) -> str:
    """'45.2% [43.7, 46.8] of 4000': a rate (Interval.as_dict) with its 95 % Wilson interval and its number of games."""
    return f"{v['pct']:g}% [{v['low']:g}, {v['high']:g}] of {v['of']}"


def wilson(k: int, n: int, z: float = Z95) -> Interval:
    """k of n as a rate with its Wilson score interval (well-behaved at 0 of n and n of n, unlike k/n ± z·se)."""
    if n <= 0:
        return Interval(k, n, 0.0, 0.0, 100.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Interval(k, n, 100 * p, 100 * max(0.0, centre - half), 100 * min(1.0, centre + half))


def games_for(points: float, pct: float = 50.0, z: float = Z95) -> int:
    """Games needed for a rate near `pct` percent to be known within ±`points` (95 %)."""
    p = pct / 100
    return math.ceil(z * z * p * (1 - p) / (points / 100) ** 2)


SMALL_EDGE = 5.0  # points: the edge a designer asks about ("is it 55 / 45?")


def margin(n: int, even: float = 50.0) -> dict:
    """How far a rate near an even game's can stray by chance at n games: the 95 % interval's half-width in points,
    and the games that bring it down to SMALL_EDGE points."""
    interval = wilson(round(n * even / 100), n)
    return {"of": n, "points": round((interval.high - interval.low) / 2, 1), "small_edge": SMALL_EDGE,
            "games_for_small_edge": games_for(SMALL_EDGE, even)}


def margin_line(m: dict) -> str:
    """The margin in words, for the table and the report."""
    if not m["of"]:
        return "margin: no finished game, so no rate can be read"
    out = (f"margin: ±{m['points']:g} points (95 %) at {m['of']} finished games: an edge smaller than that cannot be "
           "told from an even game")
    if m["points"] > m["small_edge"]:
        out += f" (a {m['small_edge']:g}-point edge needs {m['games_for_small_edge']} games)"
    return out


def resolution_line(points: float, finished: int, game: str) -> str:
    """What a quick simulation can see, in words: the smallest edge (`points`, the widest half-interval) its games
    tell from an even game, and, when that is wider than SMALL_EDGE, how many games would tell one."""
    if not finished:
        return "no game finished, so no edge can be told"
    told = math.ceil(points * 10) / 10
    if points <= SMALL_EDGE:
        return f"{finished} finished games tell an edge of {told:g} points or more from an even game"
    needed = math.ceil(finished * (points / SMALL_EDGE) ** 2 / 100) * 100
    return (f"{finished} finished games cannot tell an edge under {told:g} points from an even game; run "
            f"`pnpgen simulate {game} --games {needed}` to tell one of {SMALL_EDGE:g}")


def two_proportions(k1: float, n1: int, k2: float, n2: int) -> float:
    """The two-sided p-value of k1 of n1 against k2 of n2 (pooled two-proportion z-test); 1.0 when undefined."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    pooled = (k1 + k2) / (n1 + n2)
    if not 0.0 <= pooled <= 1.0:
        return 1.0
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    return math.erfc(abs(k1 / n1 - k2 / n2) / se / math.sqrt(2))


def two_means(hist1: dict, hist2: dict) -> float:
    """The two-sided p-value of the difference of two means, each from a histogram {value: count} (Welch's
    large-sample z-test); 1.0 when undefined."""
    stats = []
    for hist in (hist1, hist2):
        n = sum(hist.values())
        if n < 2:
            return 1.0
        mean = sum(float(v) * c for v, c in hist.items()) / n
        var = sum(c * (float(v) - mean) ** 2 for v, c in hist.items()) / (n - 1)
        stats.append((mean, var, n))
    (m1, v1, n1), (m2, v2, n2) = stats
    se = math.sqrt(v1 / n1 + v2 / n2)
    if se == 0:
        return 1.0 if m1 == m2 else 0.0
    return math.erfc(abs(m1 - m2) / se / math.sqrt(2))
