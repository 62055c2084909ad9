"""Per-game figures a designer of Enemy in Sight reads: cards played, passed on and returned, ships lost by cause,
captures, the Line maintenance penalty, the VP spread and what the winners' VP came from."""

from __future__ import annotations

from collections import Counter

from .state import NO_LINE, PRIZE_PORT, PRIZE_SEA, SUNK_VP, EisState


class Metrics:
    """Follows one game: the state tallies its events while a recorder follows it."""

    def __init__(self, rules):
        self.rules = rules

    def record(self, state: EisState, action: tuple) -> None:
        """Before each action: make sure the state keeps a tally."""
        if state.events is None:
            state.events = Counter()

    def finish(self, state: EisState) -> dict[str, Counter | int | float]:
        """The game's figures: counters are summed over a batch, numbers averaged."""
        events = state.events or Counter()
        by_kind: dict[str, Counter] = {}
        for key, n in events.items():
            kind, _, what = key.partition(":")
            if what:
                by_kind.setdefault(kind, Counter())[what] += n
        scores = sorted(state.scores, reverse=True)
        won = state.winners()
        figures: dict[str, Counter | int | float] = {
            "cards played": by_kind.get("played", Counter()),
            "cards discarded": by_kind.get("discarded", Counter()),
            "red cards passed on": by_kind.get("passed", Counter()),
            "red cards back to their owner": by_kind.get("returned", Counter()),
            "ships sunk by cause": by_kind.get("sunk", Counter()),
            "ships lost for no VP by cause": by_kind.get("lost", Counter()),
            "ships captured by how": by_kind.get("captured", Counter()),
            "captured ships made": by_kind.get("taken as", Counter()),
            "ships struck": events["struck"],
            "prizes taken into Port": events["prize taken"],
            "rounds": state.round,
            "VP spread (first - last)": scores[0] - scores[-1],
            "VP lead (first - second)": scores[0] - scores[1] if len(scores) > 1 else 0,
            "Line maintenance penalties": events["no-line penalty"],
            "Line maintenance penalty rate": (events["no-line penalty"] / events["player round ends"]
                                              if events["player round ends"] else 0.0),
        }
        if won:
            vp = [state.vp[p - 1] for p in won]
            prize = sum(v[PRIZE_PORT] + v[PRIZE_SEA] for v in vp)
            gained = sum(v[SUNK_VP] + v[PRIZE_PORT] + v[PRIZE_SEA] for v in vp)
            target = self.rules.params.victory_points
            figures["winners' VP share from Prizes"] = prize / gained if gained else 0.0
            figures["wins that needed Prize VP"] = int(any(state.scores[p - 1] - v[PRIZE_PORT] - v[PRIZE_SEA]
                                                           < target for p, v in zip(won, vp)) and
                                                       state.how == "points")
            figures["winners' Line penalties (VP)"] = -sum(v[NO_LINE] for v in vp)
        return figures
