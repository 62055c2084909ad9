"""A square grid's values and zones as printed: each square's value set in it (a stock market's price, a score
track's number), each zone's squares filled with its colour and the zones keyed in the board's legend."""

from __future__ import annotations

from ..draw.colour import readable_on, tint
from ..draw.piece import ColourKey
from ..draw.primitives import Item, Rect, Style
from ..draw.templates import Tmpl, text_spec, text_style
from ..draw.text import text_box
from ..draw.units import pt
from ..model import Board
from .context import Ctx

VALUE_SPEC = text_spec("11pt", bold=True, align="center", valign="middle", min_size="6pt")
ZONE_TINT_SAVER = 0.5  # a zone's fill in a low-ink kit: lighter, but dark enough that zones still part in grey


def values_at(board: Board) -> dict[tuple[int, int], str]:
    """Each square's value by (x, y)."""
    return {(x, y): v for y, row in enumerate(board.values) for x, v in enumerate(row) if v}


def zones_at(board: Board) -> dict:
    """Each zoned square's zone by (x, y)."""
    return {xy: zone for zone in board.zones for xy in zone.cells}


def zone_fill(ctx: Ctx, t: Tmpl, zone) -> str:
    """The fill of a zone's squares: its colour as the board tints a suit's, lighter in a low-ink kit."""
    base = ctx.colour(zone.colour, t["background"])
    return tint(base, ZONE_TINT_SAVER if ctx.theme.ink_saver else t["fill"])


def value_text(t: Tmpl, value: str, x: float, y: float, c: float, fill: str, corner: bool, source=None) -> Item:
    """A square's value: large in its middle, or in its top-left corner when a symbol or icon holds the middle."""
    pad = min(1.5, c * 0.08)
    ink = readable_on(fill, t["ink"])
    if corner:
        style = text_style(t["square_value"], ink, size=min(t["square_value"]["size"], pt(8)), align="left",
                           valign="top")
        return text_box(value, (x + pad, y + pad, c * 0.5, c * 0.3), style, source=source).group
    return text_box(value, (x + pad, y + pad, c - 2 * pad, c - 2 * pad), text_style(t["square_value"], ink),
                    source=source).group


def zone_sample(ctx: Ctx, t: Tmpl, zone, x: float, y: float, s: float) -> Item:
    """A zone's square in the legend."""
    return Rect(x, y, s, s, Style(fill=zone_fill(ctx, t, zone), stroke=t["grid"], width=t["grid_width"]))


def zone_keys(ctx: Ctx, board: Board) -> tuple[ColourKey, ...]:
    """A board's zones, to be told apart in grey and by colour-blind players (their squares show no mark)."""
    return tuple(ColourKey(f"zones on board '{board.id}'", f"zone '{z.id}'", ctx.colour(z.colour, "#ffffff"), z.loc)
                 for z in board.zones if z.cells)
