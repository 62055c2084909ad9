"""The rules' bookkeeping of a Seas of Havoc state: what must always add up."""

from __future__ import annotations

from collections import Counter

from .names import FLAGS
from .state import SohState


def invariants(s: SohState) -> list[str]:
    """What is wrong with a state, one sentence each: cards, resources, flags, booty, Infamy and Damage."""
    g = s.g
    out = []
    market = Counter(s.market) + Counter(s.market_deck) + Counter(s.market_discard)
    starting = Counter(s.scrapped)
    for p in g.players:
        for c in s.owned(p):
            (market if g.cards[c].market else starting)[c] += 1
    if market != Counter(g.market_cards):
        out.append(f"Market cards not accounted for: {dict(market - Counter(g.market_cards))} too many, "
                   f"{dict(Counter(g.market_cards) - market)} missing")
    if starting != Counter(c for p in g.players for c in g.start_decks[p]):
        out.append("starting cards not accounted for")
    for p in g.players:
        if any(n < 0 for n in s.res[p - 1]):
            out.append(f"player {p} holds fewer than no resources: {s.res[p - 1]}")
        if s.infamy[p - 1] != sum(s.scored[p - 1].values()):
            out.append(f"player {p}'s Infamy {s.infamy[p - 1]} is not the sum of its sources {dict(s.scored[p - 1])}")
    for i, f in enumerate(FLAGS):
        held = sum(x[i] for x in s.flags)
        if s.flag_supply[i] < 0 or s.flag_supply[i] + held != g.flag_supply[i]:
            out.append(f"{f} flags: {held} held and {s.flag_supply[i]} in the supply, not {g.flag_supply[i]}")
    tokens = [b for b in s.booty if b is not None] + [b for b in s.wreck_booty.values() if b is not None]
    if sorted(tokens + s.booty_supply) != list(range(len(g.booty))):
        out.append("booty tokens not accounted for (held, on wrecks, in the supply)")
    taken = (g.damage_deck - s.damage_left) + (g.spares - s.spares_left)
    if sum(s.damage) < taken or s.damage_left < 0 or s.ran_out != (s.damage_left == 0):
        out.append(f"Damage cards: {sum(s.damage)} held, {s.damage_left} in the deck, {s.spares_left} spares")
    if len(s.market) > g.params.market_size:
        out.append(f"the Market holds {len(s.market)} cards")
    return out
