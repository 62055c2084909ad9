"""Card faces (suit band and symbol, name, icon, a rules diagram, generated text) and deck backs."""

from __future__ import annotations

from ..draw import fonts
from ..draw.colour import luminance, shade, tint
from ..draw.primitives import Group, Item, Rect, Style, Text, place
from ..draw.text import TextStyle, text_box
from ..draw.units import pt
from ..model import CardType, Deck
from .cardtext import card_text
from .context import Ctx
from .diagrams import heading_diagram, range_diagram, stat
from .piece import Piece
from .templates import P, Tmpl, text_spec, text_style

FACE_SPEC = {
    "size": P("size", ("63mm", "88mm")),
    "bleed": P("length", "3mm", min=0, max=20),
    "margin": P("length", "4mm", min=0, max=30),
    "background": P("colour", "#fbf7ee"),
    "ink": P("colour", "#222222"),
    "neutral": P("colour", "#4a5a6a"),
    "spent_area": P("str", "spent"),
    "band": {"height": P("length", "18mm", min=5, max=80), "symbol": P("length", "11mm", min=2, max=60),
             "icon": P("length", "9mm", min=0, max=60), "title": text_spec("13pt", bold=True, valign="middle",
                                                                           min_size="8pt")},
    "diagram": P("box", ("4mm", "21mm", "55mm", "29mm")),
    "requires": {"box": P("box", ("4mm", "52mm", "55mm", "13mm")), "label": P("str", "Needs"),
                 "text": text_spec("7pt", min_size="5.5pt")},
    "effect": {"box": P("box", ("4mm", "66mm", "55mm", "16mm")), "label": P("str", "Effect"),
               "text": text_spec("7pt", min_size="5.5pt")},
    "footer": {"height": P("length", "5mm", min=0, max=30), "text": text_spec("6pt", bold=True, valign="middle")},
}

BACK_SPEC = {
    "ink": P("colour", "#222222"),
    "frame_inset": P("length", "4mm", min=0, max=30),
    "frame_width": P("length", "0.6mm", min=0, max=5),
    "icon": P("str", "compass"),
    "icon_size": P("length", "24mm", min=0, max=200),
    "title": text_spec("15pt", bold=True, align="center", valign="middle", min_size="8pt"),
}


def face_template(ctx: Ctx, deck: Deck, card: CardType | None = None) -> Tmpl:
    """The face template of a card (its own, else its deck's, else 'action-card')."""
    name = (card.template if card else None) or deck.card_template
    return ctx.template(name, "action-card", "action-card", FACE_SPEC, card.loc if card else deck.loc)


def validate(ctx: Ctx, deck: Deck) -> None:
    """Record errors for icons a deck's cards name that cannot be drawn."""
    for c in deck.cards:
        if c.action and c.action.icon:
            ctx.icon_ok(c.action.icon, c.action.loc, f"action '{c.action.id}'")
        for t in (c.text, c.action.text if c.action else ""):
            ctx.markers_ok(t, c.loc, f"card '{c.id}'")
    if deck.back_template:
        ctx.template(deck.back_template, "card-back", "card-back", BACK_SPEC, deck.loc)


def card_face(ctx: Ctx, deck: Deck, card: CardType) -> Group:
    """The face of one card type, origin at the trim's top left."""
    t = face_template(ctx, deck, card)
    th = ctx.theme
    w, h = t.size
    b, m = t.bleed, t.margin
    ink = t.ink
    paper = "#ffffff" if th.ink_saver else t.background
    suit = ctx.icons.suits.get(card.suit) if card.suit else None
    colour = suit.colour if suit else t.neutral
    band_fill = th.solid(colour)
    band_ink = th.text_on(colour, ink)
    action = card.action
    out: list[Item] = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=paper))]

    # suit band: symbol, name, icon
    bh = t.band.height
    out.append(Rect(-b, -b, w + 2 * b, bh + b, Style(fill=band_fill)))
    if th.ink_saver:
        out.append(Rect(-b, bh - 0.4, w + 2 * b, 0.8, Style(fill=colour)))
    sym = t.band.symbol
    x = m
    if suit:
        out.append(_band_symbol(ctx, th, suit.id, m, (bh - sym) / 2, sym, band_ink))
        x = m + sym + 2.5
    icon_size = t.band.icon if action and action.icon and ctx.icons.known(action.icon) else 0.0
    right = w - m - (icon_size + 2.0 if icon_size else 0.0)
    title = text_box(card.name, (x, 0, right - x, bh), text_style(t.band.title, band_ink))
    out.append(title.group)
    if icon_size:
        out.append(ctx.icons.draw(action.icon, w - m - icon_size, (bh - icon_size) / 2, icon_size,
                                  colour if th.ink_saver else band_ink))

    # the rules diagram, else the card's printed fields as labelled numbers; then the text
    accent = deepen(colour)
    diagram = _diagram(ctx, t, action, accent, ink, "#ffffff", tint(colour, 0.3)) if action is not None else None
    if diagram is None or not diagram.items:
        diagram = _fields(ctx, deck, card, t.diagram, accent, ink)
    text = card_text(ctx.game, card, t.spent_area)
    items, problem = _card_text(ctx, t, text, ink, diagram is not None)
    if problem and diagram is not None and diagram.label == "icon":
        diagram = None  # a long text needs the room more than a big copy of the band's icon does
        items, problem = _card_text(ctx, t, text, ink, False)
    if problem:
        ctx.problems.error(card.loc, f"card '{card.id}': {problem}")
    if diagram is not None:
        out.append(diagram)
    out += items

    # footer band: the suit's name and symbol again, for colour-blind players
    fh = t.footer.height
    if fh > 0:
        out.append(Rect(-b, h - fh, w + 2 * b, fh + b, Style(fill=band_fill)))
        if th.ink_saver:
            out.append(Rect(-b, h - fh - 0.4, w + 2 * b, 0.8, Style(fill=colour)))
        label = (suit.name if suit else (action.name if action else card.name)).upper()
        out.append(text_box(label, (m, h - fh, w - 2 * m, fh), text_style(t.footer.text, band_ink)).group)
        if suit:
            s = fh * 0.62
            out.append(_band_symbol(ctx, th, suit.id, w - m - s, h - fh + (fh - s) / 2, s, band_ink))
    return Group(tuple(out), label=f"card {card.id}")


def _card_text(ctx: Ctx, t: Tmpl, text, ink: str, below_diagram: bool) -> tuple[list[Item], str]:
    """Requirements then effect: each starts at its box (or right after the one before, if that ran long) and may
    run down to the effect box's bottom; without a diagram they start at the diagram's top. Returns the drawing
    and what did not fit ('' if all did)."""
    out: list[Item] = []
    label_h = 2.8
    y = t.requires.box[1] if below_diagram else t.diagram[1]
    bottom = t.effect.box[1] + t.effect.box[3]
    problem = ""
    for region, body in ((t.requires, text.requires), (t.effect, text.effect)):
        if not body:
            continue
        x0, ry, bw, _ = region.box
        if below_diagram:
            y = max(y, ry)
        room = bottom - y - label_h
        laid = text_box(body, (x0, y + label_h, bw, room), text_style(region.text, ink), ctx.icons.inline)
        if not laid.fits and not problem:
            problem = (f"its {region.label.lower()} text does not fit the template '{t.name}' "
                       f"({laid.height:.1f} mm needed, {room:.1f} mm available)")
        out.append(Text(x0, y + 2.0, region.label.upper(), 2.0, ink, "bold"))
        out.append(laid.group)
        y += label_h + laid.height + 1.8
    return out, problem


def _band_symbol(ctx: Ctx, th, suit_id: str, x: float, y: float, size: float, band_ink: str) -> Item:
    """A suit symbol on its band: in the band's text colour, or in the suit's colour when saving ink."""
    if th.ink_saver:
        return ctx.icons.suit_symbol(suit_id, x, y, size)
    return ctx.icons.suit_symbol(suit_id, x, y, size, colour=band_ink, outline=band_ink)


def deepen(colour: str) -> str:
    """A colour dark enough for arrows and outlines on a light background."""
    return shade(colour, 0.3) if luminance(colour) > 0.35 else colour


def _fields(ctx: Ctx, deck: Deck, card: CardType, box, accent: str, ink: str) -> Group | None:
    """A card's printed fields (those its deck shows, else all): short values as a row of labelled numbers,
    longer ones as lines of text; None if it has none."""
    specs = [s for s in getattr(deck, "field_specs", ()) if s.show]
    pairs = [(s.label, card.field(s.id)) for s in specs] if specs else \
        [(k.replace("_", " ").title(), v) for k, v in card.fields]
    pairs = [(label, _show(v)) for label, v in pairs if v is not None and _show(v)]
    if not pairs:
        return None
    x, y, w, h = box
    if len(pairs) <= 4 and all(len(v) <= 4 and "{" not in v for _, v in pairs):
        n = len(pairs)
        gap = 2.0
        sw = (w - gap * (n - 1)) / n
        return Group(tuple(stat((x + i * (sw + gap), y + 2, sw, h - 4), label, value, ink, accent, "#ffffff")
                           for i, (label, value) in enumerate(pairs)))
    lines = "\n".join(f"**{label}:** {value}" for label, value in pairs)
    laid = text_box(lines, (x, y + 1, w, h - 2), TextStyle(size=pt(7.5), colour=ink, valign="middle",
                                                           min_size=pt(5.5)), ctx.icons.inline)
    if not laid.fits:
        ctx.problems.error(card.loc, f"card '{card.id}': its fields do not fit the diagram box of its template")
    return laid.group


def _show(value) -> str:
    """A field value as printed: counts of icons as '2{sail} 1{coin}', true/false as yes/no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)) and value and all(isinstance(x, (list, tuple)) and len(x) == 2
                                                          for x in value):
        value = dict(value)  # counts of icons, stored as pairs
    if isinstance(value, dict):
        return " ".join(f"{n}{{{k}}}" for k, n in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def _diagram(ctx: Ctx, t: Tmpl, action, accent: str, ink: str, paper: str, light: str) -> Group:
    box = t.diagram
    x, y, w, h = box
    if action.kind == "sail" and action.headings:
        return heading_diagram(box, action.headings, action.steps, accent, ink, paper, light)
    if action.kind == "fire" and action.range is not None:
        sw = min(16.0, w * 0.3)
        sh = (h - 1.5) / 2
        parts: list[Item] = [range_diagram((x, y, w - sw - 2, h), action.range, accent, ink, paper, light),
                             stat((x + w - sw, y, sw, sh), "Range", str(action.range), ink, accent, paper)]
        if action.damage is not None:
            parts.append(stat((x + w - sw, y + sh + 1.5, sw, sh), "Damage", str(action.damage), ink, accent, paper))
        return Group(tuple(parts))
    size = min(h * 0.72, w * 0.32)
    parts = []
    label = f"+{action.heal}" if action.heal else ""
    tsize = size * 0.7
    tw = fonts.width(label, tsize, "bold") if label else 0.0
    gap = size * 0.15 if label else 0.0
    x0 = x + (w - size - gap - tw) / 2
    if action.icon and ctx.icons.known(action.icon):
        parts.append(ctx.icons.draw(action.icon, x0, y + (h - size) / 2, size, accent))
    if label:
        parts.append(Text(x0 + size + gap, y + h / 2 + fonts.CAP_HEIGHT * tsize / 2, label, tsize, ink, "bold"))
    return Group(tuple(parts), label="icon" if not label else "")


def card_back(ctx: Ctx, deck: Deck) -> Group:
    """The back printed on every card of a deck (symmetric, so it reads the same either way up)."""
    face = face_template(ctx, deck)
    t = ctx.template(deck.back_template, "card-back", "card-back", BACK_SPEC, deck.loc)
    th = ctx.theme
    w, h = face.size
    b = face.bleed
    colour = ctx.colour(deck.back_colour, "#1b3a5c")
    fill = th.solid(colour)
    ink = th.text_on(colour, t.ink)
    out: list[Item] = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=fill))]
    inset = t.frame_inset
    if t.frame_width > 0:
        out.append(Rect(inset, inset, w - 2 * inset, h - 2 * inset,
                        Style(stroke=colour if th.ink_saver else tint(ink, 0.8), width=t.frame_width), 2.5))
        out.append(Rect(inset + 1.2, inset + 1.2, w - 2 * inset - 2.4, h - 2 * inset - 2.4,
                        Style(stroke=colour if th.ink_saver else tint(ink, 0.8), width=t.frame_width / 3), 1.8))
    s = t.icon_size
    if s > 0 and ctx.icons.known(t.icon):
        out.append(ctx.icons.draw(t.icon, (w - s) / 2, (h - s) / 2, s, colour if th.ink_saver else ink))
    if deck.back_text:
        ts = text_style(t.title, ink)
        region = (inset + 3, inset + 3, w - 2 * inset - 6, (h - s) / 2 - inset - 4)
        laid = text_box(deck.back_text, region, ts)
        out.append(laid.group)
        out.append(place(laid.group, w, h, 180))
    return Group(tuple(out), label=f"back {deck.id}")


def deck_pieces(ctx: Ctx, deck: Deck) -> list[Piece]:
    """A piece per card type of a deck (face with the deck's back), then the back on its own for the contact sheet."""
    validate(ctx, deck)
    back = card_back(ctx, deck)
    t = face_template(ctx, deck)
    pieces = []
    for card in deck.cards:
        ft = face_template(ctx, deck, card)
        pieces.append(Piece(f"card-{card.id}", card.name + (f" ({card.suit})" if card.suit else ""), "Cards",
                            ft.size, card_face(ctx, deck, card), back, ft.bleed, card.count, "marks",
                            f"deck:{deck.id}", True, back_id=f"back-{deck.id}", kind="card"))
    pieces.append(Piece(f"back-{deck.id}", f"{deck.name} back", "Card backs", t.size, back, None, t.bleed, 0,
                        "marks", f"deck:{deck.id}", True, kind="card-back"))
    return pieces
