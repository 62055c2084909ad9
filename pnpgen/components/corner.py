"""A card's corner index: its deck's index field (a number) over its suit's symbol, in a chip at the top-left
corner, where a hand fanned to the right shows it."""

from __future__ import annotations

from ..draw import fonts
from ..draw.primitives import Group, Item, Rect, Style, Text
from ..draw.templates import P
from ..model import CardType, Deck
from .context import Ctx

INDEX_SPEC = {"height": P("length", "13mm", min=4, max=60)}  # the chip's height (at most the band's less 3 mm)
PAD = 1.4  # mm between the chip's side and its number (its top keeps TOP)
TOP = 2.0


def index_field(deck: Deck):
    """The field a deck marks as its index (and prints), or None."""
    return next((s for s in deck.field_specs if s.index and s.show), None)


def corner_index(ctx: Ctx, card: CardType, spec, x: float, band: float, height: float, widest: str,
                 ink: str, stroke: str) -> tuple[Item, float] | None:
    """(the chip, its width) of a card's index field `spec` at x in a band `band` mm high; None for a card that
    gives no value. The chip is as wide as `widest` needs, so a deck's indices print alike."""
    value = card.field(spec.id)
    if value is None:
        return None
    h = min(height, band - 3.0)
    y = (band - h) / 2
    suit = card.suit if card.suit and card.suit in ctx.icons.suits else None
    number_h = h * (0.5 if suit else 0.7)  # the number's cap height
    size = number_h / fonts.CAP_HEIGHT
    w = max(h * 0.62, fonts.width(max(str(value), widest, key=len), size, "bold") + 2 * PAD)
    parts: list[Item] = [Rect(x, y, w, h, Style(fill="#ffffff", stroke=stroke, width=0.5), 1.2),
                         Text(x + w / 2, y + TOP + number_h, str(value), size, ink, "bold", "middle")]
    if suit:
        s = min(h - number_h - TOP - 2.3, w - 2 * PAD)  # 1 mm under the number, 1.3 above the foot
        if s > 1.5:
            parts.append(ctx.icons.suit_symbol(suit, x + (w - s) / 2, y + TOP + number_h + 1.0, s))  # its own colour
    return Group(tuple(parts), label=f"index {spec.id}"), w
