"""Information-set sampling: a state a player cannot tell from the real one, with what they cannot see dealt afresh."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rng import Rng
from .moves import grape_actions

if TYPE_CHECKING:
    from .protocol import GameState


def shuffle(items: list, rng) -> None:
    """Fisher-Yates with any random source that has randrange."""
    for k in range(len(items) - 1, 0, -1):
        j = rng.randrange(k + 1)
        items[k], items[j] = items[j], items[k]


def sample_hidden(s: GameState, player: int, rng) -> GameState:
    """Other players' hands and the Action deck dealt afresh from the cards among them (and the other side's
    secret Grape Shot chosen again), the Ship deck under its face-up top card and the other players' ships sunk
    this round shuffled, and a fresh random source."""
    c = s.clone()
    order = s.rules.card_order.__getitem__
    others = [q for q in s.rules.players if q != player]
    b = c.pending if c.step == "grape" else None
    # The attacker's Grape Shot lies face down: one card (or none) could be any card of their hand, so it goes back
    # into the hand to be dealt and chosen again; two can only be a Broadsides and a Rake, and stay as they are.
    hidden_grape = b is not None and b.grape is not None and s.turn != player and len(b.grape) == 1
    if hidden_grape:
        c.hands[s.turn - 1].extend(b.grape)
    pool = list(c.deck)
    for q in others:
        pool.extend(c.hands[q - 1])
    shuffle(pool, rng)
    for q in others:
        k = len(c.hands[q - 1])
        c.hands[q - 1] = sorted(pool[:k], key=order)
        del pool[:k]
    c.deck = pool
    if hidden_grape:
        attacker = s.turn
        c.pending, c.to_move = b._replace(grape=None), attacker
        choices = [a for a in grape_actions(c) if len(a[1]) == 1]
        grape = choices[rng.randrange(len(choices))][1]
        for card in grape:
            c.hands[attacker - 1].remove(card)
        c.pending, c.to_move = b._replace(grape=grape), s.to_move
    if len(c.ship_deck) > 1:
        below = c.ship_deck[:-1]
        shuffle(below, rng)
        c.ship_deck[:-1] = below
    fresh = [(q, c.sunk[q - 1][c.scored[q - 1]:]) for q in others]
    pooled = [i for _, ships in fresh for i in ships]
    shuffle(pooled, rng)
    for q, ships in fresh:
        kept = c.sunk[q - 1][:c.scored[q - 1]]
        mine, pooled = pooled[:len(ships)], pooled[len(ships):]
        c.sunk[q - 1] = kept + mine
        for i in mine:
            c.owner[i] = q
    c.rng = Rng(rng.randrange(1 << 62))
    return c
