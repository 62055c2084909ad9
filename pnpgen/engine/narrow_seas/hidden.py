"""What a player cannot see, dealt afresh: information-set sampling for search agents and the hidden-information
test."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..api import RandomSource
from ..rng import MASK, Rng
from .moves import compositions
from .phases import PLAN

if TYPE_CHECKING:
    from .protocol import GameState


def sample_hidden(s: GameState, player: int, rng: RandomSource) -> GameState:
    """A copy that `player` cannot tell from `s`: the other players' hands and each draw pile dealt again from the
    cards they hold between them, the plans others have made this Plan phase drawn again, chance reseeded."""
    g = s.g
    c = s.clone()
    for d in range(len(g.deck_names)):
        others = [p for p in g.players_of_deck[d] if p != player]
        pool = c.decks[d] + [card for p in others for card in c.hands[p - 1]]
        for k in range(len(pool) - 1, 0, -1):
            j = rng.randrange(k + 1)
            pool[k], pool[j] = pool[j], pool[k]
        for p in others:
            n = len(c.hands[p - 1])
            c.hands[p - 1] = sorted(pool[:n], key=g.card_order.__getitem__)
            pool = pool[n:]
        c.decks[d] = pool
    if s.phase == PLAN:
        for i, owner in enumerate(g.ship_owner):
            if owner != player and s.planned[owner - 1] and s.hex[i] is not None:
                ways = compositions(sum(s.plan[i]), len(g.areas))
                c.plan[i] = list(ways[rng.randrange(len(ways))])
    c.rng = Rng(rng.randrange(MASK))
    return c
