"""Seas of Havoc's records, held by its game and states and read by its helpers (a leaf: it imports no
module of the engine)."""

from __future__ import annotations

from dataclasses import dataclass

from ...maths.gridmove import Manoeuvre, Shot


@dataclass
class Turn:
    """A card being resolved at sea: what the mover is asked now and where resolution goes on after it."""

    card: str
    stage: str
    frame: int  # the heading the ship had when the card was played: the card's steps are counted from it
    resume: str = ""  # after a collision's pivot and discards: EXTEND is skipped, so FIRE
    shot: int = 0  # the next shot of the card to fire
    owed: int = 0  # collision discards still owed
    signals: int = 0  # flags the card still lets its player use
    again: int = 0  # Sailor flags used this turn: one more card each
    forced: bool = False  # the collision turned the ship already (a whirlpool): no pivot to choose


Square = tuple[int, int]


@dataclass(frozen=True)
class CardInfo:
    """What the engine knows of one card type of a player's deck (a starting card or a Market card)."""

    id: str
    name: str
    market: bool  # a Market card (owned, scored, scrapped to the Market's discard) or a starting card
    cost: tuple[int, ...]  # by resource
    infamy: int
    move: Manoeuvre | None
    extended: Manoeuvre | None
    extended_cost: tuple[int, ...]
    shots: tuple[Shot, ...]
    gain: tuple[int, ...]
    signal: int
    order: int


@dataclass(frozen=True)
class Upgrade:
    """A ship upgrade: its cost, the Infamy it is worth when on, and what it changes."""

    id: str
    name: str
    cost: tuple[int, ...]
    infamy: int
    shot_range: int
    ram_infamy: int
    extended_discount: int


@dataclass(frozen=True)
class Feature:
    """A sea square's feature: rock, whirlpool (turn +1 clockwise, -1 anticlockwise), gust (heading) or wreck."""

    kind: str
    turn: int = 0
    heading: int = 0
