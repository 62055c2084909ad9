"""A board's hexes and squares laid out by the board template's elements: each space's data (its suit, terrain,
coordinate and the location on it: name, text, value, cost, slots, icon) bound to placed elements, and the element
kinds only a space has (its fill and outline, suit symbol and pips, coordinate, terrain, track, slots)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..draw.colour import shade, tint
from ..draw.primitives import Circle, Item, Style, Text, polygon
from ..draw.templates import Tmpl, text_style
from ..maths.hexgrid import hex_corners
from ..model import Board
from .context import Ctx
from .elements import Inks, Known, Param, Scope, Subject, Trim, draw_elements, read_elements, register
from .features import joins_drawn

SUPPLIED = "boards"


@dataclass(frozen=True)
class Space:
    """One hex or square as its elements draw it: where it is, its size, and what fills it."""

    centre: tuple[float, float]
    radius: float  # a hex's corner radius; half a square's side
    shape: str  # flat | pointy | square (| board: the whole board, for what it prints once)
    fill: str | None  # its colour (None: the board's picture shows through)
    art: Any = None  # the board's picture for this space (drawn by the hex's 'space' element)
    board: Board | None = None
    cell: Any = None  # the Hex (or Cell) it is
    features: tuple = ()  # the roads and track joining its sides and centre

    @property
    def box(self) -> tuple[float, float, float, float]:
        """The space's bounding box (x, y, width, height)."""
        cx, cy = self.centre
        r = self.radius
        if self.shape == "flat":
            return (cx - r, cy - r * math.sqrt(3) / 2, 2 * r, r * math.sqrt(3))
        if self.shape == "pointy":
            return (cx - r * math.sqrt(3) / 2, cy - r, r * math.sqrt(3), 2 * r)
        return (cx - r, cy - r, 2 * r, 2 * r)

    def outline(self) -> list[tuple[float, float]]:
        """The hex's corners (a square's four)."""
        cx, cy = self.centre
        if self.shape == "square":
            r = self.radius
            return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
        return hex_corners(self.centre, self.radius, self.shape == "pointy")


def space_subject(ctx: Ctx, board: Board, what: str, location, suit: str | None, terrain: tuple[str, ...],
                  coordinate: str) -> Subject:
    """A space's data as its elements read it: {name}, {text}, {value}, {cost}, {slots} and {icon} of the location
    on it ('' when none), {coordinate}, {suit.name} ..., {terrain} (names); conditions also see `location`."""
    terrains = {tr.id: tr for tr in getattr(ctx.game, "terrains", ())}
    names = ", ".join(terrains[t].name for t in terrain if t in terrains)
    lo = location
    icon = lo.icon if lo and lo.icon and ctx.icon_ok(lo.icon, lo.loc, f"board '{board.id}' location '{lo.id}'") \
        else None  # (an unknown icon is reported at the location, once)
    shown = {"name": lo.name if lo else "", "text": lo.text if lo else "", "value": lo.value if lo else "",
             "cost": lo.cost if lo else "", "slots": str(lo.slots) if lo and lo.slots else "",
             "icon": icon or "", "coordinate": coordinate, "terrain": names,
             "location": lo.id if lo else "", "board": board.name}
    raw = {**shown, "slots": lo.slots if lo else 0, "terrain": terrain, "location": lo.id if lo else None,
           "icon": icon}
    return Subject(what, lo.loc if lo else board.loc, shown, raw, {}, (suit,) if suit else (), None,
                   ctx.game.rules)


def space_elements(ctx: Ctx, t: Tmpl, key: str, bundled: Tmpl) -> tuple:
    """The board template's elements for its hexes (key 'hex') or squares ('square'), read once; a template
    naming none draws pnpgen's own template's."""
    cache = t.__dict__.setdefault("_spaces", {})  # (an attribute no template parameter can be named)
    if key not in cache:
        own = t.get(key) or key in t.locs  # (a template that drops every element it extends draws none)
        cache[key] = read_elements((t.get(key) if own else bundled.get(key)) or (), Known(ctx.game), ctx.problems,
                                   f"template '{t.name}' {key}")
    return cache[key]


def draw_space(ctx: Ctx, t: Tmpl, elements: tuple, space: Space, subject: Subject, location,
               size: tuple[float, float] | None = None, extra: dict | None = None) -> list[Item]:
    """One space's elements, placed in its box (`size`: the whole board's, for what a board prints once)."""
    x, y, w, h = (0.0, 0.0, *size) if size else space.box
    paper = "#ffffff" if ctx.theme.ink_saver else t["background"]
    scope = Scope(ctx, t, subject, Trim((w, h), 0.0, 0.0, (x, y)), Inks(t["ink"], paper, t["grid"], ctx.theme),
                  ctx.problems, extra={"space": space, "location": location, **(extra or {})})
    return draw_elements(elements, scope)


def _space(scope: Scope) -> Space:
    return scope.extra["space"]


def _size(element, box) -> float:
    """The size of the space a box stands for (its shorter side)."""
    return min(box[2], box[3])


@register("space", "a hex filled with its suit's colour (else its first terrain's), the board's picture for it, and "
          "its outline in the grid's colour (a board's hexes only)",
          {"fill": Param("colour", None, "its colour (default: a tint of its suit's, else of its first terrain's, "
                         "as strong as the template's fill)"),
           "stroke": Param("colour", None, "its outline (default: the template's grid colour and width)")},
          supplied=SUPPLIED)
def draw_hex_space(element, box, scope) -> list[Item]:
    space = _space(scope)
    ctx, t = scope.ctx, scope.template
    if space.shape not in ("flat", "pointy"):
        return []
    fill = scope.colour(element["fill"]) if element["fill"] else space.fill
    stroke = scope.colour(element["stroke"]) if element["stroke"] else t["grid"]
    grid = Style(stroke=stroke, width=t["grid_width"], join="round")
    pts = space.outline()
    out: list[Item] = [polygon(pts, Style(stroke=stroke, width=t["grid_width"], join="round", fill=fill))]
    if space.art is not None:
        x, y, w, h = space.box
        art = ctx.art(space.art, f"board '{space.board.id}' art {list(space.cell.qr)}", (x, y, w, h), t["space_art"],
                      clip=polygon(pts, Style()))
        if art is not None:
            out += [art, polygon(pts, grid)]
    return out


@register("suit-symbol", "the space's suit symbol, in its colour with a darker rim, centred in the box",
          {"scale": Param("number", None, "its size as a share of the box's shorter side (default: the template's "
                          "symbol)", min=0.02, max=1),
           "lift": Param("number", 0.04, "how far above the box's centre it sits, as a share of the box's shorter "
                         "side", min=-0.5, max=0.5)},
          supplied=SUPPLIED)
def draw_suit_symbol(element, box, scope) -> list[Item]:
    suit = scope.subject.suit
    icons = scope.ctx.icons
    if not suit or suit not in icons.suits:
        return []
    f = _size(element, box)
    size = f * (element["scale"] if element["scale"] is not None else scope.template["symbol"])
    if size <= 0:
        return []
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2 - f * element["lift"]
    colour = icons.suits[suit].colour
    return [icons.suit_symbol(suit, cx - size / 2, cy - size / 2, size, outline=shade(colour, 0.55), colour=colour)]


PIP_CORNERS = (0, 2, 4)  # flat-top: the E, SW and NW corners, some in sight whichever way a piece on the hex leans


@register("suit-pips", "small suit symbols toward three corners of a hex, in sight beside a piece on its centre",
          {"scale": Param("number", None, "their size as a share of the box's shorter side (default: the "
                          "template's pips)", min=0, max=0.4),
           "at": Param("number", None, "how far out they sit, as a share of the hex's corner radius (default: the "
                       "template's pip_at)", min=0.3, max=0.95)},
          supplied=SUPPLIED)
def draw_suit_pips(element, box, scope) -> list[Item]:
    suit = scope.subject.suit
    icons, t = scope.ctx.icons, scope.template
    scale = element["scale"] if element["scale"] is not None else t["pips"]
    if not suit or suit not in icons.suits or scale <= 0:
        return []
    space = _space(scope)
    f = _size(element, box)
    s = max(box[2], box[3]) / 2
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    size = f * scale
    at = element["at"] if element["at"] is not None else t["pip_at"]
    colour = icons.suits[suit].colour
    turn = 30 if space.shape == "pointy" else 0  # (pointy-top: the lower corners and the top one)
    out: list[Item] = []
    for i in PIP_CORNERS:
        ang = math.radians(60 * i + turn)
        px, py = cx + s * at * math.cos(ang), cy + s * at * math.sin(ang)
        out.append(icons.suit_symbol(suit, px - size / 2, py - size / 2, size, outline=shade(colour, 0.55),
                                     colour=colour))
    return out


@register("coordinate", "the space's name as the board's hex_names writes it (q,r, or E2), small and quiet, "
          "toward the bottom of the box",
          {"size": Param("length", None, "its type size (default: the template's coordinate_text)", min=3, max=30),
           "at": Param("number", 0.36, "how far below the box's centre it sits, as a share of the box's height",
                       min=-0.5, max=0.5)},
          supplied=SUPPLIED)
def draw_coordinate(element, box, scope) -> list[Item]:
    name = scope.subject.shown.get("coordinate", "")
    t = scope.template
    if not name or not t["coordinates"]:
        return []
    space = _space(scope)
    paper = t["background"]
    ts = text_style(t["coordinate_text"], shade(space.fill or paper, 0.6))  # quiet, but readable on a dark hex too
    size = element["size"] or ts.size
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    return [Text(cx, cy + box[3] * element["at"], name, size, ts.colour, "regular", "middle", set_by=ts.source,
                 role=ts.role)]


@register("terrain", "the space's terrain features, each its icon in its colour, side by side in the box",
          {"scale": Param("number", 0.8, "each icon's size as a share of its cell", min=0.05, max=1),
           "gap": Param("length", "1mm", "space between them", min=0, max=50)},
          supplied=SUPPLIED)
def draw_terrain(element, box, scope) -> list[Item]:
    terrain = scope.subject.raw.get("terrain") or ()
    known = {tr.id: tr for tr in getattr(scope.ctx.game, "terrains", ())}
    shown = [known[k] for k in terrain if k in known]
    if not shown:
        return []
    x, y, w, h = box
    n = len(shown)
    cell = min(h, (w - element["gap"] * (n - 1)) / n)
    run = n * cell + (n - 1) * element["gap"]
    out: list[Item] = []
    for k, tr in enumerate(shown):
        cx = x + (w - run) / 2 + k * (cell + element["gap"]) + cell / 2
        cy = y + h / 2
        size = cell * element["scale"]
        colour = scope.ctx.colour(tr.colour, "") if tr.colour else ""
        mark = shade(colour, 0.45) if colour else scope.inks.ink
        if tr.image is not None:
            art = scope.ctx.art(tr.image, f"terrain '{tr.id}'", (cx - size / 2, cy - size / 2, size, size), "contain")
            if art is not None:
                out.append(art)
                continue
        if tr.icon and scope.ctx.icons.known(tr.icon):
            out.append(Circle(cx, cy, cell / 2, Style(fill=tint(colour, 0.35) if colour else "#ffffff",
                                                      stroke=mark, width=0.25)))
            out.append(scope.ctx.icons.draw(tr.icon, cx - size * 0.35, cy - size * 0.35, size * 0.7, mark,
                                            mono=True))
        else:  # no icon: a disc of its colour with its initial, so it still shows
            out.append(Circle(cx, cy, cell / 2, Style(fill=tint(colour, 0.5) if colour else "#ffffff", stroke=mark,
                                                      width=0.25)))
            out.append(Text(cx, cy + cell * 0.18, tr.name[:1], cell * 0.5, mark, "bold", "middle"))
    return out


@register("track", "the space's roads and track inside the hex: from side to side (straight across, curved "
          "otherwise) and from a side to the centre", {}, supplied=SUPPLIED)
def draw_track(element, box, scope) -> list[Item]:
    space = _space(scope)
    if not space.features or space.shape == "square":
        return []
    return joins_drawn(scope.ctx, space.features, space.centre, space.radius, space.shape == "pointy")


@register("slots", "circles where pieces go (a city's station tokens), as many as the location's slots, in a row "
          "centred in the box",
          {"size": Param("length", None, "each circle's diameter (default: the location's slot_size, else as large "
                         "as the box allows)", min=1, max=60),
           "fill": Param("colour", "paper", "inside the circles"),
           "stroke": Param("colour", None, "their outline (default: the location's colour, else ink)"),
           "width": Param("length", "0.4mm", "the outline's width", min=0, max=5),
           "gap": Param("length", "0.6mm", "space between circles", min=0, max=20)},
          supplied=SUPPLIED)
def draw_slots(element, box, scope) -> list[Item]:
    location = scope.extra.get("location")
    n = location.slots if location is not None else 0
    if n <= 0:
        return []
    x, y, w, h = box
    gap = element["gap"]
    size = min(h, (w - gap * (n - 1)) / n)
    if element["size"]:
        size = min(size, element["size"])
    elif location.slot_size:
        size = min(size, location.slot_size[0])
    if size <= 0:
        return []
    stroke = scope.colour(element["stroke"]) if element["stroke"] else (
        scope.ctx.colour(location.colour, "") or scope.inks.ink if location.colour else scope.inks.ink)
    fill = scope.colour(element["fill"])
    run = n * size + (n - 1) * gap
    out: list[Item] = []
    if n > 1:  # joined, as one city of several stations is drawn
        out.append(_bar(x + (w - run) / 2 + size / 2, y + h / 2, run - size, size, fill, stroke, element["width"]))
    for k in range(n):
        cx = x + (w - run) / 2 + k * (size + gap) + size / 2
        out.append(Circle(cx, y + h / 2, size / 2, Style(fill=fill, stroke=stroke, width=element["width"])))
    return out


def _bar(x: float, cy: float, length: float, size: float, fill, stroke, width) -> Item:
    from ..draw.primitives import Rect
    return Rect(x, cy - size / 2, length, size, Style(fill=fill, stroke=stroke, width=width))
