"""Per-game results and their streaming aggregate (memory flat in the number of games)."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass
class GameResult:
    """What one finished (or stalled) game leaves behind: a few numbers and counters."""

    seed: int
    agents: tuple[str, ...]
    winners: tuple[int, ...]  # winning seats (0-based; partners win together), () when stalled
    victory: str | None  # e.g. sink | mercy | elimination; None when stalled
    rounds: int
    decisions: int
    card_plays: Counter = field(default_factory=Counter)
    dead_hands: int = 0
    hand_turns: int = 0
    reshuffles: int = 0
    hex_visits: Counter = field(default_factory=Counter)
    teams: tuple[int, ...] = ()  # team of each seat, when the game has teams


def percentile(hist: Counter, q: float) -> float:
    """The q-quantile (0..1) of values held as a histogram, nearest-rank."""
    n = sum(hist.values())
    if not n:
        return 0.0
    rank = max(1, math.ceil(q * n))
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if seen >= rank:
            return float(value)
    return float(max(hist))


def ci95(wins: int, n: int) -> float:
    """Half-width of a 95% normal-approximation interval for a proportion, in percent."""
    if n == 0:
        return 0.0
    p = wins / n
    return 196.0 * math.sqrt(p * (1 - p) / n)


@dataclass
class Aggregate:
    """Running totals over a batch of games; adding results never keeps the results themselves."""

    seats: int = 2
    games: int = 0
    finished: int = 0
    stalled_seeds: list = field(default_factory=list)
    wins_by_seat: Counter = field(default_factory=Counter)
    wins_by_team: Counter = field(default_factory=Counter)
    wins_by_agent: Counter = field(default_factory=Counter)
    games_by_agent: Counter = field(default_factory=Counter)
    victory: Counter = field(default_factory=Counter)
    rounds: Counter = field(default_factory=Counter)
    decisions: Counter = field(default_factory=Counter)
    card_plays: Counter = field(default_factory=Counter)
    dead_hands: int = 0
    hand_turns: int = 0
    reshuffles: int = 0
    hex_visits: Counter = field(default_factory=Counter)
    board: Any = field(default=None, compare=False, repr=False)  # the board played on (for the heat map)

    MAX_STALLED_LISTED = 20

    def add(self, r: GameResult) -> None:
        """Fold one game's result into the totals."""
        self.games += 1
        self.rounds[r.rounds] += 1
        self.decisions[r.decisions] += 1
        self.card_plays.update(r.card_plays)
        self.dead_hands += r.dead_hands
        self.hand_turns += r.hand_turns
        self.reshuffles += r.reshuffles
        self.hex_visits.update(r.hex_visits)
        for a in set(r.agents):
            self.games_by_agent[a] += 1
        if not r.winners:
            if len(self.stalled_seeds) < self.MAX_STALLED_LISTED:
                self.stalled_seeds.append(r.seed)
            return
        self.finished += 1
        self.victory[r.victory] += 1
        for seat in r.winners:
            self.wins_by_seat[seat] += 1
        if r.teams:
            self.wins_by_team[r.teams[r.winners[0]]] += 1
        if len(set(r.agents)) > 1:
            for a in {r.agents[seat] for seat in r.winners}:
                self.wins_by_agent[a] += 1

    def merge(self, other: Aggregate) -> None:
        """Fold another aggregate's totals into this one (order does not matter but for stalled seeds)."""
        self.games += other.games
        self.finished += other.finished
        room = self.MAX_STALLED_LISTED - len(self.stalled_seeds)
        self.stalled_seeds.extend(other.stalled_seeds[:max(0, room)])
        for name in ("wins_by_seat", "wins_by_team", "wins_by_agent", "games_by_agent", "victory", "rounds",
                     "decisions", "card_plays", "hex_visits"):
            getattr(self, name).update(getattr(other, name))
        self.dead_hands += other.dead_hands
        self.hand_turns += other.hand_turns
        self.reshuffles += other.reshuffles

    @property
    def stalled(self) -> int:
        """Games that hit the round cap without a winner."""
        return self.games - self.finished

    def to_dict(self) -> dict:
        """The whole result as plain JSON-ready data."""
        n = self.finished
        return {
            "games": self.games,
            "finished": n,
            "stalled": self.stalled,
            "stalled_seeds": list(self.stalled_seeds),
            "wins_by_seat": {f"p{s + 1}": _rate(self.wins_by_seat[s], n) for s in range(self.seats)},
            "wins_by_team": {str(t): _rate(w, n) for t, w in sorted(self.wins_by_team.items())},
            "wins_by_agent": {a: _rate(self.wins_by_agent[a], self.games_by_agent[a])
                              for a in sorted(self.games_by_agent)} if self.wins_by_agent else {},
            "victory": {k: _rate(v, n) for k, v in sorted(self.victory.items())},
            "rounds": _dist(self.rounds),
            "decisions": _dist(self.decisions),
            "card_plays": dict(sorted(self.card_plays.items(), key=lambda kv: (-kv[1], kv[0]))),
            "dead_hands": {"count": self.dead_hands, "turns": self.hand_turns,
                           "rate": round(self.dead_hands / self.hand_turns, 4) if self.hand_turns else 0.0},
            "reshuffles": {"total": self.reshuffles,
                           "per_game": round(self.reshuffles / self.games, 3) if self.games else 0.0},
            "hex_visits": {f"{q},{r}": v for (q, r), v in sorted(self.hex_visits.items())},
        }


def _rate(k: int, n: int) -> dict:
    return {"count": k, "of": n, "pct": round(100.0 * k / n, 1) if n else 0.0, "ci95": round(ci95(k, n), 1)}


def _dist(hist: Counter) -> dict:
    n = sum(hist.values())
    mean = sum(v * c for v, c in hist.items()) / n if n else 0.0
    return {"mean": round(mean, 2), "p10": percentile(hist, 0.1), "p50": percentile(hist, 0.5),
            "p90": percentile(hist, 0.9), "histogram": {str(k): hist[k] for k in sorted(hist)}}
