"""Card faces (suit band and symbol, name, icon, a rules diagram, printed fields, generated text) and deck backs."""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, replace

from ..draw import fonts
from ..draw.colour import luminance, shade, tint
from ..draw.geometry import scale
from ..draw.piece import ColourKey, Piece
from ..draw.primitives import Group, Item, Rect, Style, Text, place
from ..draw.templates import P, Tmpl, text_spec, text_style
from ..draw.text import CLEAR_MM, measure, text_box
from ..draw.units import SMALLEST, pt
from ..engine.api import CardDiagram, CardText, engine_for
from ..maths.gridmove import describe_manoeuvre, describe_shot
from ..model import CardType, Deck, Game
from ..model.cards import card_size_mm
from .context import Ctx, art_spec
from .corner import INDEX_SPEC, corner_index, index_field
from .diagrams import heading_diagram, range_diagram, stat
from .elements import Inks, Known, Scope, Subject, Trim, draw_elements, read_elements, register
from .griddiagram import Palette, grid_manoeuvre_diagram
from .imprint import (
    PROVISIONAL_SPEC,
    SAFE,
    badge_fit,
    deck_badge,
    imprint,
    imprint_width,
    marked,
    provisional_tag,
    tag_width,
)
from .zones import ZONES_SPEC, card_zones, zones_ok

FACE_SPEC = {
    "size": P("size", ("63mm", "88mm"), doc="the card's trim size, [width, height]"),
    "bleed": P("length", "3mm", min=0, max=20, doc="how far the background prints past the trim, to cut into"),
    "margin": P("length", "4mm", min=0, max=30, doc="the classic regions' margin inside the trim"),
    "background": P("colour", "#fbf7ee", doc="the paper colour (`paper` in an element's colour)"),
    "ink": P("colour", "#222222", doc="the text and line colour (`ink` in an element's colour)"),
    "neutral": P("colour", "#4a5a6a", doc="the band colour of a card with no suit (`neutral`, and `suit` then)"),
    "band": {"height": P("length", "18mm", min=5, max=80, doc="the suit band's height"),
             "symbol": P("length", "11mm", min=2, max=60, doc="the suit symbol's size in the band"),
             "icon": P("length", "9mm", min=0, max=60, doc="the action icon's size in the band (0 for none)"),
             "title": text_spec("13pt", bold=True, valign="middle", min_size="8pt", display=True)},
    "diagram": P("box", ("4mm", "21mm", "55mm", "29mm"), doc="where the rules diagram (or the printed fields) "
                 "goes"),
    "requires": {"box": P("box", ("4mm", "52mm", "55mm", "13mm"), doc="where the card's needs go"),
                 "label": P("str", "Needs", doc="their heading"), "text": text_spec("7pt", min_size="6pt"),
                 "none": P("str", "None.", doc="what a card with no needs says (\"\" leaves the block out)")},
    "effect": {"box": P("box", ("4mm", "66mm", "55mm", "16mm"), doc="where the card's effect goes"),
               "label": P("str", "Effect", doc="its heading (\"\" prints the text without one)"),
               "text": text_spec("7pt", min_size="6pt")},
    "footer": {"height": P("length", "6mm", min=0, max=30, doc="the footer band's height (0 for none)"),
               "text": text_spec("6pt", bold=True, valign="middle"),
               "turned": P("bool", False, doc="the suit's symbol, the action's icon and the card's name turned upside "
                           "down at the footer's right end, so a hand fanned upside down shows what each card is")},
    "cost": {"chip": P("length", "7mm", min=2, max=30, doc="a cost chip's height in the band")},
    "stats": {"width": P("length", "16mm", min=4, max=100, doc="a printed field's box: its width"),
              "height": P("length", "25mm", min=6, max=100, doc="its height"),
              "compact": P("length", "12mm", min=6, max=100, doc="its height beside text")},
    "fields": text_spec("7.5pt", valign="middle", min_size="6pt"),
    "watermark": P("str", "", doc="an icon drawn large and light in the body's empty space (\"\" for none)"),
    "zones": ZONES_SPEC,  # places for what the rules lay on the card, below its fields
    "index": INDEX_SPEC,  # the corner index of a deck with an index field
    "manoeuvre": {"extended": P("colour", "#c4661f", doc="a manoeuvre diagram's extended move"),
                  "shot": P("colour", "#a3231f", doc="a manoeuvre diagram's shot")},
    "art": art_spec(None),  # a card's picture, in place of its rules diagram (no box: the diagram's)
    "provisional": PROVISIONAL_SPEC,  # corner: a PROVISIONAL tag by the version; watermark: the word across the face
    "safe": P("length", "3mm", min=0, max=30, doc="the safe margin: an element anchored to `safe` keeps this "
              "inside the trim"),
    "elements": P("elements", doc="what the face draws, in order (see the element kinds above); none: the classic "
                  "layout's"),
}

BACK_SPEC = {
    "ink": P("colour", "#222222", doc="the frame's, icon's and title's colour"),
    "frame_inset": P("length", "4mm", min=0, max=30, doc="the frame's distance inside the trim"),
    "frame_width": P("length", "0.6mm", min=0, max=5, doc="the frame's line width (0 for none)"),
    "icon": P("str", "compass", doc="the icon in the middle of the back"),
    "icon_size": P("length", "24mm", min=0, max=200, doc="its size (0 for none)"),
    "title": text_spec("15pt", bold=True, align="center", valign="middle", min_size="8pt", display=True),
    "art": art_spec(None),  # the deck's picture for its back (no box: the icon's square)
}


@dataclass(frozen=True)
class Shown:
    """One printed field of a card: its label, its value as text, and an icon drawn with it (or None)."""

    label: str
    value: str
    icon: str | None = None
    short: bool = True  # a labelled number in a box; else a line of text
    widest: str = ""  # the widest value the field may take (its bounds, its deck's values): boxes size for it


def face_template(ctx: Ctx, deck: Deck, card: CardType | None = None) -> Tmpl:
    """The face template of a card (its own, else its deck's, else 'action-card'), sized for the deck: a deck
    whose cards print at another size than the template's is laid out in a frame of its shape, then scaled
    (see card_frame)."""
    t = _template(ctx, deck, card)
    frame = card_frame(ctx, deck, t)
    if frame.factor == 1.0 and frame.size == tuple(t["size"]) and frame.bleed == t["bleed"]:
        return t
    if refits(ctx, t, frame):
        return refitted(t, frame.size, frame.bleed)
    framed = copy.copy(t)
    framed["size"] = (frame.size[0] / frame.factor, frame.size[1] / frame.factor)
    framed["bleed"] = frame.bleed / frame.factor
    return framed


def _template(ctx: Ctx, deck: Deck, card: CardType | None) -> Tmpl:
    name = (card.template if card else None) or deck.card_template
    return ctx.template(name, "action-card", "action-card", FACE_SPEC, card.loc if card else deck.loc)


@dataclass(frozen=True)
class Frame:
    """How a deck's cards print: trim and bleed in mm, and the factor their template's layout is drawn at."""

    factor: float
    size: tuple[float, float]
    bleed: float


def card_frame(ctx: Ctx, deck: Deck, t: Tmpl | None = None, card: CardType | None = None) -> Frame:
    """A deck's printed cards: its own size (else the template's) as the build's card format maps it, and the
    format's bleed (else the template's); the layout is scaled by the largest factor that keeps the template's
    design inside the trim."""
    t = t if t is not None else _template(ctx, deck, card)
    size = ctx.cards.size_for(card_size_mm(deck.card_size) or tuple(t["size"]))
    bleed = ctx.cards.bleed if ctx.cards.bleed is not None else t["bleed"]
    w0, h0 = t["size"]
    factor = min(size[0] / w0, size[1] / h0)
    return Frame(1.0 if abs(factor - 1.0) < 1e-9 else factor, tuple(size), bleed)


CLASSIC_REGIONS = ("title-band", "card-body", "body-filler", "footer-band")


def refits(ctx: Ctx, t: Tmpl, frame: Frame) -> bool:
    """Whether a smaller card lays its template's classic regions out again at its own size (their type kept)
    instead of scaling the whole face down, which would print the classic layout's 6 to 7 pt text at 4 to 5 pt.
    A face of the pack's own elements (no classic region) scales as its designer drew it."""
    return frame.factor < 1.0 and any(e.kind in CLASSIC_REGIONS for e in template_elements(ctx, t))


def face_factor(ctx: Ctx, deck: Deck, card: CardType) -> float:
    """The factor a card's face is drawn at (1 for a face laid out again at the card's size)."""
    t = _template(ctx, deck, card)
    frame = card_frame(ctx, deck, t)
    return 1.0 if refits(ctx, t, frame) else frame.factor


def refitted(t: Tmpl, size: tuple[float, float], bleed: float) -> Tmpl:
    """The template with its regions laid out again for a card of `size`: boxes, band, footer, chips and field
    boxes follow the card's width and height between its margins; margins, the footer and type sizes stay as written."""
    (w0, h0), m = t["size"], t["margin"]
    ax, kx = _axis(w0, size[0], m)
    ay, ky = _axis(h0, size[1], m)
    k = min(kx, ky)

    def box(b):
        x0, y0, x1, y1 = ax(b[0]), ay(b[1]), ax(b[0] + b[2]), ay(b[1] + b[3])
        return (x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))

    def part(name: str, **values):
        out = copy.copy(t[name])
        out.update(values)
        return out
    out = copy.copy(t)
    out.update(size=tuple(size), bleed=bleed, diagram=box(t["diagram"]),
               requires=part("requires", box=box(t["requires"]["box"])),
               effect=part("effect", box=box(t["effect"]["box"])),
               band=part("band", height=ay(t["band"]["height"]), symbol=t["band"]["symbol"] * k,
                         icon=t["band"]["icon"] * k),
               cost=part("cost", chip=t["cost"]["chip"] * k),
               stats=part("stats", width=t["stats"]["width"] * kx, height=t["stats"]["height"] * ky,
                          compact=t["stats"]["compact"] * ky),
               index=part("index", height=t["index"]["height"] * ky),
               zones=part("zones", gap=t["zones"]["gap"] * ky, min_height=t["zones"]["min_height"] * ky))
    if t["art"]["box"]:
        out["art"] = part("art", box=box(t["art"]["box"]))
    return out


def _axis(whole: float, to: float, margin: float):
    """(where a coordinate across `whole` goes across `to`, the share the room between the margins keeps): what
    lies within a margin of either edge keeps its distance to that edge."""
    share = max(to - 2 * margin, 0.0) / max(whole - 2 * margin, 1e-9)

    def at(v: float) -> float:
        if v <= margin:
            return v
        if v >= whole - margin:
            return to - (whole - v)
        return margin + (v - margin) * share
    return at, share


def scaled(item: Group, factor: float) -> Group:
    """A drawing scaled about its origin (the trim's top left), unless the factor is 1."""
    return item if factor == 1.0 else Group((item,), transform=scale(factor), label=item.label)


def validate(ctx: Ctx, deck: Deck) -> None:
    """Record errors for icons a deck's cards name that cannot be drawn."""
    for c in deck.cards:
        if c.action and c.action.icon:
            ctx.icon_ok(c.action.icon, c.action.loc, f"action '{c.action.id}'")
        ctx.markers_ok(c.text, c.loc, f"card '{c.id}'")
        if c.action:
            ctx.markers_ok(c.action.text, c.action.loc, f"action '{c.action.id}'")
    t = face_template(ctx, deck)
    if t["watermark"]:
        ctx.icon_ok(t["watermark"], deck.loc, f"deck '{deck.id}' (template '{t.name}' watermark)")
    zones_ok(ctx, t, deck)
    if deck.back_template:
        ctx.template(deck.back_template, "card-back", "card-back", BACK_SPEC, deck.loc)


@dataclass(frozen=True)
class _Face:
    """What each part of one card face reads: the card, its template and theme, and the colours of its suit."""

    ctx: Ctx
    deck: Deck
    card: CardType
    t: Tmpl
    suit: object  # the card's suit as the icons know it, or None
    colour: str  # the suit's colour, else the template's neutral
    band_fill: str
    band_ink: str
    accent: str

    @property
    def theme(self):
        return self.ctx.theme


def card_face(ctx: Ctx, deck: Deck, card: CardType) -> Group:
    """The face of one card type, origin at the trim's top left: its template's elements drawn for the card."""
    t = face_template(ctx, deck, card)
    suit = ctx.icons.suits.get(card.suit) if card.suit else None
    colour = suit.colour if suit else t["neutral"]
    face = _Face(ctx, deck, card, t, suit, colour, ctx.theme.solid(colour), ctx.theme.text_on(colour, t["ink"]),
                 deepen(colour))
    scope = element_scope(ctx, t, card_subject(ctx, deck, card), {"face": face, "regions": [], "sizing": deck.id,
                                                                     "card": card.id})
    items = draw_elements(template_elements(ctx, t), scope)
    return Group(tuple(items), label=f"card {card.id}", regions=tuple(scope.extra["regions"]))


def element_scope(ctx: Ctx, t: Tmpl, subject: Subject, extra: dict) -> Scope:
    """What a piece's elements are drawn with: the template's size, bleed and safe margin, its ink, paper (white
    in a low-ink kit) and neutral colours."""
    paper = "#ffffff" if ctx.theme.ink_saver else t["background"]
    inks = Inks(t["ink"], paper, t.get("neutral") or t["ink"], ctx.theme)
    return Scope(ctx, t, subject, Trim(tuple(t["size"]), t["bleed"], t.get("safe", SAFE)), inks, ctx.problems,
                 extra=extra)


def template_elements(ctx: Ctx, t: Tmpl) -> tuple:
    """A template's elements, read once (the classic card layout's when it names none)."""
    cached = t.__dict__.get("_elements")  # (an attribute no template parameter can be named)
    if cached is None:
        pairs = t.get("elements") or classic_elements(ctx)
        cached = t.__dict__["_elements"] = read_elements(pairs, Known(ctx.game), ctx.problems,
                                                         f"template '{t.name}'")
    return cached


def classic_elements(ctx: Ctx) -> tuple:
    """The elements of pnpgen's own action-card template: a template of that kind naming none draws these."""
    return ctx.templates.get("action-card", "action-card", FACE_SPEC, bundled=True).get("elements") or ()


def card_subject(ctx: Ctx, deck: Deck, card: CardType) -> Subject:
    """A card's data as its template's elements read it: name, text, fields (as printed, with their labels),
    suits and picture."""
    shown = {"name": card.name, "id": card.id, "text": card_text(ctx.game, card, "").effect, "count": str(card.count),
             "deck": deck.name, "action": card.action.name if card.action else ""}
    raw = {"name": card.name, "id": card.id, "text": card.text, "count": card.count, "deck": deck.id,
           "action": card.action.id if card.action else None}
    labels = {}
    for spec in deck.field_specs:
        value = card.field(spec.id)
        raw[spec.id] = value
        shown[spec.id] = field_text(spec, value)
        labels[spec.id] = spec.label
    for k, v in card.fields:  # (a deck that declares no fields: its cards' own)
        raw.setdefault(k, v)
        shown.setdefault(k, _show(v))
    spec = index_field(deck)
    if spec is not None:  # {index}: the deck's index field, as its corner prints it
        raw.setdefault("index", card.field(spec.id))
        shown.setdefault("index", field_text(spec, card.field(spec.id)))
    return Subject(f"card '{card.id}'", card.loc, shown, raw, labels, card.every_suit, card.image, ctx.game.rules)


def field_text(spec, value) -> str:
    """A field's value as printed: its label for the value when the field declares one."""
    if value is None:
        return ""
    labels = dict(spec.labels)
    key = str(value).lower() if isinstance(value, bool) else str(value)
    return labels.get(key, _show(value))


def _face_of(scope: Scope) -> _Face:
    return scope.extra["face"]


def _shown_fields(scope: Scope):
    """The card's printed fields, worked out once for its elements: (the cost field or None, the others)."""
    if "shown" not in scope.extra:
        face = _face_of(scope)
        scope.extra["shown"] = printed_fields(face.ctx, face.deck, face.card)
    return scope.extra["shown"]


@register("card-art", "the card's picture in the art box of its template (art.box, else the diagram box), under "
          "what follows", {}, supplied="cards")
def _art_element(element, box, scope) -> list[Item]:
    face = _face_of(scope)
    t, card = face.t, face.card
    art = (face.ctx.art(card.image, f"card '{card.id}'", t["art"]["box"] or t["diagram"], t["art"]["fit"])
           if card.image else None)
    scope.extra["art"] = art
    return [art] if art is not None else []


@register("title-band", "the suit band across the top: cost chips, the corner index or the suit's symbol, the "
          "card's name and its action's icon (band.* sizes it)", {}, supplied="cards")
def _band_element(element, box, scope) -> list[Item]:
    face = _face_of(scope)
    t = face.t
    w, b = t["size"][0], t["bleed"]
    scope.extra["regions"].append(("title band", (-b, -b, w + 2 * b, t["band"]["height"] + b)))
    return _title_band(face, _shown_fields(scope)[0])


@register("card-body", "the body: the rules diagram (else the printed fields), then the card's needs and effect "
          "(diagram, requires, effect, stats, fields size it)", {}, supplied="cards")
def _body_element(element, box, scope) -> list[Item]:
    items, used = _face_body(_face_of(scope), scope.extra.get("art"), _shown_fields(scope)[1])
    scope.extra["used"] = used
    return items


@register("body-filler", "the room the body leaves: the template's zones (what the rules lay on the card), else "
          "its watermark", {}, supplied="cards")
def _filler_element(element, box, scope) -> list[Item]:
    return _body_filler(_face_of(scope), scope.extra.get("used", _face_of(scope).t["diagram"][1]))


@register("footer-band", "the footer band: the suit's name and symbol, the deck's mark and the game's version "
          "(footer.* sizes it)", {}, supplied="cards")
def _footer_element(element, box, scope) -> list[Item]:
    face = _face_of(scope)
    t = face.t
    (w, h), b, fh = t["size"], t["bleed"], t["footer"]["height"]
    if fh > 0:
        scope.extra["regions"].append(("footer band", (-b, h - fh, w + 2 * b, fh + b)))
    return _footer_band(face)


def _title_band(face: _Face, cost_spec) -> list[Item]:
    """The suit band: the cost, the corner index or the suit's symbol, the name and the action's icon."""
    ctx, t, card, th = face.ctx, face.t, face.card, face.theme
    w = t["size"][0]
    b, m, bh = t["bleed"], t["margin"], t["band"]["height"]
    out: list[Item] = [Rect(-b, -b, w + 2 * b, bh + b, Style(fill=face.band_fill))]
    if th.ink_saver:
        out.append(Rect(-b, bh - 0.4, w + 2 * b, 0.8, Style(fill=th.line(face.colour))))
    x = m
    if cost_spec is not None and card.field(cost_spec.id):
        chips, cw = cost_chips(ctx, card.field(cost_spec.id), m, bh, t["cost"]["chip"], face.accent, t["ink"],
                               "#ffffff")
        out.append(chips)
        x = m + cw + 2.5
    spec = index_field(face.deck)
    index = corner_index(ctx, card, spec, x, bh, t["index"]["height"], widest_value(ctx, face.deck, spec), t["ink"],
                         face.accent) if spec is not None else None
    if index is not None:  # the number over the suit's symbol, in place of the band's symbol
        out.append(index[0])
        x += index[1] + 2.5
    sym = t["band"]["symbol"]
    if face.suit and index is None:
        out.append(_band_symbol(ctx, th, face.suit.id, x, (bh - sym) / 2, sym, face.band_ink))
        x += sym + 2.5
    action = card.action
    icon_size = t["band"]["icon"] if action and action.icon and ctx.icons.known(action.icon) else 0.0
    right = w - m - (icon_size + 2.0 if icon_size else 0.0)
    out.append(text_box(card.name, (x, 0, right - x, bh), text_style(t["band"]["title"], face.band_ink)).group)
    if icon_size:
        out.append(ctx.icons.draw(action.icon, w - m - icon_size, (bh - icon_size) / 2, icon_size,
                                  th.line(face.colour) if th.ink_saver else face.band_ink, mono=True))
    return out


def _body_content(face: _Face, art, shown: list[Shown]):
    """The body's text, the printed fields still shown as boxes, and the card's grid moves (None: no grid
    diagram). A picture takes the diagram's place, so the printed fields become lines of text; a grid diagram
    keeps only the short fields as boxes."""
    deck, card = face.deck, face.card
    text = card_text(face.ctx.game, card, face.t["requires"]["none"])
    moves = grid_fields(deck, card)
    if art is not None:
        lines = grid_lines(deck, card) + [f"**{s_.label}:** {s_.value}" for s_ in shown]
        return CardText(text.requires, "\n".join([*lines, text.effect] if text.effect else lines)), [], None
    if moves is not None:
        lines = grid_lines(deck, card) + [f"**{s_.label}:** {s_.value}" for s_ in shown if not s_.short]
        return (CardText("", "\n".join([*lines, text.effect] if text.effect else lines)),
                [s_ for s_ in shown if s_.short], moves)
    return text, shown, None


def _face_body(face: _Face, art, shown: list[Shown]) -> tuple[list[Item], float]:
    """The rules diagram (else the printed fields, beside the action's icon) and the text, in the first layout
    that fits (unless a later one fits with larger text); how far down the body they reach."""
    ctx, t, card = face.ctx, face.t, face.card
    text, shown, moves = _body_content(face, art, shown)
    body = None
    modes = ["art"] if art is not None else ["grid"] if moves is not None else _modes(card.action, shown)
    cap = ctx.body_caps.get((face.deck.id, BODY), 1.0)  # the deck's one body size, once its cards are measured
    for mode in modes:
        diagram, full = _mode_diagram(face, mode, moves, shown)
        start = (t["diagram"][1] + t["diagram"][3] + 2.0) if full else \
            (t["diagram"][1] + diagram[1] + 2.0 if diagram is not None else t["diagram"][1])
        items, used, problem, kept = _card_text(ctx, t, text, t["ink"], start, full, cap)
        tried = (diagram[0] if diagram is not None else None, items, used, problem, kept)
        if body is None or (body[3] and not problem) or (not problem and kept > body[4] + 1e-9):
            body = tried
        if full and not shown and (diagram is None or diagram[0].label != "icon"):
            break  # a rules diagram stays; only a plain icon or the fields' large boxes give way to text
        if not problem and kept >= cap - 1e-9:
            break
    group, items, used, problem, kept = body
    if not problem and text is not None:  # a card whose text cannot fit sets no size for the rest
        ctx.body_kept.setdefault((face.deck.id, BODY), []).append((face.card.id, kept))
    if problem:
        ctx.problems.error(written_at(ctx.game, card, problem[1]), f"card '{card.id}': {problem[0]}")
    return ([group] if group is not None else []) + items, used


def _mode_diagram(face: _Face, mode: str, moves, shown: list[Shown]):
    """One way to lay out the body's top: ((diagram, its height) or None, whether it fills the diagram box)."""
    if mode == "art":
        return None, True
    ctx, t = face.ctx, face.t
    if mode == "grid":
        return (_grid_body(ctx, t, moves, shown, face.colour, face.accent, t["ink"]), t["diagram"][3]), True
    return _diagram_for(ctx, t, face.card, shown, mode, face.colour, face.accent, t["ink"])


def _body_filler(face: _Face, used: float) -> list[Item]:
    """The template's zones of the body, else a large light icon in its empty part, when the template asks."""
    ctx, t, th = face.ctx, face.t, face.theme
    w, h = t["size"]
    fh = t["footer"]["height"]
    if t["zones"]["fields"]:
        return list(card_zones(ctx, t, face.deck, face.card, face.colour, t["ink"], used, h - fh))
    if t["watermark"] and not th.ink_saver and ctx.icons.known(t["watermark"]):
        room = h - fh - 2.0 - used
        s = min(room - 4.0, w * 0.62)
        if s >= 14.0:
            return [ctx.icons.draw(t["watermark"], (w - s) / 2, used + (room - s) / 2, s, tint(face.colour, 0.22),
                                   mono=True)]
    return []


def _footer_band(face: _Face) -> list[Item]:
    """The footer band: the suit's name and symbol again, for colour-blind players (else what the card is), the
    deck's mark and the game's version; its text keeps out of the 3 mm next to the trim."""
    t, th, deck, card = face.t, face.theme, face.deck, face.card
    w, h = t["size"]
    b, m, fh = t["bleed"], t["margin"], t["footer"]["height"]
    if fh <= 0:
        return []
    out: list[Item] = [Rect(-b, h - fh, w + 2 * b, fh + b, Style(fill=face.band_fill))]
    if th.ink_saver:
        out.append(Rect(-b, h - fh - 0.8, w + 2 * b, 0.8, Style(fill=th.line(face.colour))))  # on it, not in it
    row = (h - fh, max(fh - SAFE, fh * 0.5))  # the strip the footer's text sits in: (top, height)
    named = face.suit if face.suit else card.action if card.action else deck
    word, style = named.name.upper(), text_style(t["footer"]["text"], face.band_ink)
    need = fonts.width(word, style.size, "bold" if style.bold else "regular")
    # A crowded footer (a turned index, a deck's mark and the PROVISIONAL tag on one card) gives way in turn: the
    # version number leaves the tag alone, the turned index drops its icon, then the suit's word at the left goes
    # (the turned index still shows the suit's symbol). A word too long for any of these is left for the preflight
    # to report, in the footer as it was.
    for icon, version in ((True, True), (True, False), (False, False)):
        right_items, right = _footer_right(face, row, icon, version)
        if right - m >= need:
            break
    else:
        if t["footer"]["turned"] and face.suit:
            return out + right_items
        right_items, right = _footer_right(face, row, True, True)
    out += right_items
    out.append(text_box(word, (m, row[0], right - m, row[1]), style, source=getattr(named, "loc", None)).group)
    return out


def _footer_right(face: _Face, row: tuple[float, float], icon: bool, version: bool) -> tuple[list[Item], float]:
    """The footer's items from its right end leftward (turned index or suit symbol, deck's mark, version line and
    PROVISIONAL tag; the turned index without its action's icon, the tag without the version beside it, when
    asked), and where the room they leave ends."""
    ctx, t, th, deck, card = face.ctx, face.t, face.theme, face.deck, face.card
    w, m = t["size"][0], t["margin"]
    mid = row[0] + row[1] / 2
    right = w - m
    out: list[Item] = []
    if t["footer"]["turned"]:
        turned, wide = _turned_index(face, row[1], icon)
        out.append(place(turned, right, row[0] + row[1], 180))  # read upside down from the corner
        right -= wide + 2.0
    elif face.suit:
        s = min(row[1] * 0.95, 3.6)
        out.append(_band_symbol(ctx, th, face.suit.id, right - s, mid - s / 2, s, face.band_ink))
        right -= s + 1.2
    if deck.mark:
        d = min(row[1] - 0.5, 3.8)  # inside the strip, so 3 mm clear of the trim and clear of the band's top
        wide = badge_fit(deck.mark, d)[1]
        out.append(deck_badge(deck.mark, right - wide / 2, mid, d, face.band_ink, face.band_fill))
        right -= wide + 1.5
    why = provisional(card, deck)
    baseline = mid + fonts.CAP_HEIGHT * SMALLEST / 2
    if version or not why or t["provisional"] != "corner":
        out.append(imprint(ctx, right, baseline, face.band_ink, provisional=why, mark=t["provisional"]))
        right -= imprint_width(ctx, why, t["provisional"]) + 2.0
    else:
        out.append(provisional_tag(right, baseline))
        right -= tag_width() + 2.0
    return out, right


def _turned_index(face: _Face, height: float, icon: bool = True) -> tuple[Group, float]:
    """What a card is, as its top left corner says it, laid out upright in a strip `height` mm high from (0, 0):
    the suit's symbol, the action's icon (unless `icon` is False) and the card's name (the footer turns it upside
    down); and its width."""
    ctx, t, card = face.ctx, face.t, face.card
    s = min(height * 0.95, 3.6)
    items: list[Item] = []
    x = 0.0
    if face.suit:
        items.append(_band_symbol(ctx, face.theme, face.suit.id, x, (height - s) / 2, s, face.band_ink))
        x += s + 1.0
    action = card.action
    if icon and action is not None and action.icon and ctx.icons.known(action.icon):
        items.append(ctx.icons.draw(action.icon, x, (height - s) / 2, s, face.band_ink))
        x += s + 1.0
    style = text_style(t["footer"]["text"], face.band_ink)
    width = fonts.width(card.name, style.size, "bold" if style.bold else "regular")
    items.append(Text(x, height / 2 + fonts.CAP_HEIGHT * style.size / 2, card.name, style.size, face.band_ink,
                      "bold" if style.bold else "regular", source=card.loc, set_by=t["footer"].loc_of("text"),
                      role=f"template '{t.name}' footer turned name"))
    return Group(tuple(i for i in items if i is not None), label="turned index"), x + width


def grid_fields(deck: Deck, card: CardType):
    """(main manoeuvre, extended manoeuvre, shots) of a card whose deck declares square-grid fields, else None.
    A manoeuvre field with a cost is the extended one."""
    specs = [s for s in deck.field_specs if s.show and s.kind in ("manoeuvre", "shots")]
    if not specs:
        return None
    main = extended = None
    shots: tuple = ()
    for s in specs:
        v = card.field(s.id)
        if v is None:
            continue
        if s.kind == "shots":
            shots += tuple(v)
        elif v.cost and extended is None:
            extended = v
        elif main is None:
            main = v
    if main is None and extended is None and not shots:
        return None
    return main, extended, shots


def grid_lines(deck: Deck, card: CardType) -> list[str]:
    """A card's manoeuvres and shots in words, one line per field, labelled as the deck declares them."""
    out = []
    for s in deck.field_specs:
        v = card.field(s.id)
        if not s.show or v is None or s.kind not in ("manoeuvre", "shots"):
            continue
        if s.kind == "shots":
            out.append(f"**{s.label}:** " + "; ".join(describe_shot(x) for x in v) + ".")
        else:
            pay = f" (pay {_show(v.cost)})" if v.cost else ""
            out.append(f"**{s.label}{pay}:** {describe_manoeuvre(v)}.")
    return out


def _grid_body(ctx: Ctx, t: Tmpl, moves, shown: list[Shown], colour: str, accent: str, ink: str) -> Group:
    """A card's manoeuvre diagram in the template's diagram box, its short fields in a column to the right."""
    x, y, w, h = t["diagram"]
    main, extended, shots = moves
    sw = min(t["stats"]["width"], w * 0.3) if shown else 0.0
    palette = Palette(ink, accent, ctx.colour(t["manoeuvre"]["extended"], t["manoeuvre"]["extended"]),
                      ctx.colour(t["manoeuvre"]["shot"], t["manoeuvre"]["shot"]))

    def icon(name, ix, iy, size):
        return ctx.icons.draw(name, ix, iy, size, ink)

    parts: list[Item] = [grid_manoeuvre_diagram((x, y, w - (sw + 2.0 if sw else 0.0), h), main, extended, shots,
                                                palette, icon)]
    if shown:
        sh = min(t["stats"]["compact"] * 1.6, (h - 1.5 * (len(shown) - 1)) / len(shown))
        for k, s in enumerate(shown):
            ic = None
            if s.icon:
                def ic(ix, iy, size, name=s.icon):
                    return ctx.icons.draw(name, ix, iy, size, ink)
            parts.append(stat((x + w - sw, y + k * (sh + 1.5), sw, sh), s.label, s.value, ink, accent, "#ffffff", ic,
                              s.widest))
    return Group(tuple(parts))


def provisional(card: CardType, deck: Deck) -> str:
    """Why a card is provisional: its own reason, its deck's or its action's ('' when it is final)."""
    return card.provisional or deck.provisional or (card.action.provisional if card.action else "")


def _modes(action, shown: list[Shown]) -> list[str]:
    """Body layouts to try in turn until the text fits: the full diagram, then smaller ones."""
    if shown:
        return ["full", "compact"]
    return ["full", "none"] if action is not None else ["none"]


def _diagram_for(ctx: Ctx, t: Tmpl, card: CardType, shown: list[Shown], mode: str, colour: str, accent: str,
                 ink: str):
    """((drawing, height used), whether it fills the template's whole diagram box), or (None, False)."""
    x, y, w, h = t["diagram"]
    action = card.action
    if mode == "none":
        return None, False
    if action is not None and not shown:
        g = _diagram(ctx, t, card, accent, ink, "#ffffff", tint(colour, 0.3))
        if g.items:
            return (g, h), True
        return None, False
    icon = action.icon if action is not None and action.icon and ctx.icons.known(action.icon) else None
    if mode == "compact":
        hh = min(h, t["stats"]["compact"])
        return (_fields(ctx, t, shown, (x, y, w, hh), accent, ink, compact=True), hh), False
    hh = _fields_height(t, shown, h)
    if icon and all(s.short for s in shown):
        size = min(hh * 0.72, w * 0.32)
        stats_w = _stats_width(t, shown, w - size - 4.0)
        x0 = x + (w - size - 4.0 - stats_w) / 2
        g = Group((ctx.icons.draw(icon, x0, y + (hh - size) / 2, size, accent),
                   _fields(ctx, t, shown, (x0 + size + 4.0, y, stats_w, hh), accent, ink)))
    else:
        g = _fields(ctx, t, shown, (x, y, w, hh), accent, ink)
    return (g, hh), hh >= h - 1e-6


def card_text(game: Game, card: CardType, none: str = "None.") -> CardText:
    """What a card prints: the text its game's engine generates from the card's rule fields, else the action's and
    the card's own text; `none` is what a card with an action but no requirements says ('' says nothing)."""
    engine = engine_for(game)
    made = engine.card_text(game, card) if engine is not None else None
    if made is None:
        action = card.action
        own = " ".join(t for t in (action.text if action else "", card.text) if t)
        return CardText(none if action else "", own)
    return CardText(made.requires or none, made.effect)


def written_at(game: Game, card: CardType, word: str):
    """Where content writes a word a card prints: the card's action or the area whose label it is (card text is
    made from both), else the card."""
    word = word.strip("*_.,;:()")
    if word:
        records = [card.action] if card.action is not None else []
        records += [a for c in game.area_cards for a in c.areas]
        for r in records:
            if any(isinstance(v, str) and word in v for v in vars(r).values()) and r.loc is not None:
                return r.loc
    return card.loc


def _card_text(ctx: Ctx, t: Tmpl, text, ink: str, start: float, full: bool, cap: float = 1.0
               ) -> tuple[list[Item], float, tuple | str, float]:
    """Requirements then effect from `start` down to the effect box's bottom, at most `cap` of the template's text
    size. Below a full diagram each starts at its own box (or right after the one before, if that ran long).
    Returns the drawing, where it ends, what did not fit ('' if all did: else the message and the word too wide for
    its box, if one is) and the smallest text size it used, as a share of the template's."""
    out: list[Item] = []
    y = start
    bottom = t["effect"]["box"][1] + t["effect"]["box"][3]
    if t["footer"]["height"] > 0:  # an effect box that reaches the footer band ends short of it
        bottom = min(bottom, t["size"][1] - t["footer"]["height"] - CLEAR_MM)
    problem = ""
    kept = 1.0
    first = True
    for region, body in ((t["requires"], text.requires), (t["effect"], text.effect)):
        if not body:
            continue
        label_h = 2.8 if region["label"] else 0.0
        x0, ry, bw, _ = region["box"]
        if full:
            y = max(y, t["requires"]["box"][1] if first else ry)
        first = False
        room = bottom - y - label_h
        whole = text_style(region["text"], ink)
        style = replace(whole, size=max(whole.size * cap, whole.min_size or 0.0, min(whole.size, SMALLEST))) \
            if cap < 1 else whole  # (never under 6 pt for the deck's sake: a card that needs less is reported)
        laid = text_box(body, (x0, y + label_h, bw, room), style, ctx.icons.inline)
        if style is not whole and laid.group.fit is not None:
            laid.group.fit.wanted = whole.size  # set smaller for its deck: shrunk from the template's size
        kept = min(kept, laid.size / whole.size)
        if not laid.fits:
            laid.group.fit.reported = True  # said below, with the word or the room it lacks
        if not laid.fits and not problem:
            wide = next((word for word in body.split() if not measure(word, bw, style, laid.size)[2]), None)
            if wide is not None:  # (its height may fit: the word alone is what cannot)
                problem = (f"the word '{wide[:40]}{'...' if len(wide) > 40 else ''}' in its "
                           f"{region['label'].lower()} text is wider than the template '{t.name}' gives it "
                           f"({bw:.1f} mm) even at {laid.size / pt(1):.2f} pt", wide)
            else:
                problem = (f"its {region['label'].lower()} text does not fit the template '{t.name}' "
                           f"({laid.height:.1f} mm needed, {room:.1f} mm available)", "")
        if region["label"]:
            out.append(Text(x0, y + 2.0, region["label"].upper(), SMALLEST, ink, "bold", set_by=region.loc_of("label"),
                            role=f"{region.role} label"))
        out.append(laid.group)
        y += label_h + laid.height + 1.8
    return out, y, problem, kept


def _band_symbol(ctx: Ctx, th, suit_id: str, x: float, y: float, size: float, band_ink: str) -> Item:
    """A suit symbol on its band: in the band's text colour, or in the suit's colour when saving ink."""
    if th.ink_saver:
        return ctx.icons.suit_symbol(suit_id, x, y, size)
    return ctx.icons.suit_symbol(suit_id, x, y, size, colour=band_ink, outline=band_ink)


def deepen(colour: str) -> str:
    """A colour dark enough for arrows and outlines on a light background."""
    return shade(colour, 0.3) if luminance(colour) > 0.35 else colour


def printed_fields(ctx: Ctx, deck: Deck, card: CardType):
    """(the field printed as a cost in the band or None, the other printed fields) of a card."""
    specs = [s for s in deck.field_specs if s.show]
    cost = next((s for s in specs if s.kind == "icon-counts"), None)  # the first declared: a card may have none
    out: list[Shown] = []
    if not deck.field_specs:  # (a deck that declares its fields prints those it shows: none, when all are hidden)
        for k, v in card.fields:
            value = _show(v)
            if value:
                out.append(Shown(k.replace("_", " ").title(), value, None, _is_short(value)))
        return None, out
    for s in specs:
        v = card.field(s.id)
        if v is None or s is cost or s.kind in ("manoeuvre", "shots"):
            continue
        if s.kind == "suit" and v in ctx.icons.suits:
            out.append(Shown(s.label, ctx.icons.suits[v].name, v, True))
            continue
        if s.kind == "icon" and ctx.icons.known(v):
            out.append(Shown(s.label, "", v, True))
            continue
        value = field_text(s, v)
        if value:
            short = _is_short(value)
            out.append(Shown(s.label, value, s.id if short and ctx.icons.known(s.id) else None, short,
                             widest_value(ctx, deck, s) if short else ""))
    return cost, out


def widest_value(ctx: Ctx, deck: Deck, spec) -> str:
    """The widest a field's value prints, over its declared bounds and the values its deck's cards give (worked
    out once a deck: every card of the deck asks)."""
    key = ("widest", deck.id, spec.id if spec is not None else None)
    if key not in ctx.memo:
        ctx.memo[key] = _widest(deck, spec)
    return ctx.memo[key]


def _widest(deck: Deck, spec) -> str:
    if spec is None:
        return ""
    values = [field_text(spec, b) for b in (spec.min, spec.max) if b is not None and spec.kind == "int"]
    values += [field_text(spec, c.field(spec.id)) for c in deck.cards if c.field(spec.id) is not None]
    return max(values, key=lambda v: fonts.width(v, 1.0, "bold"), default="")


def _is_short(value: str) -> bool:
    return len(value) <= 4 and "{" not in value


def _stat_w(t: Tmpl, s: Shown) -> float:
    """How wide a stat box is: the template's width, or enough for a longer value at a readable size."""
    need = fonts.width(s.value, 5.0, "bold") + (6.0 if s.icon and len(s.value) > 4 else 0.0) + 3.0
    return max(t["stats"]["width"], need if len(s.value) > 4 else 0.0)


def _stats_width(t: Tmpl, shown: list[Shown], room: float) -> float:
    stats = [s for s in shown if s.short]
    return min(room, sum(_stat_w(t, s) for s in stats) + 2.0 * (len(stats) - 1))


def _fields_height(t: Tmpl, shown: list[Shown], room: float) -> float:
    """The height the printed fields take in a diagram box of height `room`."""
    if any(not s.short for s in shown):
        return room
    return min(room, t["stats"]["height"])


def _fields(ctx: Ctx, t: Tmpl, shown: list[Shown], box, accent: str, ink: str, compact: bool = False) -> Group:
    """Printed fields in a box: short values as a centred row of labelled boxes (with their icons), longer ones
    as lines of text below them."""
    x, y, w, h = box
    stats = [s for s in shown if s.short]
    lines = [s for s in shown if not s.short]
    out: list[Item] = []
    sh = 0.0
    if stats:
        compact = compact or bool(lines)
        sh = h if not lines else min(h * 0.5, t["stats"]["compact"])
        gap = 2.0
        widths = [_stat_w(t, s) for s in stats]
        k = min(1.0, (w - gap * (len(stats) - 1)) / sum(widths))
        widths = [v * k for v in widths]
        cx = x + (w - sum(widths) - gap * (len(stats) - 1)) / 2
        for s, sw in zip(stats, widths):
            icon = None
            if s.icon:
                def icon(ix, iy, size, name=s.icon):
                    return ctx.icons.draw(name, ix, iy, size, ink)
            out.append(stat((cx, y + (0 if compact else 2), sw, sh - (0 if compact else 4)), s.label, s.value, ink,
                            accent, "#ffffff", icon, s.widest))
            cx += sw + gap
    if lines:
        text = "\n".join(f"**{s.label}:** {s.value}" for s in lines)
        top = y + sh + (1.5 if stats else 1.0)
        laid = text_box(text, (x, top, w, y + h - top - 1.0),
                        text_style(t["fields"], ink), ctx.icons.inline)
        out.append(laid.group)
    return Group(tuple(out))


def cost_chips(ctx: Ctx, counts, x: float, band_h: float, chip: float, accent: str, ink: str, paper: str
               ) -> tuple[Group, float]:
    """A cost as chips ('2' and an icon each) in up to two rows, at x on a band; and the width they take."""
    pairs = list(dict(counts).items()) if counts else []
    if not pairs:
        return Group(), 0.0
    rows = 1 if len(pairs) == 1 else 2
    cols = math.ceil(len(pairs) / rows)
    gap = 1.2
    room = band_h - SAFE - gap  # from 3 mm below the trim (the band starts at the card's top) to a gap above its foot
    ch = min(chip, (room - gap * (rows - 1)) / rows)
    size = ch * 0.8
    isz = ch * 0.72
    y0 = SAFE + (room - rows * ch - (rows - 1) * gap) / 2
    out: list[Item] = []
    cx = x
    for c in range(cols):
        col = pairs[c * rows:(c + 1) * rows]
        cw = max(fonts.width(str(n), size, "bold") for _, n in col) + isz + 0.9 + 1.6
        for r, (name, n) in enumerate(col):
            cy = y0 + r * (ch + gap)
            out.append(Rect(cx, cy, cw, ch, Style(fill=paper, stroke=accent, width=0.35), ch * 0.25))
            out.append(Text(cx + 0.8, cy + (ch + fonts.CAP_HEIGHT * size) / 2, str(n), size, ink, "bold"))
            icon = ctx.icons.draw(name, cx + cw - 0.8 - isz, cy + (ch - isz) / 2, isz, ink)
            if icon is not None:
                out.append(icon)
        cx += cw + gap
    return Group(tuple(out), label="cost"), cx - gap - x


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


def _diagram(ctx: Ctx, t: Tmpl, card: CardType, accent: str, ink: str, paper: str, light: str) -> Group:
    """The rules diagram the card's engine describes (engine/api.CardDiagram), else the card's action icon."""
    engine = engine_for(ctx.game)
    spec = (engine.card_diagram(ctx.game, card) if engine is not None else None) or CardDiagram("icon")
    x, y, w, h = t["diagram"]
    sw = min(16.0, w * 0.3) if spec.stats else 0.0
    room = (x, y, w - sw - 2, h) if spec.stats else t["diagram"]
    parts: list[Item] = []
    if spec.kind == "headings":
        drawn = heading_diagram(room, spec.headings, spec.steps, spec.reference, spec.unit, accent, ink, paper, light)
        if not spec.stats:
            return drawn
        parts.append(drawn)
    elif spec.kind == "range":
        parts.append(range_diagram(room, spec.distance, accent, ink, paper, light))
    else:
        parts += _icon_diagram(ctx, card.action, room, spec.label, accent, ink)
    slots = max(2, len(spec.stats))
    sh = (h - 1.5 * (slots - 1)) / slots
    for k, (label, value) in enumerate(spec.stats):
        parts.append(stat((x + w - sw, y + k * (sh + 1.5), sw, sh), label, value, ink, accent, paper))
    only_icon = spec.kind == "icon" and not spec.label and not spec.stats
    return Group(tuple(parts), label="icon" if only_icon else "")


def _icon_diagram(ctx: Ctx, action, box, label: str, accent: str, ink: str) -> list[Item]:
    """The action's icon, with a label (such as '+1') beside it, centred in the box."""
    x, y, w, h = box
    size = min(h * 0.72, w * 0.32)
    parts: list[Item] = []
    tsize = size * 0.7
    tw = fonts.width(label, tsize, "bold") if label else 0.0
    gap = size * 0.15 if label else 0.0
    x0 = x + (w - size - gap - tw) / 2
    if action is not None and action.icon and ctx.icons.known(action.icon):
        parts.append(ctx.icons.draw(action.icon, x0, y + (h - size) / 2, size, accent))
    if label:
        parts.append(Text(x0 + size + gap, y + h / 2 + fonts.CAP_HEIGHT * tsize / 2, label, tsize, ink, "bold"))
    return parts


INK_SAVER_EMBLEM = 0.6  # the back's emblem at this share of its size in an ink-saving kit
INK_SAVER_FRAME = 0.25  # mm: the widest line of an ink-saving back's frame


def card_back(ctx: Ctx, deck: Deck) -> Group:
    """The back printed on every card of a deck (symmetric, so it reads the same either way up)."""
    face = face_template(ctx, deck)
    t = ctx.template(deck.back_template, "card-back", "card-back", BACK_SPEC, deck.loc)
    th = ctx.theme
    w, h = face["size"]
    b = face["bleed"]
    colour = ctx.colour(deck.back_colour, "#1b3a5c")
    # to save ink a back is white, drawn in outline in its colour: the backs are most of a kit's ink otherwise
    fill = "#ffffff" if th.ink_saver else th.solid(colour)
    ink = th.line(colour) if th.ink_saver else th.text_on(colour, t["ink"])
    out: list[Item] = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=fill))]
    inset = t["frame_inset"]
    if t["frame_width"] > 0 and th.ink_saver:  # one fine line: a frame is a white back's next most ink
        out.append(Rect(inset, inset, w - 2 * inset, h - 2 * inset,
                        Style(stroke=ink, width=min(t["frame_width"], INK_SAVER_FRAME)), 2.5))
    elif t["frame_width"] > 0:
        out.append(Rect(inset, inset, w - 2 * inset, h - 2 * inset,
                        Style(stroke=tint(ink, 0.8), width=t["frame_width"]), 2.5))
        out.append(Rect(inset + 1.2, inset + 1.2, w - 2 * inset - 2.4, h - 2 * inset - 2.4,
                        Style(stroke=tint(ink, 0.8), width=t["frame_width"] / 3), 1.8))
    s = t["icon_size"]
    icon = s > 0 and ctx.icon_ok(t["icon"], t.loc_of("icon"), f"template '{t.name}': 'icon'")  # (even under a picture)
    box = t["art"]["box"] or ((w - s) / 2, (h - s) / 2, s, s)
    if th.ink_saver:  # a smaller emblem or picture: it is most of a white back's ink
        s *= INK_SAVER_EMBLEM
        bx, by, bw, bh = box
        box = (bx + bw * (1 - INK_SAVER_EMBLEM) / 2, by + bh * (1 - INK_SAVER_EMBLEM) / 2, bw * INK_SAVER_EMBLEM,
               bh * INK_SAVER_EMBLEM)
    art = None
    if deck.back.image is not None:
        art = ctx.art(deck.back.image, f"deck '{deck.id}' back", box, t["art"]["fit"])
    if art is not None:
        out.append(art)
    elif icon:
        out.append(ctx.icons.draw(t["icon"], (w - s) / 2, (h - s) / 2, s, ink))
    if deck.back_text:
        ts = text_style(t["title"], ink)
        if th.ink_saver:  # in the regular face: bold words twice over are a white back's most ink
            ts = replace(ts, bold=False, display=False)
        region = (inset + 3, inset + 3, w - 2 * inset - 6, (h - s) / 2 - inset - 4)
        laid = text_box(deck.back_text, region, ts)
        out.append(laid.group)
        out.append(place(laid.group, w, h, 180))
    if deck.mark and deck.back.mark:  # at both sides, halfway down: the back still reads the same either way up
        d = 7.0
        badge = deck_badge(deck.mark, inset + 2.4 + d / 2, h / 2, d, fill if th.ink_saver else ink,
                           ink if th.ink_saver else fill)
        out += [badge, place(badge, w, h, 180)]
    return Group(tuple(out), label=f"back {deck.id}")


def suit_keys(ctx: Ctx, card: CardType, t: Tmpl | None = None) -> tuple[ColourKey, ...]:
    """A card's suit colours, each told apart by the suit's symbol where its template prints the symbol (or the
    suit's name) large enough to read in a fanned hand; else by colour alone, which the preflight then holds to
    look different in grey and to colour-blind eyes."""
    marked = t is None or suit_cue(ctx, t)
    out = []
    for suit_id in card.every_suit:
        suit = ctx.icons.suits.get(suit_id)
        if suit is not None:
            out.append(ColourKey("suits on the cards", f"suit '{suit.id}'", suit.colour, suit.colour_loc or suit.loc,
                                 f"symbol {suit.symbol}" if marked else ""))
    return tuple(out)


LEGIBLE_CUE = 4.0  # mm: a suit's symbol this large (or its name in letters this tall) tells the suit without colour


def suit_cue(ctx: Ctx, t: Tmpl) -> bool:
    """Whether a card template prints each card's suit other than by colour: the classic regions do (the band's
    symbol or index, the footer's name); an element template does with an icon of the suit, or text of the suit's
    symbol or name, at least LEGIBLE_CUE across (boxes in percentages count as large)."""
    for element in _flat(template_elements(ctx, t)):
        if element.kind in ("title-band", "footer-band"):
            return True
        box = element["box"]
        room = LEGIBLE_CUE if box is None else min(_extent(box[2], t["size"][0]), _extent(box[3], t["size"][1]))
        if element.kind == "icon" and "suit" in element["icon"] and room * element["scale"] >= LEGIBLE_CUE:
            return True
        if element.kind == "text" and any(k in element["text"] for k in ("{suit.symbol}", "{suit.name}", "{suits}")) \
                and element["size"] * 0.7 >= LEGIBLE_CUE * 0.5:
            return True
    return False


def provisional_mark(ctx: Ctx, t: Tmpl) -> str:
    """How a card template marks a provisional card: its `provisional:` choice where its face prints the footer band
    (whose version line carries the PROVISIONAL tag), else the watermark, since nothing else would say it."""
    if any(element.kind == "footer-band" for element in _flat(template_elements(ctx, t))):
        return t["provisional"]
    return "watermark"


def _flat(elements) -> list:
    out = []
    for e in elements:
        out.append(e)
        out += _flat(e.children)
    return out


def _extent(value, whole: float) -> float:
    return value.of(whole) if hasattr(value, "of") else value


BODY = "body"  # the classic card's rules text (needs and effect), as the deck's sizes are kept


def one_size(ctx: Ctx, deck_id: str) -> set[str]:
    """After a deck's cards are laid out once: set each text of theirs that shrinks to fit (the rules text, a text
    element with a min_size) at one size for the deck, the smallest any card needed; the ids of the cards that
    set one larger, to lay out again."""
    again: set[str] = set()
    for key in [k for k in ctx.body_kept if k[0] == deck_id]:
        kept = ctx.body_kept.pop(key)
        least = min(share for _card, share in kept)
        if any(share > least + 1e-6 for _card, share in kept):
            ctx.body_caps[key] = least
            again |= {card for card, share in kept if share > least + 1e-6}
    return again


def deck_pieces(ctx: Ctx, deck: Deck) -> list[Piece]:
    """A piece per card type of a deck (face with the deck's back), then the back on its own for the contact sheet."""
    validate(ctx, deck)
    frame = card_frame(ctx, deck)
    back = scaled(card_back(ctx, deck), frame.factor)
    faces = [card_face(ctx, deck, card) for card in deck.cards]
    again = one_size(ctx, deck.id)
    faces = [card_face(ctx, deck, card) if card.id in again else face for card, face in zip(deck.cards, faces)]
    for key in [k for k in ctx.body_kept if k[0] == deck.id]:
        del ctx.body_kept[key]  # (what the cards laid out again kept: their sizes are the deck's now)
    pieces = []
    for card, face in zip(deck.cards, faces):
        f = card_frame(ctx, deck, card=card)
        pid = f"card-{deck.id}-{card.id}" if deck.copy_of else f"card-{card.id}"  # a copy repeats the card ids
        template = face_template(ctx, deck, card)
        keys = suit_keys(ctx, card, template)
        named = card.name + (f" ({', '.join(card.every_suit)})" if card.suit else "")
        pieces.append(marked(Piece(pid, named, "Cards", f.size, scaled(face, face_factor(ctx, deck, card)), back,
                                   f.bleed, card.count, "marks", back_id=f"back-{deck.id}", kind="card",
                                   source=card.loc, keys=keys, part_of=deck.name), provisional(card, deck),
                             provisional_mark(ctx, template)))
    pieces.append(Piece(f"back-{deck.id}", f"{deck.name} back", "Card backs", frame.size, back, None, frame.bleed,
                        0, "marks", kind="card-back", source=deck.loc, part_of=deck.name))
    return pieces
