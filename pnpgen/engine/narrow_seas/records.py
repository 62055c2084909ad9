"""Narrow Seas's records, held by its game and states and read by its helpers (a leaf: it imports no
module of the engine)."""

from __future__ import annotations

Cell = tuple[int, int]


class CardInfo:
    """What the engine needs to know of one card type."""

    __slots__ = ("id", "name", "suit", "kind", "action", "area", "headings", "steps", "pass_through",
                 "range", "damage", "heal", "order")

    def __init__(self, card, area_index: dict[str, int], order: int):
        a = card.action
        self.id: str = card.id
        self.name: str = a.name if a else card.name
        self.suit: str | None = card.suit
        self.kind: str = a.kind if a else ""
        self.action: str = a.id if a else ""
        self.area: int | None = area_index.get(a.plan_area) if a and a.plan_area else None
        self.headings: tuple[int, ...] = a.headings if a else ()
        self.steps: tuple[int, ...] = a.steps if a else ()
        self.pass_through: bool = bool(a and a.pass_through)
        self.range: int | None = a.range if a else None
        self.damage: int = (a.damage or 0) if a else 0
        self.heal: int = (a.heal if a.heal is not None else 1) if a else 1
        self.order = order
