"""Rivers, roads, borders and track on a hex board: along hex sides (over the grid) and across a hex, joining its
sides and centre (straight, or curved between sides that are not opposite)."""

from __future__ import annotations

import math

from ..draw.primitives import Item, PathBuilder, Style, line
from ..maths.hexgrid import side_ends, side_middle, side_names
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
