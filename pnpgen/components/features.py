"""Rivers, roads, borders and track on a hex board: along hex sides (over the grid) and across a hex, joining its
sides and centre (straight, or curved between sides that are not opposite); areas beyond the board's edge."""

from __future__ import annotations

import math
from dataclasses import replace

from ..draw.colour import tint
from ..draw.icons import arrow
from ..draw.primitives import Item, PathBuilder, Rect, Style, Text, line, polygon
from ..draw.templates import text_style
from ..draw.text import text_box
from ..maths.hexgrid import hex_corners, side_ends, side_middle, side_names
from ..model.board import CENTRE, Feature

# Each kind's colour, width (a share of the hex's flat-to-flat size) and dash.
LOOKS = {
    "river": ("#2f6fb5", 0.07, ()),
    "road": ("#8a5a2b", 0.045, (2.0, 1.2)),
    "track": ("#1a1a1a", 0.075, ()),
    "border": ("#b3261e", 0.04, (1.6, 1.0)),
}


def look(ctx, feature: Feature, flat_to_flat: float) -> Style:
    """How a feature is stroked: its own colour and width, else its kind's."""
    colour, share, dash = LOOKS[feature.kind]
    colour = ctx.colour(feature.colour, colour) if feature.colour else colour
    if ctx.theme.ink_saver:
        colour = ctx.theme.line(colour)
    width = feature.width or flat_to_flat * share
    return Style(stroke=colour, width=width, cap="round", join="round", dash=dash)


def sides_drawn(ctx, features, centres: dict, radius: float, pointy: bool) -> list[Item]:
    """Every feature along hex sides: a stroke on each side it names."""
    names = side_names(pointy)
    out: list[Item] = []
    for f in features:
        if not f.sides or f.at not in centres:
            continue
        style = look(ctx, f, radius * math.sqrt(3))
        for side in f.sides:
            a, b = side_ends(centres[f.at], radius, names.index(side), pointy)
            out.append(line(a[0], a[1], b[0], b[1], style))
    return out


def joins_drawn(ctx, features, centre: tuple[float, float], radius: float, pointy: bool) -> list[Item]:
    """A hex's roads and track: each join from side to side or to the centre."""
    names = side_names(pointy)
    out: list[Item] = []
    for f in features:
        style = look(ctx, f, radius * math.sqrt(3))
        for a, b in f.joins:
            out.append(join_path(centre, radius, pointy, names, a, b, style))
    return out


def end_point(centre, radius: float, pointy: bool, names, end: str) -> tuple[float, float]:
    """Where a join's end is: the middle of a side, or the centre."""
    return centre if end == CENTRE else side_middle(centre, radius, names.index(end), pointy)


def join_path(centre, radius: float, pointy: bool, names, a: str, b: str, style: Style) -> Item:
    """One join: a straight line (across the hex, or to its centre), else a curve leaving each side square to it."""
    pa, pb = end_point(centre, radius, pointy, names, a), end_point(centre, radius, pointy, names, b)
    if CENTRE in (a, b) or abs(names.index(a) - names.index(b)) == 3:
        return line(pa[0], pa[1], pb[0], pb[1], style)
    apothem = radius * math.sqrt(3) / 2
    apart = min(abs(names.index(a) - names.index(b)), 6 - abs(names.index(a) - names.index(b)))
    reach = apothem * (0.55 if apart == 2 else 0.3)  # a gentle curve (two sides apart) or a sharp one (next)

    def inward(p):
        dx, dy = centre[0] - p[0], centre[1] - p[1]
        d = math.hypot(dx, dy) or 1.0
        return (p[0] + dx / d * reach, p[1] + dy / d * reach)
    c1, c2 = inward(pa), inward(pb)
    return PathBuilder().move(*pa).cubic(c1[0], c1[1], c2[0], c2[1], pb[0], pb[1]).build(style)


OFF_BOARD = "#9b2226"  # an off-board area's colour when it names none


def off_board_drawn(ctx, t, area, centre: tuple[float, float], radius: float, pointy: bool, side: int) -> list[Item]:
    """An area beyond the edge: a hex of its colour where a hex beyond the side would be, its name, its values in
    a row of boxes, and an arrow from it to the middle of the side it lies beyond."""
    colour = ctx.colour(area.colour, OFF_BOARD) if area.colour else OFF_BOARD
    line_colour = ctx.theme.line(colour) if ctx.theme.ink_saver else colour
    fill = tint(colour, 0.12 if ctx.theme.ink_saver else 0.3)
    f = radius * math.sqrt(3)
    shrink = 0.74  # the area's hex, smaller than a hex of the board: the arrow crosses the gap
    out: list[Item] = [polygon(hex_corners(centre, radius * shrink, pointy),
                               Style(fill=fill, stroke=line_colour, width=0.5, join="round"))]
    # the side it lies beyond, seen from it, is the opposite side of the hex it is beyond
    tip = side_middle(centre, radius, (side + 3) % 6, pointy)
    start = side_middle(centre, radius * shrink, (side + 3) % 6, pointy)
    angle = math.degrees(math.atan2(tip[1] - centre[1], tip[0] - centre[0]))
    out.append(arrow(start[0], start[1], angle, math.dist(start, tip), line_colour, shaft=f * 0.05,
                     head=f * 0.09))
    ink = t["ink"]
    if area.name:
        style = text_style(t["location_title"], ink)
        style = replace(style, size=min(style.size, f * 0.1), min_size=None, align="center", valign="middle")
        out.append(text_box(area.name, (centre[0] - f * 0.3, centre[1] - f * 0.3, f * 0.6, f * 0.2), style).group)
    values = list(area.values)
    if values:
        n = len(values)
        w = min(f * 0.19, f * 0.58 / n)
        h = f * 0.17
        x0 = centre[0] - n * w / 2
        size = min(h * 0.62, w * 0.5)
        for k, value in enumerate(values):
            x = x0 + k * w
            out.append(Rect(x, centre[1] - h / 2 + f * 0.06, w, h, Style(fill="#ffffff", stroke=ink, width=0.3)))
            out.append(Text(x + w / 2, centre[1] + f * 0.06 + size * 0.36, value, size, ink, "bold", "middle"))
    return out
