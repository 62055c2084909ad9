"""Area cards (ship cards, a sick bay, player mats): a coloured header and one row of cube slots per area."""

from __future__ import annotations

import math

from ..draw.colour import tint
from ..draw.piece import Piece
from ..draw.primitives import Circle, Group, Item, Rect, Style, Text
from ..draw.templates import P, text_spec, text_style
from ..draw.text import text_box
from ..model import AreaCard
from .context import Ctx, art_spec
from .imprint import PROVISIONAL_SPEC, SAFE, badge_fit, imprint, marked

SPEC = {
    "size": P("size", ("96mm", "88mm"), doc="the card's trim size, [width, height]"),
    "bleed": P("length", "3mm", min=0, max=20, doc="how far the background prints past the trim"),
    "margin": P("length", "3.5mm", min=0, max=30, doc="the margin inside the trim"),
    "background": P("colour", "#fbf7ee", doc="the paper colour"),
    "ink": P("colour", "#222222", doc="the text and line colour"),
    "neutral": P("colour", "#4a5a6a", doc="the header's colour of a card with no suit"),
    "header": {"height": P("length", "13mm", min=4, max=80, doc="the header band's height"),
               "title": text_spec("14pt", bold=True, valign="middle", min_size="8pt", display=True),
               "subtitle": text_spec("8pt", align="right", valign="middle"),
               "badge": P("length", "9mm", min=0, max=40, doc="the deck's badge in the header (0 for none)")},
    "cube": P("length", "10mm", min=3, max=40, doc="a slot's size: a cube that sits in it"),
    "slot_gap": P("length", "1.6mm", min=0, max=10, doc="the space between slots"),
    "slot_pad": P("length", "0.8mm", min=0, max=5, doc="the room inside an area's frame around its slots"),
    "slots_per_row": P("int", 4, min=1, max=20, doc="at most this many slots a row"),
    "label_width": P("length", "33mm", min=0, max=200, doc="the width of an area's label, left of its slots"),
    "icon": P("length", "7mm", min=0, max=40, doc="an area's icon's size (0 for none)"),
    "label": text_spec("8pt", bold=True, valign="middle", min_size="6pt"),
    "row_gap": P("length", "1.4mm", min=0, max=20, doc="the least space between areas"),
    "text": text_spec("7pt", italic=True, align="center", valign="bottom", min_size="6pt"),
    "art": art_spec(None),  # the card's picture, under its areas (no box: the body below the header)
    "provisional": PROVISIONAL_SPEC,  # corner: a PROVISIONAL tag by the version; watermark: the word across the face
}


def area_card_pieces(ctx: Ctx, card: AreaCard) -> Piece:
    """The piece of one area card."""
    t = ctx.template(card.template, "ship-card", "area-card", SPEC, card.loc)
    for a in card.areas:
        if a.icon:
            ctx.icon_ok(a.icon, a.loc, f"area '{a.id}' of '{card.id}'")
    ctx.markers_ok(card.text, card.loc, f"area card '{card.id}'")
    return marked(Piece(f"area-{card.id}", card.name, "Ship and area cards", t["size"], area_card(ctx, card, t), None,
                        t["bleed"], 1, "marks", kind="area-card", source=card.loc, part_of=card.name), card.provisional,
                  t["provisional"])


def slot_grid(capacity: int, per_row: int) -> tuple[int, int]:
    """(columns, rows) of slots for an area's capacity."""
    cols = max(1, min(capacity, per_row))
    return cols, max(1, math.ceil(capacity / cols))


def area_card(ctx: Ctx, card: AreaCard, t) -> Group:
    """The face of an area card; each area holds `capacity` cubes of the template's cube size."""
    th = ctx.theme
    w, h = t["size"]
    b, m = t["bleed"], t["margin"]
    ink = t["ink"]
    colour = ctx.colour(card.colour, t["neutral"])
    paper = "#ffffff" if th.ink_saver else t["background"]
    head_fill = th.solid(colour)
    head_ink = th.text_on(colour, ink)
    out: list[Item] = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=paper))]
    hh = t["header"]["height"]
    if card.image is not None:
        art = ctx.art(card.image, f"area card '{card.id}'", t["art"]["box"] or (m, hh + m, w - 2 * m, h - hh - 2 * m),
                      t["art"]["fit"])
        if art is not None:
            out.append(art)
    out.append(Rect(-b, -b, w + 2 * b, hh + b, Style(fill=head_fill)))
    if th.ink_saver:
        out.append(Rect(-b, hh - 0.4, w + 2 * b, 0.8, Style(fill=th.line(colour))))
    x = m
    bd = t["header"]["badge"]
    if card.owner and bd > 0:  # a player's own card (a ship, a mat) shows its id in a badge
        cx, cy = m + bd / 2, hh / 2
        badge_ink = th.line(colour) if th.ink_saver else head_ink
        size, _ = badge_fit(card.id, bd)
        out.append(Circle(cx, cy, bd / 2, Style(fill=paper, stroke=badge_ink, width=0.5)))
        out.append(Text(cx, cy + 0.36 * size, card.id, size, badge_ink if th.ink_saver else ink, "bold", "middle"))
        x = m + bd + 2.5
    sub = f"Player {card.owner}" if card.owner else ""
    sub_w = 22.0 if sub else 0.0
    out.append(text_box(card.name, (x, 0, w - m - x - sub_w, hh), text_style(t["header"]["title"], head_ink)).group)
    if sub:
        out.append(text_box(sub, (w - m - sub_w, 0, sub_w, hh), text_style(t["header"]["subtitle"], head_ink)).group)
    out.append(imprint(ctx, w - m, hh - 1.2, head_ink, provisional=card.provisional,  # under the owner
                       mark=t["provisional"]))

    # one row per area: icon and label on the left, cube slots on the right
    pitch = t["cube"] + t["slot_gap"]
    y = hh + m * 0.7
    rows: list[tuple] = []
    for a in card.areas:
        cols, nrows = slot_grid(a.capacity, t["slots_per_row"])
        rows.append((a, cols, nrows, nrows * pitch - t["slot_gap"] + 2 * t["slot_pad"] + 0.6))
    text_h = 0.0
    if card.text:
        text_h = text_box(card.text, (m, 0, w - 2 * m, 1e6), text_style(t["text"], ink)).height + 1.5
    need = sum(r[3] for r in rows) + t["row_gap"] * (len(rows) - 1) + text_h
    foot = max(m * 0.7, SAFE) if card.text else m * 0.7  # the card's text keeps 3 mm inside the trim
    avail = h - y - foot
    if need > avail + 1e-6:
        ctx.problems.error(card.loc, f"area card '{card.id}': its areas need {need:.1f} mm of height but template "
                           f"'{t.name}' leaves {avail:.1f} mm (make the template larger or the slots fewer)")
    spare = max(0.0, avail - need)
    gap = t["row_gap"] + (spare / max(1, len(rows) - 1 + (1 if text_h else 0)) if len(rows) > 1 else 0.0)
    for a, cols, nrows, rh in rows:
        out.append(_area_row(ctx, t, a, cols, nrows, (m, y, w - 2 * m, rh), colour, ink, paper))
        y += rh + gap
    if card.text:
        out.append(text_box(card.text, (m, h - foot - text_h, w - 2 * m, text_h), text_style(t["text"], ink),
                            ctx.icons.inline).group)
    return Group(tuple(out), label=f"area card {card.id}")


def _area_row(ctx: Ctx, t, area, cols: int, nrows: int, box, colour: str, ink: str, paper: str) -> Group:
    x, y, w, h = box
    th = ctx.theme
    fill = tint(colour, 0.1) if th.ink_saver else tint(colour, 0.22)
    out: list[Item] = [Rect(x, y, w, h, Style(fill=fill, stroke=tint(th.line(colour), 0.7), width=0.35), 2.0)]
    pitch = t["cube"] + t["slot_gap"]
    grid_w = cols * pitch - t["slot_gap"]
    gx = x + w - t["slot_pad"] - 0.3 - grid_w
    gy = y + (h - (nrows * pitch - t["slot_gap"])) / 2
    for k in range(area.capacity):
        r, c = divmod(k, cols)
        out.append(Rect(gx + c * pitch, gy + r * pitch, t["cube"], t["cube"],
                        Style(fill=paper, stroke=tint(ink, 0.45), width=0.3, dash=(1.2, 0.8)), 1.0))
    lx = x + 2.0
    isz = t["icon"] if area.icon and ctx.icons.known(area.icon) else 0.0
    if isz:
        out.append(ctx.icons.draw(area.icon, lx, y + (h - isz) / 2, isz, ink))
        lx += isz + 2.0
    lw = max(8.0, gx - 2.0 - lx)
    out.append(text_box(area.label, (lx, y, lw, h), text_style(t["label"], ink), source=area.loc).group)
    return Group(tuple(out))
