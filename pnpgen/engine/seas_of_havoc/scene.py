"""What a picture of a Seas of Havoc position shows: the ships on the sea, hands and the Market, the rest in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import api
from .names import FLAGS, MARKET_DECK, START_DECK

if TYPE_CHECKING:
    from .protocol import GameState


def scene(s: GameState, viewer: int | None = None) -> api.Scene:
    """Each ship on its square facing its heading, each hand and the Market as cards, and resources, Infamy,
    damage, flags, upgrades, skiffs and booty in words; a viewer sees others' hands face down."""
    g = s.g
    ships = {t.owner: t.id for t in g.content.tokens if t.kind == "ship" and t.owner}
    markers = tuple(api.Marker(tuple(s.pos[p - 1]), str(p), p, facing=90.0 * s.heading[p - 1], token=ships.get(p))
                    for p in g.players if s.pos and s.pos[p - 1] is not None)
    decks = {d.id for d in g.content.decks}

    def card(player: int, cid: str) -> api.Card:
        own = START_DECK.format(player)
        if viewer not in (None, player):  # face down: the back of the player's own deck, whatever the card is (the
            return api.Card("", own if own in decks else MARKET_DECK if MARKET_DECK in decks else "")  # rules hide it)
        deck = own if own in decks and cid in g.start_decks.get(player, ()) else ""
        if not deck and MARKET_DECK in decks:
            deck = MARKET_DECK
        return api.Card(cid, deck)

    rows = [api.Row(f"Player {p}'s hand", tuple(card(p, c) for c in s.hands[p - 1])) for p in g.players]
    rows.append(api.Row("Market", tuple(api.Card(c, MARKET_DECK if MARKET_DECK in decks else "") for c in s.market)))
    notes = []
    for p in g.players:
        res = ", ".join(f"{r} {n}" for r, n in zip(g.resources, s.res[p - 1]))
        flags = ", ".join(f"{f} {n}" for f, n in zip(FLAGS, s.flags[p - 1]) if n) or "no flags"
        upgrades = ", ".join(s.upgrades[p - 1]) or "none"
        notes.append(f"Player {p}: {res}; Infamy {s.infamy[p - 1]}; {s.damage[p - 1]} damage; {flags}; "
                     f"upgrades on: {upgrades}; {len(s.decks[p - 1])} to draw, {len(s.discards[p - 1])} discarded")
    if s.placed:
        notes.append("Skiffs: " + "; ".join(f"{where}: player {', '.join(map(str, who))}"
                                            for where, who in s.placed.items()))
    wrecks = [f"[{x}, {y}]" + (" (booty)" if booty is not None else "") for (x, y), booty in s.wreck_booty.items()]
    if wrecks:
        notes.append("Wrecks: " + ", ".join(wrecks))
    notes.append(f"Damage deck: {s.damage_left} left, {s.spares_left} spares; Market deck: {len(s.market_deck)}")
    return api.Scene(g.sea, markers, tuple(rows), tuple(notes), (g.island,) if g.island is not None else ())


def spots(s: GameState, a: tuple) -> tuple[api.Spot, ...]:
    """What an action involves on the picture: the island's location a skiff goes to, the Market card claimed,
    bought or left, the card of the hand played, passed or discarded; nothing for the rest."""
    kind = a[0]
    g = s.g
    if kind == "place" and g.island is not None:
        return (api.Spot("place", board=g.island.id, location=a[1]),)
    if kind in ("claim", "buy", "decline"):
        return (api.Spot("card", row="Market", card=a[1]),)
    if kind in ("play", "pass", "discard"):
        return (api.Spot("card", row=f"Player {s.current_player()}'s hand", card=a[1]),)
    return ()
