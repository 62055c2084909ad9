"""Per-game results and their streaming aggregate (memory flat in the number of games)."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from ..errors import PnpgenError
from ..maths.stats import Interval, margin, wilson


@dataclass
class GameResult:
    """What one game leaves behind, finished or stopped unfinished at the round budget: a few numbers, and the
    engine's figures."""

    seed: int
    agents: tuple[str, ...]  # by seat
    winners: tuple[int, ...]  # winning seats (0-based; partners win together), () when unfinished
    victory: str | None  # how it was won ('sink', 'points' ...); None when unfinished
    rounds: int
    decisions: int
    roles: dict[str, int] = field(default_factory=dict)  # role -> seat (0-based) that held it
    teams: tuple = ()  # team of each seat, when the game has teams
    figures: dict = field(default_factory=dict)  # the engine's: name -> Counter (summed) or number (averaged)
    finished: bool | None = None  # the game reached its end by the rules (None: it has winners)

    def __post_init__(self):
        if self.finished is None:
            self.finished = bool(self.winners)


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


@dataclass
class Aggregate:
    """Running totals over a batch of games; adding results never keeps the results themselves."""

    seats: int = 2
    games: int = 0
    finished: int = 0
    sides: int = 0  # sides playing against each other (teams, else seats): 0 until a game is added
    unfinished_seeds: list = field(default_factory=list)
    wins_by_seat: Counter = field(default_factory=Counter)
    wins_by_team: Counter = field(default_factory=Counter)
    wins_by_agent: Counter = field(default_factory=Counter)
    games_by_agent: Counter = field(default_factory=Counter)
    wins_by_role: Counter = field(default_factory=Counter)
    games_by_role: Counter = field(default_factory=Counter)
    seat_of_role: dict = field(default_factory=dict)  # role -> Counter of the seats that held it
    victory: Counter = field(default_factory=Counter)
    rounds: Counter = field(default_factory=Counter)
    decisions: Counter = field(default_factory=Counter)
    figures: dict = field(default_factory=dict)  # name -> Counter, or the sum of a number over the games

    MAX_UNFINISHED_LISTED = 20
    COUNTERS = ("wins_by_seat", "wins_by_team", "wins_by_agent", "games_by_agent", "wins_by_role", "games_by_role",
                "victory", "rounds", "decisions")

    def add(self, r: GameResult) -> None:
        """Fold one game's result into the totals."""
        self.games += 1
        self.sides = self.sides or (len(set(r.teams)) if r.teams else self.seats)
        self.rounds[r.rounds] += 1
        self.decisions[r.decisions] += 1
        self._add_figures(r.figures)
        if not r.finished:
            if len(self.unfinished_seeds) < self.MAX_UNFINISHED_LISTED:
                self.unfinished_seeds.append(r.seed)
            return
        self.finished += 1
        for a in set(r.agents):
            self.games_by_agent[a] += 1
        for role, seat in r.roles.items():
            self.seat_of_role.setdefault(role, Counter())[seat] += 1
        self.games_by_role.update(r.roles.keys())  # a role's rate is of the finished games, like a seat's
        if not r.winners:
            return
        self.victory[r.victory] += 1
        for seat in r.winners:
            self.wins_by_seat[seat] += 1
        if r.teams:
            self.wins_by_team[r.teams[r.winners[0]]] += 1
        if len(set(r.agents)) > 1:
            for a in {r.agents[seat] for seat in r.winners}:
                self.wins_by_agent[a] += 1
        self.wins_by_role.update(role for role, seat in r.roles.items() if seat in r.winners)

    def _add_figures(self, figures: dict) -> None:
        for name, value in figures.items():
            if isinstance(value, Counter):
                self.figures.setdefault(name, Counter()).update(value)
            else:
                self.figures[name] = self.figures.get(name, 0) + value

    def merge(self, other: Aggregate) -> None:
        """Fold another aggregate's totals into this one (order does not matter but for unfinished seeds)."""
        self.games += other.games
        self.finished += other.finished
        self.sides = self.sides or other.sides
        room = self.MAX_UNFINISHED_LISTED - len(self.unfinished_seeds)
        self.unfinished_seeds.extend(other.unfinished_seeds[:max(0, room)])
        for name in self.COUNTERS:
            getattr(self, name).update(getattr(other, name))
        for role, seats in other.seat_of_role.items():
            self.seat_of_role.setdefault(role, Counter()).update(seats)
        self._add_figures(other.figures)

    @property
    def unfinished(self) -> int:
        """Games stopped at the round budget before the rules ended them."""
        return self.games - self.finished

    def headline_role(self) -> tuple[str, Interval]:
        """The first role the engine names (seat 1 when it names none) and its win rate of the finished games."""
        role = next(iter(self.games_by_role), None)
        if role is not None:
            return role, wilson(self.wins_by_role[role], self.games_by_role[role])
        return "p1", wilson(self.wins_by_seat[0], self.finished)

    def resolution(self) -> float:
        """The smallest edge (in points) these games can tell from an even game: the widest half of the 95 %
        intervals of the first role's win rate and of each seat's (infinite before a game finishes)."""
        if not self.finished:
            return math.inf
        rates = [self.headline_role()[1]] + [wilson(self.wins_by_seat[s], self.finished) for s in range(self.seats)]
        return max((r.high - r.low) / 2 for r in rates)

    def first_player_edge(self) -> dict:
        """The headline role's win rate against an even game's (1 / sides), with its Wilson interval, in percent;
        `clear` when the interval leaves out an even game."""
        role, rate = self.headline_role()
        even = 100.0 / (self.sides or self.seats)
        return {"role": role, "even": round(even, 1), **rate.as_dict(), "edge": round(rate.pct - even, 1),
                "clear": rate.excludes(even)}

    def to_dict(self) -> dict:
        """The whole result as plain JSON-ready data: the generic figures, then the engine's by name (a counter as
        {key: count}, most first; a number as its total and its mean per game). Every rate is a count of a number
        of games with its 95 % Wilson interval."""
        n = self.finished
        out = {
            "games": self.games,
            "finished": n,
            "unfinished": self.unfinished,
            "unfinished_seeds": list(self.unfinished_seeds),
            "finish_rate": wilson(n, self.games).as_dict(),
            "first_player_edge": self.first_player_edge(),
            "margin": margin(n, 100.0 / (self.sides or self.seats)),
            "wins_by_seat": {f"p{s + 1}": _rate(self.wins_by_seat[s], n) for s in range(self.seats)},
            "wins_by_team": {str(t): _rate(w, n) for t, w in sorted(self.wins_by_team.items())},
            "wins_by_agent": {a: _rate(self.wins_by_agent[a], self.games_by_agent[a])
                              for a in sorted(self.games_by_agent)} if self.wins_by_agent else {},
            "wins_by_role": {r: {**_rate(self.wins_by_role[r], self.games_by_role[r]),
                                 "seats": {f"p{s + 1}": k for s, k in sorted(self.seat_of_role.get(r, {}).items())}}
                             for r in self.games_by_role},
            "victory": {k: _rate(v, n) for k, v in sorted(self.victory.items())},
            "rounds": _dist(self.rounds),
            "decisions": _dist(self.decisions),
        }
        for name, value in sorted(self.figures.items()):
            if name in out:
                raise PnpgenError(f"the engine's figure '{name}' has the name of a generic one")
            if isinstance(value, Counter):
                out[name] = {_key(k): v for k, v in sorted(value.items(), key=lambda kv: (-kv[1], _key(kv[0])))}
            else:
                out[name] = {"total": value, "mean": round(value / self.games, 3) if self.games else 0.0}
        return out


def _key(k) -> str:
    """A counter's key as JSON text: a tuple (a cell) as its numbers joined by commas."""
    return ",".join(map(str, k)) if isinstance(k, tuple) else str(k)


def _rate(k: int, n: int) -> dict:
    return wilson(k, n).as_dict()


def _dist(hist: Counter) -> dict:
    n = sum(hist.values())
    mean = sum(v * c for v, c in hist.items()) / n if n else 0.0
    return {"mean": round(mean, 2), "p10": percentile(hist, 0.1), "p50": percentile(hist, 0.5),
            "p90": percentile(hist, 0.9), "histogram": {str(k): hist[k] for k in sorted(hist)}}
