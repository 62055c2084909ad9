"""Tiling a board too large for one sheet: overlapping windows, cut lines and alignment targets."""

from __future__ import annotations

import math
import string

from ..draw.piece import Piece
from ..draw.primitives import Group, Item, Style, Text, line
from .marks import target
from .paper import Paper
from .sheet import Placed, Sheet


def tile_origins(total: float, window: float, overlap: float) -> list[float]:
    """Start of each tile along an axis: windows of `window` covering `total`, neighbours sharing >= overlap."""
    if total <= window + 1e-9:
        return [0.0]
    n = math.ceil((total - overlap) / (window - overlap) - 1e-9)
    n = max(n, 2)
    step = (total - window) / (n - 1)
    return [i * step for i in range(n)]


def tile_board(piece: Piece, paper: Paper, area, t, label: str):
    """Sheets showing a board in tiles at full size; each tile names its row and column."""
    cw, ch = area.x1 - area.x0, area.y1 - area.y0
    cw = min(cw, piece.width)
    ch = min(ch, piece.height)
    xs = tile_origins(piece.width, cw, t.tile_overlap)
    ys = tile_origins(piece.height, ch, t.tile_overlap)
    sheets = []
    total = len(xs) * len(ys)
    for r, oy in enumerate(ys):
        for c, ox in enumerate(xs):
            name = f"{string.ascii_uppercase[r % 26]}{c + 1}"
            px, py = area.x0, area.y0
            placed = Placed(piece, px - ox, py - oy, 0, (px, py, cw, ch), 1.0, (px, py, cw, ch))
            extras: list[Item] = []
            # cut lines and targets where this tile lies over its left and upper neighbours
            st = Style(stroke="#555555", width=0.3, dash=(2.0, 1.5))
            if c > 0:
                cut = (xs[c - 1] + cw + ox) / 2 - ox + px
                extras.append(line(cut, py, cut, py + ch, st))
                extras += [target(cut, py + ch * f, t.target) for f in (0.25, 0.75)]
                extras.append(_note(cut + 1.5, py + ch * 0.5, "cut here, lay over " + _name(r, c - 1)))
            if r > 0:
                cut = (ys[r - 1] + ch + oy) / 2 - oy + py
                extras.append(line(px, cut, px + cw, cut, st))
                extras += [target(px + cw * f, cut, t.target) for f in (0.25, 0.75)]
                extras.append(_note(px + cw * 0.5, cut + 3.0, "cut here, lay over " + _name(r - 1, c), horizontal=True))
            if c < len(xs) - 1:
                cut = (ox + cw + xs[c + 1]) / 2 - ox + px
                extras += [target(cut, py + ch * f, t.target) for f in (0.25, 0.75)]
            if r < len(ys) - 1:
                cut = (oy + ch + ys[r + 1]) / 2 - oy + py
                extras += [target(px + cw * f, cut, t.target) for f in (0.25, 0.75)]
            extras.append(_badge(px + 2, py + 2, f"{name}  ({len(ys)} x {len(xs)})"))
            sheets.append(Sheet(paper, "bottom", f"{label}, tile {name} of {total}", [placed], [], extras))
    return sheets


def _name(r: int, c: int) -> str:
    return f"{string.ascii_uppercase[r % 26]}{c + 1}"


def _note(x: float, y: float, text: str, horizontal: bool = False) -> Item:
    from ..draw.geometry import multiply, rotate, translate
    size = 2.2
    t = Text(0, 0, text, size, "#555555", "italic", "middle" if horizontal else "start")
    if horizontal:
        return Group((t,), translate(x, y))
    return Group((t,), multiply(translate(x + size * 0.8, y), rotate(90)))


def _badge(x: float, y: float, text: str) -> Item:
    from ..draw import fonts
    from ..draw.primitives import Rect
    size = 3.0
    w = fonts.width(text, size, "bold") + 3
    return Group((Rect(x, y, w, size * 1.6, Style(fill="#ffffff", stroke="#222222", width=0.3), 1.0),
                  Text(x + 1.5, y + size * 1.15, text, size, "#222222", "bold")))
