"""Small diagrams printed on cards, drawn from what an engine describes (engine/api.CardDiagram): headings from a
reference direction, an exact range, a labelled number."""

from __future__ import annotations

import math

from ..draw import fonts
from ..draw.colour import tint
from ..draw.icons import arrow, symbol
from ..draw.primitives import Circle, Group, Item, Rect, Style, Text, polygon
from ..draw.units import SMALLEST
from ..maths.hexgrid import DIRECTIONS, corners, to_pixel

SQRT3 = math.sqrt(3)


def hexagon(cx: float, cy: float, r: float, st: Style):
    """A flat-top hexagon of circumradius r."""
    return polygon(corners((cx, cy), r), st)


def heading_diagram(box, headings: tuple[int, ...], steps: tuple[int, ...], reference: str, unit: str, accent: str,
                    ink: str, paper: str, light: str | None = None) -> Group:
    """A hex and its neighbours turned so that the reference direction (an arrow labelled `reference`) points up:
    arrows to the hexes the headings allow; more than one step is written beside, with `unit`."""
    x, y, w, h = box
    side = min(w * 0.22, 12.0)  # the columns beside the hexes: the reference arrow, the steps
    r = min(h / (3 * SQRT3) * 0.98, (w - 2 * side) / 5.0)
    cx = x + w / 2
    cy = y + h / 2
    out: list[Item] = []
    allowed = {hd % 6 for hd in headings}
    grid = tint(ink, 0.55)
    for i, (_name, vec) in enumerate(DIRECTIONS):
        px, py = to_pixel(vec, r)
        fill = (light or tint(accent, 0.3)) if i in allowed else paper
        out.append(hexagon(cx + px, cy + py, r * 0.97, Style(fill=fill, stroke=grid, width=0.25)))
    out.append(hexagon(cx, cy, r * 0.97, Style(fill=paper, stroke=ink, width=0.35)))
    for i in sorted(allowed):
        out.append(arrow(cx, cy, -90.0 + 60.0 * i, SQRT3 * r * 0.98, accent, shaft=r * 0.17, head=r * 0.5))
    out.append(symbol("square", cx - r * 0.26, cy - r * 0.26, r * 0.52, ink))
    # the reference direction, toward the top of the diagram
    wx = x + side / 2
    out.append(arrow(wx, y + h * 0.8, -90, h * 0.7, ink, shaft=0.8, head=2.8))
    out.append(Text(wx, y + h * 0.8 + 3.0, reference, max(SMALLEST, min(2.3, side / 4.0)), ink, "bold", "middle"))
    if max(steps, default=1) > 1:
        label = "×" + "–".join(str(s) for s in sorted({min(steps), max(steps)}))
        size = min(4.2, side / 2.2)
        out.append(Text(x + w - side / 2, cy + fonts.CAP_HEIGHT * size / 2, label, size, accent, "bold",
                        "middle"))
        out.append(Text(x + w - side / 2, cy + fonts.CAP_HEIGHT * size / 2 + 3.2, unit, SMALLEST, ink, "bold",
                        "middle"))
    return Group(tuple(out))


def range_diagram(box, rng: int, accent: str, ink: str, paper: str, light: str | None = None) -> Group:
    """A zigzag row of hexes from a piece (a cube) to a target exactly `rng` hexes away, counted."""
    x, y, w, h = box
    n = rng + 1
    r = min(h / (SQRT3 * 1.5 + 0.2), w / (1.5 * (n - 1) + 2.0 + 0.2), 6.0)
    total_w = 1.5 * r * (n - 1) + 2 * r
    x0 = x + (w - total_w) / 2 + r
    cells, q, rr = [], 0, 0
    for i in range(n):
        cells.append((q, rr))
        q, rr = (q + 1, rr) if i % 2 == 0 else (q + 1, rr - 1)  # alternate SE and NE: one hex further each step
    pts = [to_pixel(c, r) for c in cells]
    ys = [p[1] for p in pts]
    ymid = (max(ys) + min(ys)) / 2
    out: list[Item] = []
    for i, (px, py) in enumerate(pts):
        hx, hy = x0 + px, y + h / 2 + py - ymid
        last = i == n - 1
        out.append(hexagon(hx, hy, r * 0.97, Style(fill=(light or tint(accent, 0.3)) if last else paper,
                                                   stroke=tint(ink, 0.45), width=0.25)))
        if i == 0:
            out.append(symbol("square", hx - r * 0.3, hy - r * 0.3, r * 0.6, ink))
        elif last:
            out.append(Circle(hx, hy, r * 0.62, Style(stroke=accent, width=max(0.35, r * 0.09))))
            out.append(Text(hx, hy + r * 0.3, str(i), r * 0.85, ink, "bold", "middle"))
        else:
            out.append(Text(hx, hy + r * 0.3, str(i), r * 0.8, tint(ink, 0.6), "bold", "middle"))
    return Group(tuple(out))


STAT_CLEAR = 1.2  # mm a stat's label and number keep from each side of its box


def stat(box, label: str, value: str, ink: str, accent: str, paper: str, icon=None, widest: str = "") -> Group:
    """A labelled big number in a rounded box; icon(x, y, size) draws a small icon with it (under the label in a
    tall box, before the number in a low one). The number is sized for `widest` (the widest its field takes),
    so a deck's values print at one size."""
    x, y, w, h = box
    label_size = max(SMALLEST, min(2.3, (w - 2 * STAT_CLEAR) / max(fonts.width(label.upper(), 1.0, "bold"), 1.0)))
    parts: list[Item] = [Rect(x, y, w, h, Style(fill=paper, stroke=accent, width=0.5), 1.5),
                         Text(x + w / 2, y + 3.0, label.upper(), label_size, ink, "bold", "middle")]
    top = y + 3.6
    beside = 0.0
    if icon is not None:
        if h >= 18.0 or not value:
            isz = min((h - 3.6) * (0.3 if value else 0.8), w * 0.55, 6.5)
            parts.append(icon(x + (w - isz) / 2, top + 0.6, isz))
            top += isz + 1.0
        else:
            beside = min((h - 4.4) * 0.8, w * 0.3)
    room = y + h - top
    if value:
        size = min((room - 0.8) / fonts.CAP_HEIGHT * 0.85, w * 0.6)
        sized = max(value, widest, key=lambda v: fonts.width(v, size, "bold"))
        tw = fonts.width(sized, size, "bold")
        gap = beside * 0.2
        if tw + beside + gap > w - 2 * STAT_CLEAR:
            size *= max(0.1, w - 2 * STAT_CLEAR - beside - gap) / tw
        tw = fonts.width(value, size, "bold")
        base = top + (room + fonts.CAP_HEIGHT * size) / 2
        if beside:
            x0 = x + (w - beside - gap - tw) / 2
            parts.append(icon(x0, base - fonts.CAP_HEIGHT * size / 2 - beside / 2, beside))
            parts.append(Text(x0 + beside + gap + tw / 2, base, value, size, ink, "bold", "middle"))
        else:
            parts.append(Text(x + w / 2, base, value, size, ink, "bold", "middle"))
    return Group(tuple(parts))
