"""Zones on a card face: the places the rules lay other cards or chits on it (a ship's Hull and Rigging damage),
side by side in the body's room below its fields, each named for the field it belongs to."""

from __future__ import annotations

from ..draw.colour import tint
from ..draw.primitives import Group, Item, Rect, Style
from ..draw.templates import P, Tmpl, text_spec, text_style
from ..draw.text import text_box
from ..model import CardType, Deck
from .context import Ctx

ZONES_SPEC = {
    "fields": P("list", (), doc="one zone per field id, left to right ([] for none)"),
    "title": P("str", "{label}", doc="a zone's name; {label} is its field's label, {value} the card's value"),
    "note": P("str", "", doc="what goes there, under the name (\"\" for none)"),
    "gap": P("length", "2mm", min=0, max=20, doc="the space between zones"),
    "min_height": P("length", "16mm", min=4, max=200, doc="less room than this below the fields is an error"),
    "text": text_spec("7pt", bold=True, align="center", min_size="6pt"),
    "notes": text_spec("6.5pt", align="center", min_size="6pt"),
}
ROOM_ABOVE = 2.0  # mm between the fields (or text) and the zones, and between the zones and the footer


def _filled(words: str, label: str, value) -> str:
    """A zone's title or note with its field's label and the card's value put in."""
    return words.replace("{label}", label).replace("{value}", "" if value is None else str(value))


def zones_ok(ctx: Ctx, t: Tmpl, deck: Deck) -> None:
    """Every zone names one of the deck's fields."""
    ids = [s.id for s in deck.field_specs]
    for fid in t["zones"]["fields"]:
        if fid not in ids:
            ctx.problems.error(t["zones"].loc_of("fields") or deck.loc,
                               f"template '{t.name}' zones: deck '{deck.id}' has no field '{fid}' "
                               f"(its fields: {', '.join(ids) or 'none'})")


def card_zones(ctx: Ctx, t: Tmpl, deck: Deck, card: CardType, colour: str, ink: str, top: float,
               bottom: float) -> list[Item]:
    """The zones of a card between `top` and `bottom` (mm from the trim's top); too little room left for them by
    a card's fields and text is an error at the card."""
    z = t["zones"]
    specs = {s.id: s for s in deck.field_specs}
    fields = [specs[f] for f in z["fields"] if f in specs]
    if not fields:
        return []
    w, m = t["size"][0], t["margin"]
    y0, y1 = top + ROOM_ABOVE, bottom - ROOM_ABOVE
    if y1 - y0 < z["min_height"]:
        ctx.problems.error(card.loc, f"card '{card.id}': its zones ({', '.join(f.label for f in fields)}) have "
                                     f"{max(0.0, y1 - y0):.1f} mm below its fields, less than the template's "
                                     f"min_height {z['min_height']:g} mm")
        return []
    zw = (w - 2 * m - z["gap"] * (len(fields) - 1)) / len(fields)
    line = Style(stroke=colour, width=0.35, dash=(1.2, 0.9),
                 fill=None if ctx.theme.ink_saver else tint(colour, 0.1))
    out: list[Item] = []
    for k, spec in enumerate(fields):
        x = m + k * (zw + z["gap"])
        parts: list[Item] = [Rect(x, y0, zw, y1 - y0, line, 1.5)]
        value = card.field(spec.id)
        pad = 1.2
        head = text_box(_filled(z["title"], spec.label, value).upper(), (x + pad, y0 + pad, zw - 2 * pad, 5.0),
                        text_style(z["text"], ink))
        parts.append(head.group)
        if z["note"]:  # (a title or note too long for its zone is the preflight's error, as for any text)
            box = (x + pad, y0 + pad + head.height + 1.0, zw - 2 * pad, y1 - y0 - 2 * pad - head.height - 1.0)
            parts.append(text_box(_filled(z["note"], spec.label, value), box, text_style(z["notes"], ink)).group)
        out.append(Group(tuple(parts), label=f"zone {spec.id}"))
    return out
