"""Narrow Seas figures for simulations: card plays, dead hands, reshuffles and hex visits, with their table lines
and the hex heat map (as chart data: the generic report draws it)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..api import Chart, Figures
from .agents import record
from .game import NarrowSeas
from .state import NarrowSeasState

TOP_CARDS = 6  # card plays named in the table


class NarrowSeasMetrics:
    """One game's figures, recorded before each action (the fast random loop adds to the same `stats`)."""

    def __init__(self):
        self.stats: dict[str, Any] = {"card_plays": Counter(), "dead_hands": 0, "hand_turns": 0,
                                      "hex_visits": Counter()}

    def record(self, state: NarrowSeasState, action: tuple) -> None:
        """Count a card played, a plan's hexes, a turn begun with a dead hand."""
        record(state, action, self.stats)

    def finish(self, state: NarrowSeasState) -> Figures:
        """The game's figures: card plays and hex visits (summed over a batch), dead hands, turns with cards in
        hand and reshuffles (averaged)."""
        s = self.stats
        return {"card_plays": s["card_plays"], "dead_hands": s["dead_hands"], "hand_turns": s["hand_turns"],
                "reshuffles": state.reshuffles, "hex_visits": s["hex_visits"]}


def report_lines(result: dict) -> list[str]:
    """Dead hands, reshuffles and the most played cards, for the simulation table."""
    dead, turns = result["dead_hands"]["total"], result["hand_turns"]["total"]
    out = [f"dead hands {dead:g} of {turns:g} turns ({100 * dead / turns if turns else 0.0:.1f}%) · "
           f"reshuffles {result['reshuffles']['mean']} per game"]
    plays = result["card_plays"]
    if plays:
        total = sum(plays.values())
        top = ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in list(plays.items())[:TOP_CARDS])
        out.append(f"card plays {total}: {top}{' …' if len(plays) > TOP_CARDS else ''}")
    return out


def report_charts(rules: NarrowSeas, result: dict) -> list[Chart]:
    """The board played on, each hex shaded by how often a ship stood on it at a plan."""
    visits = result["hex_visits"]
    values = tuple(((h.q, h.r), visits.get(f"{h.q},{h.r}", 0)) for h in rules.board.hexes)
    return [Chart("heat", "Hex heat map", "board-heat", values, board=rules.board,
                  label="ships standing on the hex at a plan, all games (count)",
                  caption="ships' hexes at each plan")]
