"""A card's corner index: its deck's index field (a number, a short text such as A or Crown, or an icon) over its
suit's symbol, in a chip at the top-left corner, where a hand fanned to the right shows it."""

from __future__ import annotations

from ..draw import fonts
from ..draw.primitives import Group, Item, Rect, Style, Text
from ..draw.templates import P
from ..model import CardType, Deck
from .context import Ctx

INDEX_SPEC = {"height": P("length", "13mm", min=4, max=60, doc="the corner index chip's height (at most the band's "
                                                                 "less 3 mm)")}
PAD = 1.4  # mm between the chip's side and its number (its top keeps TOP)
TOP = 2.0


def index_field(deck: Deck):
    """The field a deck marks as its index, or None (it prints in the corner whether or not it prints in the
    body too)."""
    return next((s for s in deck.field_specs if s.index), None)


def index_text(spec, value) -> str:
    """An index value as it prints: its label, when the field maps the value to one."""
    key = str(value).lower() if isinstance(value, bool) else str(value)
    return dict(spec.labels).get(key, key)


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
    shown = index_text(spec, value)
    icon = spec.kind == "icon" and ctx.icons.known(shown)
    w = max(h * 0.62, (number_h if icon else fonts.width(max(shown, widest, key=len), size, "bold")) + 2 * PAD)
    parts: list[Item] = [Rect(x, y, w, h, Style(fill="#ffffff", stroke=stroke, width=0.5), 1.2)]
    if icon:
        drawn = ctx.icons.draw(shown, x + (w - number_h) / 2, y + TOP, number_h, ink)
        parts += [drawn] if drawn is not None else []
    else:
        parts.append(Text(x + w / 2, y + TOP + number_h, shown, size, ink, "bold", "middle"))
    if suit:
        s = min(h - number_h - TOP - 2.3, w - 2 * PAD)  # 1 mm under the number, 1.3 above the foot
        if s > 1.5:
            parts.append(ctx.icons.suit_symbol(suit, x + (w - s) / 2, y + TOP + number_h + 1.0, s))  # its own colour
    return Group(tuple(parts), label=f"index {spec.id}"), w
