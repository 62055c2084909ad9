"""Shape elements: rectangles (rounded), ellipses, polygons and lines, in colours bound to the piece's data."""

from __future__ import annotations

from ...draw.primitives import Item, PathBuilder, Rect, Style, polygon, polyline, regular_polygon
from .declared import Param, register
from .values import resolve

SAVER = ("tint", "outline", "keep", "hide")


def _paint(doc_fill: str) -> dict[str, Param]:
    return {
        "fill": Param("colour", None, doc_fill),
        "stroke": Param("colour", None, "the outline's colour (default: none)"),
        "width": Param("length", "0.3mm", "the outline's width", min=0, max=20),
        "opacity": Param("number", 1, "1 opaque, less lets what is under it show", min=0, max=1),
        "saver": Param("choice", "tint", "in a low-ink kit: a light tint of the fill, white with an outline in its "
                       "colour, the colour as it is, or left out", SAVER),
    }


def style(element, scope) -> Style | None:
    """A shape's fill and stroke for this piece and kit (None: nothing to draw)."""
    fill, stroke = scope.colour(element["fill"]), scope.colour(element["stroke"])
    width = element["width"]
    theme = scope.inks.theme
    if theme.ink_saver:
        saver = element["saver"]
        if saver == "hide":
            return None
        if saver == "tint":
            fill = theme.solid(fill) if fill else None
            stroke = theme.line(stroke) if stroke else None
        elif saver == "outline" and fill:
            stroke, width, fill = theme.line(fill), max(min(width, 0.4), 0.25), "#ffffff"
    if fill is None and (stroke is None or width <= 0):
        return None
    if stroke is None or width <= 0:  # (a fill alone is the style a fill alone always has)
        return Style(fill=fill, opacity=element["opacity"])
    return Style(fill=fill, stroke=stroke, width=width, opacity=element["opacity"])


@register("rect", "a rectangle filling its box, with rounded corners if asked",
          {**_paint("the fill's colour (default: none)"),
           "radius": Param("length", 0, "the corners' radius", min=0, max=200)})
def draw_rect(element, box, scope) -> list[Item]:
    st = style(element, scope)
    if st is None or box[2] <= 0 or box[3] <= 0:
        return []
    return [Rect(*box, st, min(element["radius"], box[2] / 2, box[3] / 2))]


@register("ellipse", "an ellipse filling its box (a circle in a square box)", _paint("the fill's colour"))
def draw_ellipse(element, box, scope) -> list[Item]:
    st = style(element, scope)
    if st is None or box[2] <= 0 or box[3] <= 0:
        return []
    x, y, w, h = box
    cx, cy, rx, ry = x + w / 2, y + h / 2, w / 2, h / 2
    k = 0.5522847498  # a quarter circle's control points, as a share of its radius
    b = PathBuilder().move(cx + rx, cy)
    b.cubic(cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry)
    b.cubic(cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy)
    b.cubic(cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry)
    b.cubic(cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy)
    return [b.close().build(st)]


@register("polygon", "a polygon: its points in the box, or a regular one of so many sides",
          {**_paint("the fill's colour"),
           "points": Param("points", None, "the corners, [x, y] each: lengths or percentages of the box"),
           "sides": Param("int", None, "a regular polygon of this many sides filling the box (instead of points)",
                          min=3, max=24),
           "turn": Param("number", 0, "a regular polygon's first corner, in degrees from the top", min=-360,
                         max=360)})
def draw_polygon(element, box, scope) -> list[Item]:
    st = style(element, scope)
    if st is None:
        return []
    x, y, w, h = box
    if element["sides"]:
        r = min(w, h) / 2
        return [regular_polygon(x + w / 2, y + h / 2, r, element["sides"], element["turn"] - 90, st)]
    points = element["points"]
    if not points:
        scope.problems.error(element.loc, f"{element.role}: a polygon needs 'points' or 'sides'")
        return []
    return [polygon([(x + resolve(px, w), y + resolve(py, h)) for px, py in points], st)]


@register("line", "a line (or a broken line) through points of its box",
          {"points": Param("points", [["0%", "50%"], ["100%", "50%"]],
                           "the points it joins, [x, y] each: lengths or percentages of the box (default: across "
                           "the middle)"),
           "stroke": Param("colour", "ink", "its colour"),
           "width": Param("length", "0.3mm", "its width", min=0.05, max=20),
           "opacity": Param("number", 1, "1 opaque", min=0, max=1),
           "cap": Param("choice", "butt", "its ends", ("butt", "round", "square"))})
def draw_line(element, box, scope) -> list[Item]:
    colour = scope.colour(element["stroke"])
    if colour is None:
        return []
    if scope.inks.theme.ink_saver:
        colour = scope.inks.theme.line(colour)
    x, y, w, h = box
    points = [(x + resolve(px, w), y + resolve(py, h)) for px, py in element["points"]]
    return [polyline(points, Style(stroke=colour, width=element["width"], opacity=element["opacity"],
                                   cap=element["cap"]))]


