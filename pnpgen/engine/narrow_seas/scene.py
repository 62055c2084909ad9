"""What a picture of a Narrow Seas position shows: ship markers on their hexes, hands and markets, the rest in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import api
from .phases import PLAN

if TYPE_CHECKING:
    from .protocol import GameState


def scene(s: GameState, viewer: int | None = None) -> api.Scene:
    """The ships on the board, each player's hand and each deck's market as cards, and the wind, plans and
    piles in words; a viewer sees others' hands face down and, while plans are made, only their own plans."""
    g = s.g
    tokens = {t.label: t.id for t in g.content.tokens if t.kind == "ship" and t.label}
    names = {c.id: c.name for c in g.content.area_cards}
    markers = tuple(api.Marker(tuple(s.hex[i]), sid, g.ship_owner[i], token=tokens.get(sid))
                    for i, sid in enumerate(g.ship_ids) if s.hex[i] is not None)
    rows = [api.Row(f"Player {p}'s hand", tuple(api.Card(c if viewer in (None, p) else "", g.pack_decks[g.deck_of[p]])
                                                for c in s.hands[p - 1])) for p in g.players]
    for k, name in enumerate(g.deck_names):
        label = market_row(name)
        rows.append(api.Row(label, tuple(api.Card(c, g.pack_decks[k]) for c in s.markets[k])))
    notes = [f"Wind: {s.wind_name or 'not set yet'}"]
    for i, sid in enumerate(g.ship_ids):
        where = "sunk" if s.sunk(i) else f"hex {list(s.hex[i])}" if s.hex[i] is not None else "not placed yet"
        plan = ", ".join(f"{a} {n}" for a, n in zip(g.areas, s.plan[i]))
        if viewer is not None and g.ship_owner[i] != viewer and s.phase == PLAN:
            plan = f"hidden until every player has planned ({s.on_card(i)} crew on the card)"
        notes.append(f"{names.get(sid, sid)} ({sid}, player {g.ship_owner[i]}): {where}; plan {plan}; "
                     f"spent {s.spent[i]}, sick bay {s.sick[i]}")
    for k, name in enumerate(g.deck_names):
        notes.append(f"{name or 'Deck'}: {len(s.decks[k])} to draw, {len(s.discards[k])} discarded")
    return api.Scene(g.board, markers, tuple(rows), tuple(notes))


def market_row(deck_name: str) -> str:
    """The picture's row of a deck's Market."""
    return f"{deck_name} market" if deck_name else "Market"


def spots(s: GameState, a: tuple) -> tuple[api.Spot, ...]:
    """What an action involves on the picture: the hex a ship is placed on; the acting ship, the card played from
    the hand and the hex sailed to or the ship fired at; the Market card taken and the ship whose Lookout pays;
    the card played for the wind or discarded; nothing for setting the wind, plans, drawing, passing and
    casualties (numbers, not places)."""
    kind = a[0]
    g = s.g
    p = s.current_player()

    def hand(card: str) -> api.Spot:
        return api.Spot("card", row=f"Player {p}'s hand", card=card)

    def ship(sid: str) -> api.Spot:
        return api.Spot("marker", marker=sid)

    if kind == "place":
        return (api.Spot("cell", cell=tuple(a[2])),)
    if kind == "market":
        return (api.Spot("card", row=market_row(g.deck_names[g.deck_of[p]]), card=a[1]), ship(a[2]))
    if kind == "sail":
        return (ship(a[2]), hand(a[1]), api.Spot("cell", cell=tuple(a[3])))
    if kind == "fire":
        return (ship(a[2]), hand(a[1]), ship(a[3]))
    if kind == "duty":
        return (ship(a[2]), hand(a[1]))
    if kind in ("wind", "discard"):
        return (hand(a[1]),)
    return ()
