"""Enemy in Sight's records, held by its game and states and read by its helpers (a leaf: it imports no
module of the engine)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ShipInfo:
    """One card of the Ship deck."""

    id: str
    name: str
    nation: str
    rating: int
    hull: int
    rigging: int
    value: int

    @property
    def vp(self) -> int:
        """What the ship scores when sunk: Hull plus Rigging."""
        return self.hull + self.rigging


@dataclass(frozen=True)
class CardInfo:
    """One card type of the Action deck."""

    id: str
    name: str
    action: str
    red: bool
    rating: int | None  # Broadsides: fired by ships of this rating or better (a lower number)
    damage: int  # Broadsides and Rake: the size of the damage card
    flag: str | None  # Break The Line: the nation its Line Breakers fly
    order: int
