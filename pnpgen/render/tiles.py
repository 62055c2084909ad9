"""Tiling a board too large for one sheet: overlapping windows, cuts along the board's cell edges, targets."""

from __future__ import annotations

import math
import string

from ..draw.geometry import multiply, rotate, translate
from ..draw.piece import Lattice, Piece
from ..draw.primitives import Group, Item, PathBuilder, Rect, Style, Text
from .marks import target
from .paper import Paper
from .sheet import Placed, Sheet

SQRT3 = math.sqrt(3)
Point = tuple[float, float]


def tile_origins(total: float, window: float, overlap: float) -> list[float]:
    """Start of each tile along an axis: windows of `window` covering `total`, neighbours sharing >= overlap."""
    if total <= window + 1e-9:
        return [0.0]
    n = math.ceil((total - overlap) / (window - overlap) - 1e-9)
    n = max(n, 2)
    step = (total - window) / (n - 1)
    return [i * step for i in range(n)]


def _tiles(length: float, window: float, overlap: float) -> int:
    return len(tile_origins(length, window, overlap))


def tile_scale(piece: Piece, cw: float, ch: float, overlap: float) -> float:
    """The scale to tile a board at: full size, unless printing it a little smaller (not below its minimum) saves
    tiles; then the largest scale that prints it on that fewest number of tiles."""
    def count(s: float) -> int:
        return _tiles(piece.width * s, cw, overlap) * _tiles(piece.height * s, ch, overlap)
    least = count(piece.min_scale)
    if count(1.0) <= least:
        return 1.0
    nx, ny = _tiles(piece.width * piece.min_scale, cw, overlap), _tiles(piece.height * piece.min_scale, ch, overlap)

    def most(length: float, window: float, n: int) -> float:  # the largest scale that tiles a length in n windows
        return 1.0 if n == 1 and length <= window else (n * window - (n - 1) * overlap) / length
    return max(piece.min_scale, min(1.0, most(piece.width, cw, nx), most(piece.height, ch, ny)))


def _plain_cut(lattice: Lattice | None, at: float, lo: float, hi: float, vertical: bool) -> list[Point] | None:
    """A straight cut at `at` from lo to hi (snapped to the nearest edge between squares), or None on hexes."""
    if lattice is not None and lattice.kind == "hex":
        return None
    if lattice is not None and lattice.kind != "square":  # (pointy-top hexes: cut straight)
        return [(at, lo), (at, hi)] if vertical else [(lo, at), (hi, at)]
    if lattice is not None:
        o = lattice.origin[0 if vertical else 1]
        at = o + round((at - o) / lattice.size) * lattice.size
    return [(at, lo), (at, hi)] if vertical else [(lo, at), (hi, at)]


def seam_down(lattice: Lattice | None, x: float, y0: float, y1: float) -> list[Point]:
    """A cut from top to bottom near x (piece coordinates) along cell edges: a zigzag between two columns of
    hexes, a line between two columns of squares, else straight."""
    plain = _plain_cut(lattice, x, y0, y1, vertical=True)
    if plain is not None:
        return plain
    s = lattice.size
    ox, oy = lattice.origin
    # the left edges of hex column q (its NW, W and SW corners) sit between x(q) - s and x(q) - s/2
    q = round((x - ox + 0.75 * s) / (1.5 * s))
    cx = ox + 1.5 * s * q
    h = SQRT3 * s
    pts: list[Point] = []
    r = math.floor((y0 - oy) / h - q / 2) - 1
    while True:
        cy = oy + h * (r + q / 2)
        pts += [(cx - s / 2, cy - h / 2), (cx - s, cy)]
        if cy - h / 2 > y1:
            break
        r += 1
    return _clip_run(pts, 1, y0, y1)


def seam_across(lattice: Lattice | None, y: float, x0: float, x1: float) -> list[Point]:
    """A cut from left to right near y (piece coordinates) along cell edges: along the hexes' flat tops and their
    slanted sides, a line between two rows of squares, else straight."""
    plain = _plain_cut(lattice, y, x0, x1, vertical=False)
    if plain is not None:
        return plain
    s = lattice.size
    ox, oy = lattice.origin
    h = SQRT3 * s
    pts: list[Point] = []
    q = math.floor((x0 - ox) / (1.5 * s)) - 1
    while True:
        cx = ox + 1.5 * s * q
        # the top of the first hex of column q whose centre is at or below y
        r = math.ceil((y - oy) / h - q / 2 - 1e-9)
        top = oy + h * (r + q / 2) - h / 2
        pts += [(cx - s / 2, top), (cx + s / 2, top)]
        if cx - s / 2 > x1:
            break
        q += 1
    return _clip_run(pts, 0, x0, x1)


def _clip_run(pts: list[Point], axis: int, lo: float, hi: float) -> list[Point]:
    """The part from lo to hi of a polyline that runs one way along an axis (0: x, 1: y)."""
    out: list[Point] = []
    for a, b in zip(pts, pts[1:]):
        if b[axis] < lo or a[axis] > hi or b[axis] <= a[axis]:
            continue

        def at(v: float, a=a, b=b) -> Point:
            f = (v - a[axis]) / (b[axis] - a[axis])
            return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        start = a if a[axis] >= lo else at(lo)
        if not out or out[-1] != start:
            out.append(start)
        out.append(b if b[axis] <= hi else at(hi))
    return out


NOTE = 6.5 * 25.4 / 72  # mm: the size of a tile's "cut here" note (6.5 pt)


def tile_board(piece: Piece, paper: Paper, area, t, label: str):
    """Sheets showing a board in overlapping tiles; each tile names its row and column. A tile below or right of
    another is cut along the cell edges in the middle of their overlap and laid over it; targets printed on both,
    clear of the cut, line up."""
    cw, ch = area.x1 - area.x0, area.y1 - area.y0
    overlap = t["tile_overlap"]
    k = tile_scale(piece, cw, ch, overlap)
    width, height = piece.width * k, piece.height * k  # the board as printed
    cw, ch = min(cw, width), min(ch, height)
    xs = tile_origins(width, cw, overlap)
    ys = tile_origins(height, ch, overlap)
    lattice = piece.lattice
    # the cuts, in piece coordinates: between tile columns c-1 and c, and between tile rows r-1 and r
    downs = [seam_down(lattice, (xs[c - 1] + cw + xs[c]) / 2 / k, 0.0, piece.height) for c in range(1, len(xs))]
    acrosses = [seam_across(lattice, (ys[r - 1] + ch + ys[r]) / 2 / k, 0.0, piece.width) for r in range(1, len(ys))]
    gap = t["target"] / 2 + 2.0  # a target's centre keeps this far (printed mm) from its cut
    down_targets = [[(max(x for x, _ in cut) * k + gap, height * f) for f in (0.25, 0.75)] for cut in downs]
    across_targets = [[(width * f, max(y for _, y in cut) * k + gap) for f in (0.25, 0.75)] for cut in acrosses]
    sheets = []
    total = len(xs) * len(ys)
    cut_style = Style(stroke="#333333", width=0.45, dash=(2.0, 1.2))
    under = Style(stroke="#ffffff", width=1.1)
    for r, oy in enumerate(ys):
        for c, ox in enumerate(xs):
            name = _name(r, c)
            px, py = area.x0, area.y0
            window = (px, py, cw, ch)
            placed = Placed(piece, px - ox, py - oy, 0, window, k, window)

            def page(x: float, y: float, ox=ox, oy=oy, px=px, py=py) -> Point:  # printed board mm -> page mm
                return (px - ox + x, py - oy + y)

            extras: list[Item] = []
            clip = Rect(px, py, cw, ch, Style())
            if c > 0:  # cut along the left seam, lay over the tile to the left
                pts = [page(x * k, y * k) for x, y in downs[c - 1]]
                extras.append(Group((_polyline(pts, under), _polyline(pts, cut_style)), clip=clip))
                left = min(x for x, _ in pts)  # the note goes on the strip cut away, not on the board kept
                extras.append(_note(left - 1.5 - 1.75 * NOTE, py + ch * 0.5, "cut here, lay over " + _name(r, c - 1)))
            if r > 0:
                pts = [page(x * k, y * k) for x, y in acrosses[r - 1]]
                extras.append(Group((_polyline(pts, under), _polyline(pts, cut_style)), clip=clip))
                high = min(y for _, y in pts)
                extras.append(_note(px + cw * 0.5, high - 1.5 - 0.35 * NOTE, "cut here, lay over " + _name(r - 1, c),
                                    horizontal=True))
            # the targets of every seam this tile lies on, on either side of it
            for cc in (c, c + 1):
                if 0 < cc < len(xs):
                    extras += [target(*page(x, y), t["target"]) for x, y in down_targets[cc - 1]
                               if _inside(page(x, y), window, t["target"] / 2)]
            for rr in (r, r + 1):
                if 0 < rr < len(ys):
                    extras += [target(*page(x, y), t["target"]) for x, y in across_targets[rr - 1]
                               if _inside(page(x, y), window, t["target"] / 2)]
            extras.append(_badge(px + 2, py + 2, f"{name}  ({len(ys)} x {len(xs)})"))
            sheets.append(Sheet(paper, "bottom", f"{label}, tile {name} of {total}", [placed], [], extras))
    return sheets


def _inside(p: Point, window, margin: float) -> bool:
    x, y, w, h = window
    return x + margin <= p[0] <= x + w - margin and y + margin <= p[1] <= y + h - margin


def _polyline(pts: list[Point], style: Style) -> Item:
    pb = PathBuilder()
    pb.move(*pts[0])
    for p in pts[1:]:
        pb.line(*p)
    return pb.build(style)


def _name(r: int, c: int) -> str:
    return f"{string.ascii_uppercase[r % 26]}{c + 1}"


def _note(x: float, y: float, text: str, horizontal: bool = False) -> Item:
    size = NOTE
    t = Text(0, 0, text, size, "#333333", "italic", "middle" if horizontal else "start")
    box = Rect(-0.6, -size * 0.95, _width(text, size) + 1.2, size * 1.3, Style(fill="#ffffff"), 0.6)
    if horizontal:
        box = Rect(-_width(text, size) / 2 - 0.6, -size * 0.95, _width(text, size) + 1.2, size * 1.3,
                   Style(fill="#ffffff"), 0.6)
        return Group((box, t), translate(x, y))
    return Group((box, t), multiply(translate(x + size * 0.8, y), rotate(90)))


def _width(text: str, size: float) -> float:
    from ..draw import fonts
    return fonts.width(text, size, "italic")


def _badge(x: float, y: float, text: str) -> Item:
    from ..draw import fonts
    size = 3.0
    w = fonts.width(text, size, "bold") + 3
    return Group((Rect(x, y, w, size * 1.6, Style(fill="#ffffff", stroke="#222222", width=0.3), 1.0),
                  Text(x + 1.5, y + size * 1.15, text, size, "#222222", "bold")))
