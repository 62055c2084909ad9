"""Sheets: one side of paper's worth of placed pieces, with their crop marks and extras."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..draw.piece import Piece
from ..draw.primitives import Item
from .marks import Seg
from .paper import Paper


@dataclass(frozen=True)
class Placed:
    """A piece on a sheet: trim's top left on the page, turned 0 or 90 degrees clockwise, scaled, maybe clipped.

    clip: the part of the page the piece may draw on (its bleed, trimmed where a neighbour needs the room).
    window: for a board tile, the part of the piece (in piece coordinates) this sheet shows.
    """

    piece: Piece
    x: float
    y: float
    rotation: int = 0
    clip: tuple[float, float, float, float] | None = None
    scale: float = 1.0
    window: tuple[float, float, float, float] | None = None

    @property
    def w(self) -> float:
        """Width on the page."""
        return (self.piece.height if self.rotation % 180 else self.piece.width) * self.scale

    @property
    def h(self) -> float:
        """Height on the page."""
        return (self.piece.width if self.rotation % 180 else self.piece.height) * self.scale

    @property
    def trim(self) -> tuple[float, float, float, float]:
        """The trim rectangle on the page."""
        if self.window is not None:
            return self.window
        return (self.x, self.y, self.w, self.h)


@dataclass
class Sheet:
    """One side of paper's worth of pieces (a back side is derived from it), with its crop marks and extras."""

    paper: Paper
    band: str  # bottom | right
    label: str
    placed: list[Placed] = field(default_factory=list)
    marks: list[Seg] = field(default_factory=list)
    extras: list[Item] = field(default_factory=list)
    fold: float | None = None  # y of the fold line when faces and backs share the sheet
    group: str = ""  # the player group whose pieces it holds ('' for the game's own)

    @property
    def has_backs(self) -> bool:
        """Whether any piece on it has a back to print."""
        return any(p.piece.back is not None for p in self.placed)
