"""What must always hold in an Enemy in Sight state: each Action card and each ship somewhere once, Lines in value
order, VP that add up by source, nothing left afloat with its Hull gone, no damage off the sea."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .names import GUNNERY, LINE, NO_LINE, PORT, PRIZE, PRIZE_PORT, Boarding, Breakers, Choosing

if TYPE_CHECKING:
    from .protocol import GameState


def action_cards(s: GameState) -> Counter:
    """Every Action card wherever it is: deck, discard, hands, damage cards, Fires, cards in play, on its way."""
    info = s.rules.cards
    found = [*s.deck, *s.discard]
    for hand in s.hands:
        found += hand
    for dmg in s.damage:
        found += [src for _, src, _ in dmg if src in info and info[src].action in GUNNERY]
    for fires in s.fires:
        found += [card for card, _ in fires]
    found += [card for card, _, _ in s.breaks + s.blockades]
    found += [card for card, _ in s.refusals]
    if s.passing:
        found.append(s.passing[0])
    x = s.pending
    if isinstance(x, (Choosing, Breakers, Boarding)):
        found.append(x.card)
    if isinstance(x, Boarding) and x.grape:
        found += x.grape
    return Counter(found)


def problems(s: GameState) -> list[str]:
    """One sentence for each thing wrong with the state's bookkeeping; [] when all holds."""
    r = s.rules
    out = []
    if action_cards(s) != r.deck_counts:
        out.append("the Action cards are not conserved")
    ships = [*s.ship_deck, *s.wrecks]
    for p in r.players:
        k = p - 1
        ships += s.line[k] + s.port[k] + s.prizes[k] + s.sunk[k] + s.taken[k]
        for pile, place, name in ((s.line[k], LINE, "Line"), (s.port[k], PORT, "Port"),
                                  (s.prizes[k], PRIZE, "Prizes")):
            if any(s.place[i] != place or s.owner[i] != p for i in pile):
                out.append(f"player {p}'s {name} holds a ship recorded elsewhere")
        if s.line[k] != sorted(s.line[k], key=r.line_key):
            out.append(f"player {p}'s Line is not in value order")
        if sum(s.vp[k]) != s.scores[k]:
            out.append(f"player {p}'s VP by source do not add up to the score {s.scores[k]}")
        if s.vp[k][NO_LINE] > 0 or s.vp[k][PRIZE_PORT] < 0:
            out.append(f"player {p}'s penalties and Prize VP have the wrong sign")
    if sorted(ships) != list(range(len(r.ships))):
        out.append("the ships are not conserved")
    for i, ship in enumerate(r.ships):
        if s.at_sea(i):
            if s.hull_damage(i) >= ship.hull:
                out.append(f"{ship.name} is afloat with her Hull gone")
        elif s.damage[i] or s.fires[i] or s.struck[i] or s.breaker[i]:
            out.append(f"{ship.name} keeps damage, Fire, Strike or a flag off the sea")
    for card, by, _ in s.breaks:
        if not any(s.breaker[i] == card for i in s.line[by - 1]):
            out.append(f"{card} is in play with no Line Breaker")
    return out
