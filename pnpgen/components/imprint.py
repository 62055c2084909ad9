"""The small print on every component: the game's version (so old and new prints are never mixed), a mark on
anything provisional, and a deck's mark (so decks that share card types can be sorted apart)."""

from __future__ import annotations

from ..draw import fonts
from ..draw.primitives import Circle, Group, Style, Text
from ..draw.units import SMALLEST
from .context import Ctx

SAFE = 3.0  # text and symbols keep this far inside a card's trim


def version_line(ctx: Ctx, provisional: str = "") -> str:
    """'v2026.01', with '· provisional' when the piece holds a value the designer has not settled."""
    return f"v{ctx.game.version}" + ("  ·  provisional" if provisional else "")


def imprint(ctx: Ctx, x: float, y: float, ink: str, anchor: str = "end", provisional: str = "") -> Text:
    """The version line in the smallest type, its baseline at (x, y)."""
    return Text(x, y, version_line(ctx, provisional), SMALLEST, ink, "regular", anchor)


def imprint_width(ctx: Ctx, provisional: str = "") -> float:
    """How wide the version line prints."""
    return fonts.width(version_line(ctx, provisional), SMALLEST, "regular")


def deck_badge(mark: str, cx: float, cy: float, diameter: float, fill: str, ink: str) -> Group:
    """A deck's mark: its letter(s) in a disc, never under 6 pt."""
    size = max(SMALLEST, diameter * (0.62 if len(mark) == 1 else 0.48))
    return Group((Circle(cx, cy, diameter / 2, Style(fill=fill, stroke=ink, width=0.25)),
                  Text(cx, cy + fonts.CAP_HEIGHT * size / 2, mark, size, ink, "bold", "middle")),
                 label=f"deck mark {mark}")
