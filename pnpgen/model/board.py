"""Boards: suited hexes in axial coordinates (flat-top)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Loc
from ..hexgrid import neighbours


@dataclass(frozen=True)
class Hex:
    """One board hex: axial q, r and its suit (or None)."""

    q: int
    r: int
    suit: str | None
    loc: Loc | None = field(default=None, compare=False, repr=False)

    @property
    def qr(self) -> tuple[int, int]:
        """The hex's axial coordinates."""
        return (self.q, self.r)


@dataclass(frozen=True)
class Board:
    """A hex board: its hexes, orientation and printed hex size."""

    id: str
    name: str
    hexes: tuple[Hex, ...]
    hex_size_mm: float = 24.0
    orientation: str = "flat"
    starts: tuple = ()  # prescribed start hexes: ((ship_id, (q, r)), ...)
    loc: Loc | None = field(default=None, compare=False, repr=False)

    @property
    def suit_at(self) -> dict[tuple[int, int], str | None]:
        """Map of (q, r) to suit."""
        return {h.qr: h.suit for h in self.hexes}

    def cells(self) -> frozenset[tuple[int, int]]:
        """All (q, r) on the board."""
        return frozenset(h.qr for h in self.hexes)

    def edge_hexes(self) -> frozenset[tuple[int, int]]:
        """Hexes with fewer than six neighbours on the board."""
        cells = self.cells()
        return frozenset(c for c in cells if sum(n in cells for n in neighbours(c)) < 6)

    def suit_counts(self) -> dict[str, int]:
        """How many hexes of each suit."""
        out: dict[str, int] = {}
        for h in self.hexes:
            if h.suit:
                out[h.suit] = out.get(h.suit, 0) + 1
        return out
