"""A manoeuvre diagram on a small square grid, drawn from a card's manoeuvre and shot fields (pnpgen.maths.gridmove).

The piece starts in the bottom square of its path, bow up. The main manoeuvre is a solid line with an arrowhead on
every step and a filled hull where it ends, turned to its final facing; an extended manoeuvre continues from there
as a dashed line in a second colour with an outlined hull and its cost; shots are dotted lines of cannonballs from
where the main manoeuvre ends, one per side they may leave from, up to their range. Line styles differ as well as
colours, so the diagram reads in grey.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..draw import fonts
from ..draw.colour import tint
from ..draw.primitives import Circle, Group, Item, PathBuilder, Rect, Style, Text, place, polygon
from ..draw.units import SMALLEST
from ..maths.gridmove import VECTORS, Manoeuvre, Shot, quarter

HULL = ((0.0, -0.42), (0.2, -0.12), (0.2, 0.36), (-0.2, 0.36), (-0.2, -0.12))  # bow up, in a unit square
MAX_CELL = 12.0
LEGEND = 5.0  # mm under the grid for the extended manoeuvre's cost
MIN_SQUARES = 3  # the grid shows at least this many squares across and down, for context


@dataclass(frozen=True)
class Palette:
    """The colours of a diagram: grid ink, the main manoeuvre, the extended one, shots, and the paper."""

    ink: str
    main: str
    extended: str
    shot: str
    paper: str = "#ffffff"


Icon = Callable[[str, float, float, float], Item | None]  # icon(name, x, y, size)


def grid_manoeuvre_diagram(box, main: Manoeuvre | None, extended: Manoeuvre | None, shots: tuple[Shot, ...],
                           colours: Palette, icon: Icon | None = None) -> Group:
    """The diagram in box (x, y, w, h), centred, its squares as large as fit (at most MAX_CELL mm)."""
    x, y, w, h = box
    legend = LEGEND if extended is not None and extended.cost else 0.0
    h -= legend
    main_cells = main.offsets() if main else []
    end = main_cells[-1] if main_cells else (0, 0)
    facing = quarter(main.facing) if main else 0
    ext_cells = extended.offsets(end) if extended else []
    shot_lines = []
    for shot in shots:
        for side in shot.sides():
            d = (facing + quarter(side)) % 4
            dx, dy = VECTORS[d]
            shot_lines.append((d, [(end[0] + dx * k, end[1] + dy * k) for k in range(1, shot.range + 1)]))
    cells = [(0, 0), *main_cells, *ext_cells, *(c for _, line in shot_lines for c in line)]
    x0, x1 = min(c[0] for c in cells), max(c[0] for c in cells)
    y0, y1 = min(c[1] for c in cells), max(c[1] for c in cells)
    while x1 - x0 + 1 < MIN_SQUARES:
        x0, x1 = (x0 - 1, x1) if -x0 <= x1 else (x0, x1 + 1)
    while y1 - y0 + 1 < MIN_SQUARES:
        y0, y1 = (y0, y1 + 1) if -y0 > y1 else (y0 - 1, y1)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    cell = min(w / cols, h / rows, MAX_CELL)
    left = x + (w - cols * cell) / 2
    top = y + (h - rows * cell) / 2

    def centre(c: tuple[int, int]) -> tuple[float, float]:
        return left + (c[0] - x0 + 0.5) * cell, top + (c[1] - y0 + 0.5) * cell

    out: list[Item] = []
    grid = Style(fill=colours.paper, stroke=tint(colours.ink, 0.45), width=0.2)
    for gy in range(rows):
        for gx in range(cols):
            out.append(Rect(left + gx * cell, top + gy * cell, cell, cell, grid))
    for d, line in shot_lines:
        out += _shot(d, line, centre, cell, colours)
    out.append(_hull(centre((0, 0)), 0, cell, Style(fill=tint(colours.ink, 0.25), stroke=colours.ink, width=0.25)))
    if main_cells:
        out += _path([(0, 0), *main_cells], centre, cell, Style(stroke=colours.main, width=max(0.5, cell * 0.09),
                                                                cap="round", join="round"), colours.main)
    if ext_cells:
        dash = (cell * 0.16, cell * 0.11)
        out += _path([end, *ext_cells], centre, cell, Style(stroke=colours.extended, width=max(0.45, cell * 0.08),
                                                            dash=dash, cap="butt", join="round"), colours.extended)
        ext_facing = quarter(extended.facing)
        out.append(_hull(centre(ext_cells[-1]), ext_facing, cell,
                         Style(fill=colours.paper, stroke=colours.extended, width=max(0.35, cell * 0.06),
                               dash=(cell * 0.08, cell * 0.06))))
    if legend:
        out.append(_legend(extended.cost, x, top + rows * cell + legend * 0.55, w, colours, icon))
    if main is not None and (main_cells or main.facing != "ahead"):
        out.append(_hull(centre(end), facing, cell, Style(fill=colours.main, stroke=colours.ink, width=0.25)))
    return Group(tuple(out), label="manoeuvre")


def _hull(at: tuple[float, float], heading: int, cell: float, style: Style) -> Item:
    """A ship's hull in a square, its bow toward `heading` (0 up, clockwise in quarter turns)."""
    outline = polygon([(px * cell, py * cell) for px, py in HULL], style)
    return place(outline, at[0], at[1], 90.0 * heading)


def _path(cells: list[tuple[int, int]], centre, cell: float, style: Style, colour: str) -> list[Item]:
    """A line through the centres of the squares, an arrowhead where it enters each one."""
    pts = [centre(c) for c in cells]
    b = PathBuilder().move(*pts[0])
    for p in pts[1:]:
        b.line(*p)
    out: list[Item] = [b.build(style)]
    head = cell * 0.2
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        ux, uy = (bx - ax) / cell, (by - ay) / cell
        mx, my = (ax + bx) / 2 + ux * head * 0.7, (ay + by) / 2 + uy * head * 0.7
        px, py = -uy, ux
        out.append(polygon([(mx + ux * head, my + uy * head), (mx - px * head * 0.8, my - py * head * 0.8),
                            (mx + px * head * 0.8, my + py * head * 0.8)], Style(fill=colour)))
    return out


def _shot(d: int, line: list[tuple[int, int]], centre, cell: float, colours: Palette) -> list[Item]:
    """A shot's squares: a dotted line from the firing ship's side with a cannonball in each, the range at the end."""
    ux, uy = VECTORS[d]
    first, last = centre(line[0]), centre(line[-1])
    start = (first[0] - ux * cell * 0.7, first[1] - uy * cell * 0.7)
    out: list[Item] = [PathBuilder().move(*start).line(*last).build(
        Style(stroke=colours.shot, width=max(0.3, cell * 0.05), dash=(cell * 0.04, cell * 0.1), cap="round"))]
    for c in line:
        cx, cy = centre(c)
        out.append(Circle(cx, cy, cell * 0.13, Style(fill=colours.shot, stroke=colours.ink, width=0.15)))
    size = max(SMALLEST, min(cell * 0.42, 3.2))  # never under 6 pt
    out.append(Text(last[0] + cell * 0.27, last[1] - cell * 0.14, str(len(line)), size, colours.ink, "bold",
                    "middle"))
    return out


def _legend(cost, x: float, y: float, w: float, colours: Palette, icon: Icon | None) -> Item:
    """Under the grid, centred: a dashed arrow and what the extended manoeuvre costs ('= 1' and an icon each)."""
    size = 3.0
    isz = 3.4
    parts: list[Item] = [PathBuilder().move(0, 0).line(6.5, 0).build(
        Style(stroke=colours.extended, width=0.6, dash=(1.1, 0.8))),
        polygon([(8.2, 0), (6.4, -1.1), (6.4, 1.1)], Style(fill=colours.extended))]
    cx = 9.6
    for name, n in cost:
        label = f"{n}"
        parts.append(Text(cx, size * fonts.CAP_HEIGHT / 2, label, size, colours.ink, "bold"))
        cx += fonts.width(label, size, "bold") + 0.4
        got = icon(name, cx, -isz / 2, isz) if icon is not None else None
        if got is not None:
            parts.append(got)
        cx += isz + 1.0
    return place(Group(tuple(parts)), x + (w - cx) / 2, y)
