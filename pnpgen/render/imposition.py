"""Imposition: pieces placed on sheets (card grids with crop marks, packed tokens, boards whole or tiled)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..draw.piece import Kit, Piece
from .marks import Seg
from .paper import Paper
from .sheet import Placed, Sheet
from .tiles import tile_board


@dataclass(frozen=True)
class Area:
    """Where pieces may go on a sheet: their bleed inside (x0, y0, x1, y1), crop-mark tips inside `marks`."""

    x0: float
    y0: float
    x1: float
    y1: float
    marks: tuple[float, float, float, float]


def content_area(paper: Paper, band: str, t, top: float | None = None, bottom: float | None = None) -> Area:
    """The area left for pieces on a sheet once the margins and the footer band are taken."""
    m, mm = t.margin, t.mark_margin
    bw = t.band + t.band_gap
    x0, y0, x1, y1 = m, m, paper.width - m, paper.height - m
    mx0, my0, mx1, my1 = mm, mm, paper.width - mm, paper.height - mm
    if band == "bottom":
        y1 -= bw
        my1 = paper.height - m - t.band - 0.5
    else:
        x1 -= bw
        mx1 = paper.width - m - t.band - 0.5
    if top is not None:
        y0, my0 = max(y0, top), max(my0, top)
    if bottom is not None:
        y1, my1 = min(y1, bottom), min(my1, bottom)
    return Area(x0, y0, x1, y1, (mx0, my0, mx1, my1))


def _axis_fit(n: int, size: float, bleed: float, lo: float, hi: float, mlo: float, mhi: float, t,
              gutter: float) -> float | None:
    """Trim start of n pieces in a row along one axis, or None if they do not fit."""
    length = n * size + (n - 1) * gutter
    mk = t.marks.gap + t.marks.min_length
    start_lo = max(lo + bleed, mlo + mk)
    start_hi = min(hi - bleed, mhi - mk) - length
    if start_lo > start_hi + 1e-9:
        return None
    return (start_lo + start_hi) / 2


def axis_layout(size: float, bleed: float, lo: float, hi: float, mlo: float, mhi: float, t,
                limit: int | None = None) -> tuple[int, float, float]:
    """(count, gutter, trim start) of the most pieces that fit along an axis, gutters as wide as room allows."""
    n = 0
    while _axis_fit(n + 1, size, bleed, lo, hi, mlo, mhi, t, 0.0) is not None and (limit is None or n < limit):
        n += 1
    if n == 0:
        return 0, 0.0, 0.0
    gutter = 0.0
    if n > 1 and bleed > 0:
        spare_lo = max(lo + bleed, mlo + t.marks.gap + t.marks.min_length)
        spare_hi = min(hi - bleed, mhi - t.marks.gap - t.marks.min_length)
        g = min(2 * bleed, (spare_hi - spare_lo - n * size) / (n - 1))
        gutter = g if g >= t.gutter_min else 0.0
    return n, gutter, _axis_fit(n, size, bleed, lo, hi, mlo, mhi, t, gutter)  # type: ignore[return-value]


@dataclass
class Grid:
    """A grid of same-size pieces: columns, rows, gutters, trim origin, turned or not."""

    cols: int
    rows: int
    gx: float
    gy: float
    x: float
    y: float
    rotation: int
    w: float
    h: float
    bleed: float

    @property
    def capacity(self) -> int:
        """Pieces it holds."""
        return self.cols * self.rows


def fit_grid(piece: Piece, area: Area, t, count: int | None = None, turn: bool = True) -> Grid | None:
    """The grid holding the most copies of a piece's size in an area (turned when that holds more)."""
    best: Grid | None = None
    for rot in ((0, 90) if turn else (0,)):
        w, h = (piece.height, piece.width) if rot else (piece.width, piece.height)
        mx0, my0, mx1, my1 = area.marks
        cols, gx, x = axis_layout(w, piece.bleed, area.x0, area.x1, mx0, mx1, t)
        rows_lim = math.ceil(count / cols) if (count and cols) else None
        rows, gy, y = axis_layout(h, piece.bleed, area.y0, area.y1, my0, my1, t, rows_lim)
        if cols and rows:
            g = Grid(cols, rows, gx, gy, x, y, rot, w, h, piece.bleed)
            cap = min(g.capacity, count) if count else g.capacity
            if best is None or cap > (min(best.capacity, count) if count else best.capacity):
                best = g
    return best


def grid_place(grid: Grid, pieces: list[Piece], t, top_align: float | None = None) -> tuple[list[Placed], list[Seg]]:
    """Pieces placed row by row in a grid, each clipped to its share of bleed; and the grid's crop marks."""
    placed: list[Placed] = []
    rows_used = math.ceil(len(pieces) / grid.cols)
    y0 = grid.y if top_align is None else top_align
    b = grid.bleed
    for k, p in enumerate(pieces):
        r, c = divmod(k, grid.cols)
        x = grid.x + c * (grid.w + grid.gx)
        y = y0 + r * (grid.h + grid.gy)
        left = b if c == 0 else min(b, grid.gx / 2)
        right = b if c == grid.cols - 1 or k == len(pieces) - 1 else min(b, grid.gx / 2)
        top = b if r == 0 else min(b, grid.gy / 2)
        bottom = b if r == rows_used - 1 or k + grid.cols >= len(pieces) else min(b, grid.gy / 2)
        placed.append(Placed(p, x, y, grid.rotation, (x - left, y - top, grid.w + left + right,
                                                      grid.h + top + bottom)))
    return placed, grid_marks(placed, t)


def grid_marks(placed: list[Placed], t) -> list[Seg]:
    """Crop marks outside a block of rectangles: each cut line extended beyond the block, never over a trim."""
    if not placed:
        return []
    xs = sorted({round(v, 4) for p in placed for v in (p.x, p.x + p.w)})
    ys = sorted({round(v, 4) for p in placed for v in (p.y, p.y + p.h)})
    gap, length = t.marks.gap, t.marks.length
    segs: list[Seg] = []
    for x in xs:
        col = [p for p in placed if p.x - 1e-6 <= x <= p.x + p.w + 1e-6]
        top = min(p.y for p in col)
        bottom = max(p.y + p.h for p in col)
        segs.append((x, top - gap, x, top - gap - length))
        segs.append((x, bottom + gap, x, bottom + gap + length))
    for y in ys:
        row = [p for p in placed if p.y - 1e-6 <= y <= p.y + p.h + 1e-6]
        left = min(p.x for p in row)
        right = max(p.x + p.w for p in row)
        segs.append((left - gap, y, left - gap - length, y))
        segs.append((right + gap, y, right + gap + length, y))
    trims = [p.trim for p in placed]
    return [s for s in (_clear(s, trims, gap) for s in segs) if s is not None]


def _clear(seg: Seg, trims, gap: float) -> Seg | None:
    """A mark shortened so that it stops `gap` short of every trim it would run into."""
    x1, y1, x2, y2 = seg
    for (tx, ty, tw, th) in trims:
        if x1 == x2 and tx - 1e-6 < x1 < tx + tw + 1e-6:  # vertical mark over a column
            lo, hi = ty - gap, ty + th + gap
            if y2 < y1 and y1 > hi - 1e-6:
                y2 = max(y2, hi)  # going up from below the trim
            elif y2 > y1 and y1 < lo + 1e-6:
                y2 = min(y2, lo)
        if y1 == y2 and ty - 1e-6 < y1 < ty + th + 1e-6:
            lo, hi = tx - gap, tx + tw + gap
            if x2 < x1 and x1 > hi - 1e-6:
                x2 = max(x2, hi)
            elif x2 > x1 and x1 < lo + 1e-6:
                x2 = min(x2, lo)
    if abs(x2 - x1) + abs(y2 - y1) < 0.5:
        return None
    return (x1, y1, x2, y2)


def limit_marks(segs: list[Seg], area: Area) -> list[Seg]:
    """Marks cut back to the area their tips may reach."""
    mx0, my0, mx1, my1 = area.marks
    out = []
    for x1, y1, x2, y2 in segs:
        x2 = min(max(x2, mx0), mx1)
        y2 = min(max(y2, my0), my1)
        if abs(x2 - x1) + abs(y2 - y1) >= 0.5:
            out.append((x1, y1, x2, y2))
    return out


def copies(pieces: list[Piece]) -> list[Piece]:
    """Each piece repeated by its count, in order."""
    return [p for p in pieces for _ in range(p.count)]


def best_band(paper: Paper, t, first: Piece | None, fold: bool = False) -> str:
    """The side for the footer band that lets a sheet hold the most of its first piece."""
    if first is None or first.cut != "marks":
        return "bottom"
    caps = {}
    for side in ("bottom", "right"):
        area = content_area(paper, side, t)
        if fold:
            area = fold_halves(paper, area, t)[0]
        g = fit_grid(first, area, t, turn=fold)
        caps[side] = g.capacity if g else 0
    return "right" if caps["right"] > caps["bottom"] else "bottom"


def fold_halves(paper: Paper, area: Area, t) -> tuple[Area, float]:
    """The face half of a fold sheet (above the fold) and the fold's y."""
    fy = paper.height / 2
    top = Area(area.x0, area.y0, area.x1, fy - t.fold_gap, (area.marks[0], area.marks[1], area.marks[2],
                                                            fy - t.fold_gap / 2))
    return top, fy


def card_sheets(pieces: list[Piece], paper: Paper, t, label: str, fold: bool = False) -> list[Sheet]:
    """Sheets of same-size cards in full grids (fold: faces above the fold line, backs below it)."""
    todo = copies(pieces)
    if not todo:
        return []
    band = best_band(paper, t, todo[0], fold)
    area = content_area(paper, band, t)
    fy = None
    if fold:
        area, fy = fold_halves(paper, area, t)
    grid = fit_grid(todo[0], area, t, turn=fold)
    if grid is None:
        raise_too_big(todo[0], paper)
    sheets = []
    n = 0
    while todo:
        chunk, todo = todo[:grid.capacity], todo[grid.capacity:]
        n += 1
        placed, marks = grid_place(grid, chunk, t)
        sheet = Sheet(paper, band, f"{label} {n}" if n > 1 or todo else label, placed, limit_marks(marks, area))
        sheet.fold = fy
        sheets.append(sheet)
    return sheets


def raise_too_big(piece: Piece, paper: Paper) -> None:
    """Stop: a piece cannot fit a sheet."""
    from ..errors import PnpgenError
    raise PnpgenError(f"{piece.name} ({piece.width:.0f} x {piece.height:.0f} mm) does not fit on {paper.name} "
                      "paper; make its template smaller")


def _groups(pieces: list[Piece]) -> list[list[Piece]]:
    """Runs of pieces that print together: same-size cut-mark pieces share a grid; outline pieces pack together."""
    def key(q: Piece) -> tuple:
        return ("outline",) if q.cut == "outline" else (q.cut, q.size, q.bleed)
    groups: list[list[Piece]] = []
    for p in pieces:
        if p.count <= 0:
            continue
        if groups and key(groups[-1][0]) == key(p):
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def _place_on(sheet: Sheet, cursor: float, todo: list[Piece], base: Area, t) -> tuple[float, list[Piece]]:
    """As many of `todo` as fit below `cursor` on a sheet; returns the new cursor and what is left."""
    area = Area(base.x0, cursor, base.x1, base.y1, (base.marks[0], max(base.marks[1], cursor - 0.01),
                                                    base.marks[2], base.marks[3]))
    if todo[0].cut == "marks":
        if cursor > base.y0:  # leave room for this block's crop marks below the last block
            area = Area(area.x0, cursor + max(0.0, t.marks.gap + t.marks.length - todo[0].bleed), area.x1,
                        area.y1, area.marks)
        grid = fit_grid(todo[0], area, t, count=len(todo))
        if grid is None:
            return cursor, todo
        chunk, left = todo[:grid.capacity], todo[grid.capacity:]
        top = max(area.y0 + grid.bleed, area.marks[1] + t.marks.gap + t.marks.min_length)
        placed, marks = grid_place(grid, chunk, t, top_align=top)
        sheet.placed.extend(placed)
        sheet.marks.extend(limit_marks(marks, area))
        bottom = max(p.y + p.h for p in placed)
        return bottom + max(grid.bleed, t.marks.gap + t.marks.length) + t.spacing, left
    placed, left = pack(todo, area, t)
    if not placed:
        return cursor, todo
    sheet.placed.extend(placed)
    return max(p.y + p.h for p in placed) + t.spacing, left


def misc_sheets(pieces: list[Piece], paper: Paper, t, label: str, fold: bool = False) -> list[Sheet]:
    """Sheets of mixed pieces, stacked down each sheet in blocks; a block goes on the first sheet with room. When
    folding, pieces with a back share fold sheets and the others print on whole sheets."""
    backed = [p for p in pieces if p.back is not None]
    if fold and backed and len(backed) < len(pieces):
        sheets = _misc_sheets([p for p in pieces if p.back is None], paper, t, label, False) + \
            _misc_sheets(backed, paper, t, label, True)
        for i, s in enumerate(sheets):
            s.label = f"{label} {i + 1}"
        return sheets
    return _misc_sheets(pieces, paper, t, label, fold)


def _misc_sheets(pieces: list[Piece], paper: Paper, t, label: str, fold: bool) -> list[Sheet]:
    base = content_area(paper, "bottom", t)
    fy = None
    if fold and any(p.back is not None for p in pieces):
        base, fy = fold_halves(paper, base, t)
    sheets: list[Sheet] = []
    cursors: list[float] = []
    for group in _groups(pieces):
        todo = copies(group)
        while todo:
            for i, sheet in enumerate(sheets):
                cursors[i], todo = _place_on(sheet, cursors[i], todo, base, t)
                if not todo:
                    break
            if todo:
                sheet = Sheet(paper, "bottom", label, [], [])
                sheet.fold = fy
                cursor, left = _place_on(sheet, base.y0, todo, base, t)
                if left == todo:
                    raise_too_big(todo[0], paper)
                sheets.append(sheet)
                cursors.append(cursor)
                todo = left
    if len(sheets) > 1:
        for i, s in enumerate(sheets):
            s.label = f"{label} {i + 1}"
    return sheets


def pack(todo: list[Piece], area: Area, t) -> tuple[list[Placed], list[Piece]]:
    """Outline-cut pieces packed in shelves (rows) from the top of an area; returns placed and left over."""
    sp = t.spacing
    placed: list[Placed] = []
    x, y, shelf = area.x0, area.y0, 0.0
    left: list[Piece] = []
    for k, p in enumerate(todo):
        if x + p.width > area.x1 + 1e-6 and x > area.x0:
            x, y, shelf = area.x0, y + shelf + sp, 0.0
        if y + p.height > area.y1 + 1e-6 or p.width > area.x1 - area.x0:
            left = todo[k:]
            break
        placed.append(Placed(p, x, y))
        x += p.width + sp
        shelf = max(shelf, p.height)
    # centre the packed rows across the area
    if placed:
        right = max(p.x + p.w for p in placed)
        dx = (area.x1 - right - (placed[0].x - area.x0)) / 2
        placed = [Placed(p.piece, p.x + dx, p.y) for p in placed]
    return placed, left


def board_sheets(piece: Piece, paper: Paper, t, label: str) -> list[Sheet]:
    """A board on one sheet, smaller if need be (not below its minimum), else tiled with overlap and targets."""
    best = None
    for side in ("bottom", "right"):
        area = content_area(paper, side, t)
        cw, ch = area.x1 - area.x0, area.y1 - area.y0
        s = min(1.0, cw / piece.width, ch / piece.height)
        if best is None or s > best[0]:
            best = (s, side, area)
    s, side, area = best
    if s >= piece.min_scale - 1e-9:
        w, h = piece.width * s, piece.height * s
        x = area.x0 + (area.x1 - area.x0 - w) / 2
        y = area.y0 + (area.y1 - area.y0 - h) / 2
        return [Sheet(paper, side, label, [Placed(piece, x, y, 0, (x, y, w, h), s)])]
    return tile_board(piece, paper, content_area(paper, "bottom", t), t, label)


def impose(kit: Kit, paper: Paper, t, fold: bool = False) -> list[Sheet]:
    """Every sheet of a kit on a paper, in print order: each deck, each board, then the other pieces."""
    sheets: list[Sheet] = []
    flows: dict[str, list[Piece]] = {}
    for p in kit.pieces:
        if p.count > 0:
            flows.setdefault(p.flow, []).append(p)
    for flow, pieces in flows.items():
        if flow.startswith("deck:"):  # 'deck:<id>', or 'deck:<id>:<variant>' for a deck a variant adds
            did, *variant = flow[5:].split(":")
            own = [f for f in flows if f.startswith("deck:") and f.count(":") == 1]
            sheets += card_sheets(pieces, paper, t, "Cards" if len(own) == 1 and not variant
                                  else f"Cards ({did})", fold)
        elif flow.startswith("board:"):
            for p in pieces:
                sheets += board_sheets(p, paper, t, p.name)
        else:  # 'misc', or 'misc:<variant>' for the loose pieces a variant adds
            label = "Components" if ":" not in flow else f"Components ({flow.split(':', 1)[1]})"
            sheets += misc_sheets(pieces, paper, t, label, fold)
    return sheets
