"""Tokens and markers of any shape: a fill, a cut outline, a label, an icon, labelled edges, a back side."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from ..draw.colour import contrast, shade, tint
from ..draw.geometry import scale
from ..draw.icons import arrow
from ..draw.inscribe import flatten, inner_box, span
from ..draw.piece import ColourKey, Piece
from ..draw.primitives import Circle, Group, Item, Path, Rect, Style, Text, place, polygon
from ..draw.svgpath import parse_path
from ..draw.templates import P, Tmpl, text_spec, text_style
from ..draw.text import text_box
from ..maths.hexgrid import corners
from ..model import Token
from .context import Ctx, art_spec
from .elements import Inks, Known, Scope, Subject, Trim, draw_elements, read_elements, register
from .imprint import PROVISIONAL_SPEC, imprint, imprint_width, marked

SQRT3 = math.sqrt(3)
PLAIN = ("square", "circle", "hex", "rect", "octagon")  # shapes whose label sits inside a plain inset
SPEC = {
    "ink": P("colour", "#222222", doc="the label's and icon's colour"),
    "outline": P("colour", "#222222", doc="the cut outline's colour"),
    "outline_width": P("length", "0.3mm", min=0, max=5, doc="the cut outline's width (0 for none)"),
    "label": text_spec("9pt", bold=True, align="center", valign="middle", min_size="6pt"),
    "edge_label": text_spec("7pt", bold=True, align="center", valign="bottom", min_size="6pt"),
    "icon": P("number", 0.42, min=0, max=1, doc="the icon's size as a share of the token's shorter side (0 for none)"),
    "inset": P("number", 0.14, min=0, max=0.5,
               doc="a round, hex or octagonal token's label and icon keep this share of its size inside the edge"),
    "art": art_spec(None, "cover"),  # a token's picture, inside its outline (no box: the whole token)
    "provisional": PROVISIONAL_SPEC,  # corner: a PROVISIONAL tag by the version; watermark: the word across the face
    "safe": P("length", "1.5mm", min=0, max=30,
              doc="the safe margin: an element anchored to 'safe' keeps this far inside the token's edge"),
    "elements": P("elements", doc="what the face draws, in order (none: the bundled token template's)"),
    "back_elements": P("elements", doc="what the back draws (none: the classic back: picture, icon, label)"),
}


def shape_size(token: Token) -> tuple[float, float]:
    """The printed bounding box of a token's shape (a hex is as wide as the size and as tall as it must be)."""
    w, h = token.size_mm
    if token.shape == "hex":
        r = min(w / 2, h / SQRT3)
        return (2 * r, SQRT3 * r)
    if token.shape in ("circle", "square", "octagon"):
        d = min(w, h)
        return (d, d)
    return (w, h)


def outline(token: Token, w: float, h: float, st: Style) -> Item:
    """The token's shape filling [0, w] x [0, h]."""
    shape = token.shape
    if shape == "circle":
        return Circle(w / 2, h / 2, min(w, h) / 2, st)
    if shape == "hex":
        return polygon(corners((w / 2, h / 2), w / 2), st)
    if shape == "octagon":
        r = min(w, h) / 2 / math.cos(math.pi / 8)
        return polygon([(w / 2 + r * math.cos(math.radians(22.5 + 45 * i)),
                         h / 2 + r * math.sin(math.radians(22.5 + 45 * i))) for i in range(8)], st)
    if shape in POLYGONS:
        return polygon([(w * px, h * py) for px, py in POLYGONS[shape]], st)
    if shape == "custom" and getattr(token, "path", None):
        return Group((Path(parse_path(token.path), st),), scale(w / 100, h / 100))
    return Rect(0, 0, w, h, st, min(w, h) * 0.08 if shape == "square" else 0.0)


def clip_shape(token: Token, w: float, h: float) -> Item:
    """The token's outline as one shape (a custom outline's path scaled to the size), to clip a picture to."""
    shape = outline(token, w, h, Style())
    if isinstance(shape, Group):  # a custom outline: its path in a 100 x 100 box
        ops = tuple((op[0], *(v * (w if k % 2 == 0 else h) / 100 for k, v in enumerate(op[1:]))) for op in
                    shape.items[0].ops)
        return Path(ops, Style())
    return shape


# outlines as corners in a unit box
POLYGONS = {
    "flag": ((0, 0), (1, 0), (0.78, 0.5), (1, 1), (0, 1)),
    "pennant": ((0, 0), (1, 0.3), (0.86, 0.5), (1, 0.7), (0, 1)),  # a tapering swallow-tail
    "triangle": ((0.5, 0), (1, 1), (0, 1)),
    "diamond": ((0.5, 0), (1, 0.5), (0.5, 1), (0, 0.5)),
}


def content_box(token: Token, w: float, h: float, inset: float) -> tuple[float, float, float, float]:
    """Where a token's label and icon go: inside the inset for plain shapes, else the roomiest upright rectangle
    inside the outline (less a small margin)."""
    if token.shape in POLYGONS or (token.shape == "custom" and getattr(token, "path", None)):
        x, y, bw, bh = _inner(token.shape, getattr(token, "path", None) or "", w, h)
        pad = min(w, h) * 0.05
        return (x + pad, y + pad, bw - 2 * pad, bh - 2 * pad)
    return (inset, inset, w - 2 * inset, h - 2 * inset)


def _polys(shape: str, path: str, w: float, h: float) -> list:
    if shape in POLYGONS:
        return [[(w * px, h * py) for px, py in POLYGONS[shape]]]
    return [[(x * w / 100, y * h / 100) for x, y in poly] for poly in flatten(parse_path(path))]


@lru_cache(maxsize=128)
def _inner(shape: str, path: str, w: float, h: float) -> tuple[float, float, float, float]:
    return inner_box(_polys(shape, path, w, h), w, h)


def line_box(token: Token, w: float, h: float, box: tuple[float, float, float, float]
             ) -> tuple[float, float, float, float]:
    """A box for one line of text on an odd-shaped token: as wide as the outline is across the box's height."""
    x, y, bw, bh = box
    if token.shape in PLAIN:
        return box
    polys = _polys(token.shape, getattr(token, "path", None) or "", w, h)
    spans = [span(polys, yy, x + bw / 2) for yy in (y, y + bh / 2, y + bh)]
    if any(sp is None for sp in spans):
        return box
    lo, hi = max(sp[0] for sp in spans), min(sp[1] for sp in spans)
    pad = min(w, h) * 0.05
    return box if hi - lo - 2 * pad <= bw else (lo + pad, y, hi - lo - 2 * pad, bh)


def validate(ctx: Ctx, token: Token) -> None:
    """Record errors for a token's icons, {icon} markers in its labels and custom outline."""
    for name in (token.icon, getattr(token, "back_icon", None)):
        if name:
            ctx.icon_ok(name, token.loc, f"token '{token.id}'")
    for text in (token.label, token.back_label or ""):
        ctx.markers_ok(text, token.loc, f"token '{token.id}'")
    if token.shape == "custom":
        try:
            parse_path(getattr(token, "path", None) or "")
        except ValueError as e:
            ctx.problems.error(token.loc, f"token '{token.id}': bad 'path': {e}")


def token_piece(ctx: Ctx, token: Token) -> Piece:
    """The piece of a token (printed `count` times), with its back when it has one."""
    t = ctx.template(token.template, "token", "token", SPEC, token.loc)
    validate(ctx, token)
    w, h = shape_size(token)
    colour = ctx.colour(token.colour, "#ffffff")
    # a token of a suit (a nation, a faction) shows its suit's symbol, so it is told apart without its colour
    icon = token.suit if token.suit and token.suit in ctx.icons.suits else token.icon
    face = token_side(ctx, t, token, colour, token.label, icon, w, h, edges=True, image=token.image)
    back = None
    if token.double_sided:
        back = token_side(ctx, t, token, ctx.colour(token.back_colour, colour), token.back_label or "",
                          getattr(token, "back_icon", None), w, h, edges=False,
                          image=token.back_image)
    drawn = icon if icon and ctx.icons.known(icon) and t["icon"] > 0 else ""
    shape = ctx.icons.suits[icon].symbol if drawn in ctx.icons.suits else drawn  # two suits may share a symbol
    mark = " ".join(x for x in (token.label, shape) if x)
    if not any(e.kind == "token-face" for e in token_elements(ctx, t)):
        mark = " ".join(printed_words(face))  # a face laid out by its own elements: told apart by what it prints
    if token.double_sided and (token.back_label or token.back_icon):  # faces alike on purpose (drawn face down)
        mark += f" (back: {' '.join(x for x in (token.back_label, token.back_icon) if x)})"
    key = ColourKey(f"tokens of kind '{token.kind}'", f"token '{token.id}'", colour, token.colour_loc or token.loc,
                    mark)
    return marked(Piece(f"token-{token.id}", token.name, "Tokens", (w, h), face, back, 0.0, token.count, "outline",
                        kind="token", source=token.loc, keys=(key,), part_of=token.name), token.provisional,
                  t["provisional"])


def token_side(ctx: Ctx, t: Tmpl, token: Token, colour: str, label: str, icon: str | None, w: float, h: float,
               edges: bool, image=None) -> Group:
    """One side of a token: its shape filled, what its template's elements draw (the face; the back is drawn as the
    classic token's: picture, icon, label), then its cut outline."""
    th = ctx.theme
    side = Side(ctx, t, token, colour, th.solid(colour, 0.2), th.text_on(colour, t["ink"]), label, icon, w, h, edges,
                image)
    out: list[Item] = [outline(token, w, h, Style(fill=side.fill))]
    elements = token_elements(ctx, t, "elements" if edges else "back_elements")
    if elements:
        scope = Scope(ctx, t, token_subject(ctx, token, back=not edges), Trim((w, h), 0.0, t["safe"]),
                      Inks(side.ink, side.fill, t["ink"], th), ctx.problems, extra={"side": side})
        out += draw_elements(elements, scope)
    else:
        out += side_art(side) + side_content(side)
    out.append(outline(token, w, h, Style(stroke=shade(colour, 0.5) if th.ink_saver else t["outline"],
                                          width=t["outline_width"], join="round")))
    return Group(tuple(out), label=f"token {token.id}")


@dataclass(frozen=True)
class Side:
    """One side of a token as its classic parts draw it: the token, its colours, label, icon and picture."""

    ctx: Ctx
    t: Tmpl
    token: Token
    colour: str
    fill: str
    ink: str
    label: str
    icon: str | None
    w: float
    h: float
    edges: bool
    image: object = None


def printed_words(item: Item) -> list[str]:
    """The words a drawing prints, in order."""
    if isinstance(item, Text):
        return [item.text] if item.text.strip() else []
    if isinstance(item, Group):
        return [w for x in item.items for w in printed_words(x)]
    return []


def token_elements(ctx: Ctx, t: Tmpl, which: str = "elements") -> tuple:
    """A token template's face elements (the bundled token template's when it names none) or back elements (none:
    the classic back), read once."""
    key = f"_{which}"  # (an attribute no template parameter can be named)
    cached = t.__dict__.get(key)
    if cached is None:
        pairs = t.get(which)
        if not pairs and which == "elements":
            pairs = ctx.templates.get("token", "token", SPEC, bundled=True).get("elements")
        cached = t.__dict__[key] = read_elements(pairs or (), Known(ctx.game), ctx.problems, f"template '{t.name}'")
    return cached


def token_subject(ctx: Ctx, token: Token, back: bool = False) -> Subject:
    """A token's data as its template's elements read it: name, label, kind, count, owner, colour, icon and fields
    (on its back: its back's label, colour, icon and picture, and its back fields over its fields)."""
    raw = {"name": token.name, "id": token.id, "label": token.label, "kind": token.kind, "count": token.count,
           "owner": token.owner, "colour": token.colour, "icon": token.icon, "back_label": token.back_label,
           "side": "back" if back else "face"}
    if back:
        raw.update(label=token.back_label or "", colour=token.back_colour or token.colour, icon=token.back_icon)
    for other in ctx.game.tokens:  # a field some token has: blank on a token without it (write `when:` for more)
        for k, _ in (*other.fields, *other.back_fields):
            raw.setdefault(k, None)
    shown = {k: "" if v is None else str(v) for k, v in raw.items()}
    for k, v in (*token.fields, *(token.back_fields if back else ())):
        raw[k] = shown[k] = v
    suits = (token.suit,) if token.suit else ()
    image = token.back_image if back else token.image
    return Subject(f"token '{token.id}'" + (" back" if back else ""), token.loc, shown, raw, {}, suits, image,
                   ctx.game.rules)


@register("token-art", "the token's picture (image:), inside its outline (art.* sizes it)", {}, supplied="tokens")
def _art_element(element, box, scope) -> list[Item]:
    return side_art(scope.extra["side"])


@register("token-face", "the classic token's face: its icon (or its suit's symbol) and label, the headings along "
          "a hex token's edges and, on a large token, the version (label, icon, inset, edge_label size it)", {},
          supplied="tokens")
def _face_element(element, box, scope) -> list[Item]:
    return side_content(scope.extra["side"])


def side_art(side: Side) -> list[Item]:
    """A side's picture, filling it inside the outline (none without one)."""
    token, t, w, h = side.token, side.t, side.w, side.h
    if side.image is None:
        return []
    art = side.ctx.art(side.image, f"token '{token.id}'" + ("" if side.edges else " back"),
                       t["art"]["box"] or (0.0, 0.0, w, h), t["art"]["fit"], clip_shape(token, w, h))
    return [] if art is None else [art]


def side_content(side: Side) -> list[Item]:
    """A side's icon and label (and a face's edge headings and version line), as the classic token prints them."""
    ctx, t, token, w, h = side.ctx, side.t, side.token, side.w, side.h
    th, colour, fill, ink, label, icon, edges = ctx.theme, side.colour, side.fill, side.ink, side.label, side.icon, \
        side.edges
    out: list[Item] = []
    inset = min(w, h) * t["inset"] if token.shape in ("circle", "hex", "octagon") else min(w, h) * 0.08
    if edges and any(token.edges):
        out.append(_edge_labels(ctx, t, token, w, h, ink))
        inset = max(inset, min(w, h) * 0.2)
    bx, by, iw, ih = content_box(token, w, h, inset)
    cx, cy = bx + iw / 2, by + ih / 2
    has_icon = bool(icon and ctx.icons.known(icon) and t["icon"] > 0)
    icon_colour = ink
    if th.ink_saver:  # the token's own colour, darkened until it reads on the light tint
        icon_colour = colour if contrast(colour, fill) >= 3.0 else shade(colour, 0.55)
    if has_icon and label and token.shape not in PLAIN and iw >= 2 * ih:
        # a long low box (a pennant): the icon beside the label
        isz = ih * 0.8
        laid = text_box(label, (0, 0, iw - isz - ih * 0.25, ih), text_style(t["label"], ink), ctx.icons.inline)
        x0 = cx - (isz + ih * 0.25 + laid.width) / 2
        out.append(ctx.icons.draw(icon, x0, cy - isz / 2, isz, icon_colour, mono=icon in ctx.icons.suits))
        out.append(text_box(label, (x0 + isz + ih * 0.25, by, laid.width + 0.5, ih),
                            text_style(t["label"], ink, size=laid.size, align="left"), ctx.icons.inline).group)
    else:
        if has_icon:
            isz = min(iw, ih) * t["icon"] * (0.75 if edges and any(token.edges) else 1.0)
            if label and token.shape not in PLAIN:
                isz = min(isz, ih * 0.5)
            iy = cy - isz / 2 - (ih * 0.16 if label else 0.0)
            out.append(ctx.icons.draw(icon, cx - isz / 2, iy, isz, icon_colour, mono=icon in ctx.icons.suits))
        if label:
            ty, tbh = (cy + ih * 0.08, ih * 0.34) if has_icon else (by, ih)
            ts = text_style(t["label"], ink)
            if not has_icon and len(label) <= 2:
                ts = text_style(t["label"], ink, size=min(iw, ih) * 0.7)
            box = line_box(token, w, h, (bx, ty, iw, tbh)) if has_icon else (bx, ty, iw, tbh)
            out.append(text_box(label, box, ts, ctx.icons.inline).group)
    if edges and token.shape in PLAIN and min(w, h) >= VERSION_MIN and not (token.edges[3:4] and token.edges[3]):
        # a large token prints the version along its bottom (where a hex token's south edge has no label)
        # the PROVISIONAL tag only where it fits inside the token (the cover lists what is provisional)
        room = w - 2 * max(inset, min(w, h) * 0.1)
        mark = t["provisional"] if t["provisional"] == "watermark" or imprint_width(ctx, token.provisional) <= room \
            else ""
        out.append(imprint(ctx, w / 2, h - max(inset, min(w, h) * 0.1), ink, "middle", token.provisional, mark))
    return out


VERSION_MIN = 25.0  # a token at least this wide and tall prints the game's version


def _edge_labels(ctx: Ctx, t: Tmpl, token: Token, w: float, h: float, ink: str) -> Group:
    """Labels along the sides of a hex token (clockwise from north), tops toward the edge."""
    r = w / 2
    apothem = r * SQRT3 / 2
    side = r
    out: list[Item] = []
    for i, text in enumerate(token.edges[:6]):
        if not text:
            continue
        ts = text_style(t["edge_label"], ink)
        band = ts.size * 1.5
        laid = text_box(text, (-side * 0.4, -apothem + 0.9, side * 0.8, band), replace(ts, valign="top"))
        ang = 60 * i  # the north side first, turning clockwise
        out.append(place(laid.group, w / 2, h / 2, ang))
        # an arrow from the middle toward the side: the heading that side names
        out.append(place(arrow(0, -apothem * 0.5, -90, apothem * 0.5 - band - 1.2, tint(ink, 0.7),
                               shaft=max(0.5, apothem * 0.05), head=max(1.5, apothem * 0.16)), w / 2, h / 2, ang))
    return Group(tuple(out))
