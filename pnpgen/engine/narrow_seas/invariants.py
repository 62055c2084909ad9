"""What holds in every Narrow Seas state by the rules' bookkeeping: crew and cards conserved, limits kept."""

from __future__ import annotations

from collections import Counter

from .phases import OVER, SETUP
from .state import NarrowSeasState


def problems(s: NarrowSeasState) -> list[str]:
    """Every broken invariant of a state, one sentence each; [] when all hold."""
    g, prm = s.g, s.g.params
    out = []
    for i, sid in enumerate(g.ship_ids):
        cubes = (*s.plan[i], s.spent[i], s.sick[i])
        if sum(cubes) != g.crew:
            out.append(f"ship {sid} has {sum(cubes)} crew cubes, not {g.crew}")
        if min(cubes) < 0:
            out.append(f"ship {sid} has a negative count of cubes")
        if s.hex[i] is None and s.phase != SETUP and not s.sunk(i):
            out.append(f"ship {sid} is off the board but not sunk")
    placed = [h for h in s.hex if h is not None]
    if len(placed) != len(set(placed)):
        out.append("two ships share a hex")
    if any(h not in g.suit_at for h in placed):
        out.append("a ship stands off the board")
    for d, ids in enumerate(g.deck_cards):
        held = s.decks[d] + s.discards[d] + s.markets[d] + [c for p in g.players_of_deck[d] for c in s.hands[p - 1]]
        expected = Counter(ids)
        if s.wind_aside == d:
            expected[g.wind_of_deck[d]] -= 1
        if Counter(held) != +expected:
            out.append(f"the cards of deck {d + 1} are not conserved")
        if len(s.markets[d]) > prm.market_size:
            out.append(f"deck {d + 1}'s Market holds {len(s.markets[d])} cards, more than {prm.market_size}")
    for p in g.players:
        if len(s.hands[p - 1]) > prm.hand_size:
            out.append(f"player {p} holds {len(s.hands[p - 1])} cards, more than {prm.hand_size}")
    if (s.phase == OVER) != (s.victory is not None):
        out.append(f"phase {s.phase} with victory {s.victory}")
    if s.winners and s.phase != OVER:
        out.append("winners named while the game runs")
    return out
