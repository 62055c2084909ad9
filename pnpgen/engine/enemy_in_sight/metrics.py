"""Per-game figures a designer of Enemy in Sight reads: cards played, passed on and returned, ships lost by cause,
captures, the Line maintenance penalty, the VP spread and what the winners' VP came from."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..api import Figures
from .names import POINTS, PRIZE_PORT, PRIZE_SEA, SUNK_VP

if TYPE_CHECKING:
    from .protocol import GameState

# event tallies kept by the state -> the figure that sums them by what follows the colon
BY_KIND = {"played": "cards_played", "discarded": "cards_discarded", "passed": "red_passed_on",
           "returned": "red_returned", "sunk": "ships_sunk", "lost": "ships_lost", "captured": "captures",
           "taken as": "captured_as"}


class Metrics:
    """Follows one game: the state tallies its events while a recorder follows it."""

    def __init__(self, rules):
        self.rules = rules

    def record(self, state: GameState, action: tuple) -> None:
        """Before each action: make sure the state keeps a tally."""
        if state.events is None:
            state.events = Counter()

    def finish(self, state: GameState) -> Figures:
        """The game's figures: counters are summed over a batch, numbers averaged (and totalled)."""
        events = state.events or Counter()
        figures: Figures = {name: Counter() for name in BY_KIND.values()}
        for key, n in events.items():
            kind, _, what = key.partition(":")
            if what and kind in BY_KIND:
                figures[BY_KIND[kind]][what] += n
        scores = sorted(state.scores, reverse=True)
        figures.update(
            ships_struck=events["struck"], prizes_to_port=events["prize taken"],
            vp_spread=scores[0] - scores[-1], vp_lead=scores[0] - scores[1],
            line_penalties=events["no-line penalty"], player_round_ends=events["player round ends"])
        won = state.winners
        vp = [state.vp[p - 1] for p in won]
        target = self.rules.params.victory_points
        figures.update(
            winner_prize_vp=sum(v[PRIZE_PORT] + v[PRIZE_SEA] for v in vp),
            winner_gained_vp=sum(v[SUNK_VP] + v[PRIZE_PORT] + v[PRIZE_SEA] for v in vp),
            wins_needing_prizes=int(state.victory == POINTS and any(
                state.scores[p - 1] - v[PRIZE_PORT] - v[PRIZE_SEA] < target for p, v in zip(won, vp))))
        return figures
