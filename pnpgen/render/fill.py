"""How full each printed sheet is: the share of a page's room for pieces that their trims cover."""

from __future__ import annotations

from dataclasses import dataclass

from .folds import THIN  # noqa: F401 (fill.THIN: what a thin sheet is; defined where imposition reads it too)
from .pages import Page


@dataclass(frozen=True)
class Fill:
    """One page's fill: its number (1-based), role, label and the share of its room its pieces cover."""

    number: int
    role: str
    label: str
    share: float


def room(page: Page, t) -> float:
    """The area (mm²) of a page that pieces may take: the paper inside the margin, less the footer band."""
    width, height = page.drawing.width, page.drawing.height
    band = t["band"] + t["band_gap"]
    return (width - 2 * t["margin"]) * (height - 2 * t["margin"]) - band * (
        width - 2 * t["margin"] if page.band[2] >= page.band[3] else height - 2 * t["margin"])


def covered(page: Page) -> float:
    """The area (mm²) the trims of a page's pieces cover (overlaps counted once per piece: pieces do not overlap)."""
    return sum(w * h for _id, _side, _x, _y, w, h in page.trims)


def page_fills(pages: list[Page], t) -> list[Fill]:
    """The fill of every page that carries pieces (faces, backs, fold pages); covers and blank pages are left
    out."""
    return [Fill(n, p.role, p.label, min(1.0, covered(p) / room(p, t)))
            for n, p in enumerate(pages, start=1) if p.role in ("face", "back", "fold")]
