"""What a picture of an Enemy in Sight position shows: each player's line, port and prizes as the kit's ship
cards, each hand, and the rest in words (the game has no board)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import api
from .names import ACTION_DECK, HULL, RIGGING, SHIP_DECK

if TYPE_CHECKING:
    from .protocol import GameState


def scene(s: GameState, viewer: int | None = None) -> api.Scene:
    """Rows of ship cards (each with its damage and state in words under it) and of action cards in hand; a
    viewer sees others' hands, and the ships they sank this round, face down."""
    r = s.rules

    def ship(i: int) -> api.Card:
        hull = sum(n for part, _src, n in s.damage[i] if part == HULL)
        rigging = sum(n for part, _src, n in s.damage[i] if part == RIGGING)
        words = [f"hull {hull}, rigging {rigging}"] if s.damage[i] else []
        words += ["struck"] * s.struck[i] + ["on fire"] * bool(s.fires[i]) + ["breaker"] * bool(s.breaker[i])
        return api.Card(r.ships[i].id, SHIP_DECK, "; ".join(words))

    def sunk(p: int) -> str:
        """The ships a player sank: this round's lie in a secret pile, face down to the others."""
        ships = s.sunk[p - 1]
        shown = ships if viewer in (None, p) else ships[:s.scored[p - 1]]
        words = [r.ships[i].name for i in shown]
        if len(ships) > len(shown):
            words.append(f"{len(ships) - len(shown)} face down this round")
        return ", ".join(words) or "none"

    rows = []
    for p in r.players:
        for name, ships in (("line", s.line), ("port", s.port), ("prizes", s.prizes)):
            if ships[p - 1] or name == "line":
                rows.append(api.Row(f"Player {p}'s {name}", tuple(ship(i) for i in ships[p - 1])))
        rows.append(api.Row(f"Player {p}'s hand", tuple(api.Card(c if viewer in (None, p) else "", ACTION_DECK)
                                                                for c in s.hands[p - 1])))
    notes = [f"Player {p}: {s.scores[p - 1]} VP; sunk {sunk(p)}" for p in r.players]
    notes.append(f"Ship deck: {len(s.ship_deck)}; action deck: {len(s.deck)} to draw, {len(s.discard)} discarded")
    return api.Scene(None, (), tuple(rows), tuple(notes))


def spots(s: GameState, a: tuple) -> tuple[api.Spot, ...]:
    """What an action involves on the picture: the card of the hand taken up, played, discarded or mustered; the
    ship card aimed at, fired or boarded from, saved, made a Line Breaker or moved; the Port or Line a card is
    played against; nothing for the choice of a part, a damage card, Grape Shot, a capture or 'done'."""
    kind = a[0]
    r = s.rules
    if kind == "red" and s.passing is None or kind in ("play", "discard", "muster"):
        return (api.Spot("card", row=f"Player {s.current_player()}'s hand", card=a[1]),)
    if kind in ("target", "from", "ship", "breaker", "move") and a[1] in r.ship_index:
        i = r.ship_index[a[1]]
        for p in r.players:
            for name, ships in (("line", s.line), ("port", s.port), ("prizes", s.prizes)):
                if i in ships[p - 1]:
                    return (api.Spot("card", row=f"Player {p}'s {name}", card=a[1]),)
        return ()
    if kind == "port":
        return (api.Spot("row", row=f"Player {a[1]}'s port"),)
    if kind == "against":
        return (api.Spot("row", row=f"Player {a[1]}'s line"),)
    return ()
