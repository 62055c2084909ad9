"""Imposition: pieces placed on sheets (card grids with crop marks, packed tokens, boards whole or tiled)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..draw.piece import Kit, Piece
from .folds import folded, lonely, pages
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
    turn: bool = False  # grids here are turned a quarter when that holds as many (the footer band is at the right)


def content_area(paper: Paper, band: str, t, top: float | None = None, bottom: float | None = None) -> Area:
    """The area left for pieces on a sheet once the printer margin and the footer band are taken."""
    m, mm = t["margin"], t["mark_margin"] + t["marks"]["width"] / 2  # a mark's tip keeps its half width inside too
    bw = t["band"] + t["band_gap"]
    x0, y0, x1, y1 = m, m, paper.width - m, paper.height - m
    mx0, my0, mx1, my1 = mm, mm, paper.width - mm, paper.height - mm
    if band == "bottom":
        y1 -= bw
        my1 = paper.height - m - t["band"] - 0.5
    else:
        x1 -= bw
        mx1 = paper.width - m - t["band"] - 0.5
    if top is not None:
        y0, my0 = max(y0, top), max(my0, top)
    if bottom is not None:
        y1, my1 = min(y1, bottom), min(my1, bottom)
    return Area(x0, y0, x1, y1, (mx0, my0, mx1, my1), band == "right")


def _axis_fit(n: int, size: float, bleed: float, lo: float, hi: float, mlo: float, mhi: float, t,
              gutter: float) -> float | None:
    """Trim start of n pieces in a row along one axis, or None if they do not fit."""
    length = n * size + (n - 1) * gutter
    mk = t["marks"]["gap"] + t["marks"]["min_length"]
    start_lo = max(lo + bleed, mlo + mk)
    start_hi = min(hi - bleed, mhi - mk) - length
    if start_lo > start_hi + 1e-9:
        return None
    return (start_lo + start_hi) / 2


def axis_layout(size: float, bleed: float, lo: float, hi: float, mlo: float, mhi: float, t,
                limit: int | None = None) -> tuple[int, float, float]:
    """(count, gutter, trim start) of the most pieces that fit along an axis, gutters as wide as room allows.

    Pieces with bleed keep a gutter of at least `gutter_min` between them (each keeps half of it as bleed), so
    every piece is cut on its own lines; pieces without bleed share their cuts.
    """
    key = (size, bleed, lo, hi, mlo, mhi, limit, t["gutter_min"], t["marks"]["gap"], t["marks"]["min_length"])
    return _remembered(_AXES, key, lambda: _axis_layout(size, bleed, lo, hi, mlo, mhi, t, limit))


# Every sheet of a kit asks for the same few axis layouts and blocks of crop marks: each is worked out once.
_AXES: dict[tuple, tuple[int, float, float]] = {}
_MARKS: dict[tuple, list[Seg]] = {}
_REACH: dict[tuple, list[Seg]] = {}  # a sheet's marks run out to the margin, by its marks and what is in their way


def _remembered(table: dict, key: tuple, make: Callable[[], Any]) -> Any:
    """What `make` gives for `key`, worked out once while the table keeps it (it is emptied past 4,096 entries)."""
    found = table.get(key)
    if found is None:
        if len(table) > 4096:
            table.clear()
        found = table[key] = make()
    return found


def _axis_layout(size: float, bleed: float, lo: float, hi: float, mlo: float, mhi: float, t,
                 limit: int | None) -> tuple[int, float, float]:
    least = t["gutter_min"] if bleed > 0 else 0.0
    n = 0
    while _axis_fit(n + 1, size, bleed, lo, hi, mlo, mhi, t, least) is not None and (limit is None or n < limit):
        n += 1
    if n == 0:
        return 0, 0.0, 0.0
    gutter = 0.0
    if n > 1 and bleed > 0:
        spare_lo = max(lo + bleed, mlo + t["marks"]["gap"] + t["marks"]["min_length"])
        spare_hi = min(hi - bleed, mhi - t["marks"]["gap"] - t["marks"]["min_length"])
        gutter = max(least, min(2 * bleed, (spare_hi - spare_lo - n * size) / (n - 1)))
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
    """The grid holding the most copies of a piece's size in an area; turned a quarter only when that holds more."""
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
            held = None if best is None else min(best.capacity, count) if count else best.capacity
            if held is None or cap > held or (cap == held and rot and area.turn and g.capacity >= best.capacity):
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
    key = (t["marks"]["gap"], t["marks"]["length"], *((p.x, p.y, p.w, p.h, p.trim) for p in placed))
    return list(_remembered(_MARKS, key, lambda: _grid_marks(placed, t)))


def _grid_marks(placed: list[Placed], t) -> list[Seg]:
    xs = sorted({round(v, 4) for p in placed for v in (p.x, p.x + p.w)})
    ys = sorted({round(v, 4) for p in placed for v in (p.y, p.y + p.h)})
    gap, length = t["marks"]["gap"], t["marks"]["length"]
    segs: list[Seg] = []
    for x in xs:
        col = [p for p in placed if p.x - 1e-3 <= x <= p.x + p.w + 1e-3]
        top = min(p.y for p in col)
        bottom = max(p.y + p.h for p in col)
        segs.append((x, top - gap, x, top - gap - length))
        segs.append((x, bottom + gap, x, bottom + gap + length))
    for y in ys:
        row = [p for p in placed if p.y - 1e-3 <= y <= p.y + p.h + 1e-3]
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


def reach_out(segs: list[Seg], area: Area, obstacles: list[tuple[float, float, float, float]], t) -> list[Seg]:
    """Marks that end near the printer margin run on to it (so the cut can be found from the paper's edge and
    extended with a ruler), stopping short of any piece (with its bleed) in the way; none is shortened, and none
    runs on across an open part of the page."""
    mx0, my0, mx1, my1 = area.marks
    flipped = [(ry, rx, rh, rw) for rx, ry, rw, rh in obstacles]
    out = []
    for x1, y1, x2, y2 in segs:
        if x1 == x2:  # a vertical mark runs along y
            out.append((x1, y1, x2, _run_on(x1, y1, y2, my0, my1, obstacles, t)))
        else:  # a horizontal one along x: the same with x and y swapped
            out.append((x1, y1, _run_on(y1, x1, x2, mx0, mx1, flipped, t), y2))
    return out


def _run_on(across: float, start: float, end: float, lo: float, hi: float, rects, t) -> float:
    """The new end of a mark along an axis (rects given as (across, along, width across, length along)): on to lo or
    hi when that is near, stopping `gap` short of a rect in its way."""
    gap = t["marks"]["gap"]
    side = gap + t["marks"]["halo"]  # a mark this close beside a piece would read as one of its cuts
    forward = end > start
    limit = hi if forward else lo
    for ra, rb, rw, rl in rects:
        if not ra - side < across < ra + rw + side:
            continue
        if forward and rb >= start - 1e-6:
            limit = min(limit, rb - gap)
        elif not forward and rb + rl <= start + 1e-6:
            limit = max(limit, rb + rl + gap)
    if abs(limit - end) > 2 * t["marks"]["length"]:  # the farthest a mark runs on
        return end
    return max(end, limit) if forward else min(end, limit)


def copies(pieces: list[Piece]) -> list[Piece]:
    """Each piece repeated by its count, in order."""
    return [p for p in pieces for _ in range(p.count)]


def best_band(paper: Paper, t, first: Piece | None, fold: bool = False, count: int | None = None) -> str:
    """The side for the footer band that lets a sheet hold the most of its first piece (of the `count` copies left
    to place, when given). The band runs up the right side only when the pieces are turned a quarter there, so that
    its words read the same way up as they do, and only when that holds more of them: a sheet whose pieces all fit
    upright keeps its footer upright at the foot."""
    if first is None or first.cut != "marks":
        return "bottom"
    caps = {}
    for side in ("bottom", "right"):
        area = content_area(paper, side, t)
        if fold:
            area = fold_halves(paper, area, t)[0]
        g = fit_grid(first, area, t)
        caps[side] = g.capacity if g and (side == "bottom" or g.rotation) else 0
        if count is not None:
            caps[side] = min(caps[side], count)
    return "right" if caps["right"] > caps["bottom"] else "bottom"


def fold_halves(paper: Paper, area: Area, t) -> tuple[Area, float]:
    """The face half of a fold sheet (above the fold; its mirror below stays clear of the footer band) and the
    fold's y."""
    fy = paper.height / 2
    y0 = max(area.y0, paper.height - area.y1)
    my0 = max(area.marks[1], paper.height - area.marks[3])
    top = Area(area.x0, y0, area.x1, fy - t["fold_gap"], (area.marks[0], my0, area.marks[2], fy - t["fold_gap"] / 2),
               area.turn)
    return top, fy


def _new_filling(paper: Paper, t, first: Piece, backed: bool, label: str = "", two_sided: bool = False,
                 count: int | None = None) -> _Filling:
    """An empty sheet for pieces from `first` on (`count` of them left): its footer band on the side that holds
    most of them."""
    band = best_band(paper, t, first, backed, count)
    area = content_area(paper, band, t)
    fy = None
    if backed:
        area, fy = fold_halves(paper, area, t)
    return _Filling(Sheet(paper, band, label, fold=fy), area, backed=backed, two_sided=two_sided)


def _fits_alone(piece: Piece, paper: Paper, t, backed: bool) -> bool:
    """Whether a piece fits an empty sheet laid out by template `t`."""
    return not _add(_new_filling(paper, t, piece, backed), [piece], t)


def _key(p: Piece) -> tuple:
    """Pieces of one key print in one block: same-size cut-mark pieces share a grid; outline pieces pack."""
    return ("outline",) if p.cut == "outline" else (p.cut, p.size, p.bleed)


@dataclass
class _Block:
    """A run of pieces of one key on a sheet, from `top` down: a grid of cut-mark pieces, or packed outlines."""

    key: tuple
    pieces: list[Piece]
    top: float
    placed: list[Placed] = field(default_factory=list)
    marks: list[Seg] = field(default_factory=list)
    bottom: float = 0.0  # the lowest y it uses, room for its marks included
    grid: Grid | None = None  # the grid it is laid out in (cut-mark pieces)
    left: float | None = None  # where it starts across, when it stands beside the blocks before it (None: the area's)
    rest: list[Piece] = field(default_factory=list)  # of the pieces last offered to it, those it could not hold


@dataclass
class _Filling:
    """A sheet being filled with blocks, one below the other."""

    sheet: Sheet
    area: Area
    blocks: list[_Block] = field(default_factory=list)
    backed: bool = False  # in the fold layout: a sheet of pieces with backs (folded) or without
    two_sided: bool = False  # its pieces print a back (a duplex sheet): only such pieces join it, and only such
    # pieces join a sheet printed on one side
    refused: set[tuple] = field(default_factory=set)  # keys of cut-mark pieces it has no more room for
    centred: Sheet | None = None  # a whole board's sheet as it prints when no other piece joins it
    counts: tuple[int, ...] = ()  # the player counts that need it (empty: every count)
    deck_owner: int | None | str = "none yet"  # the owner of the cards on it (None: cards of no player's deck)


def _joins(f: _Filling, piece: Piece) -> bool:
    """Whether a piece may go on a sheet: no player count that did not need the sheet comes to need it, and a
    player's deck shares its sheets with no other deck's cards (its backs print in one colour)."""
    if f.counts and not (piece.players and set(piece.players) <= set(f.counts)):
        return False
    if piece.kind != "card":
        return True
    return f.deck_owner == piece.owner if piece.owner is not None else f.deck_owner in ("none yet", None)


def _may_follow(first: Piece, piece: Piece) -> bool:
    """Whether a piece of a later run may share a sheet started for `first`: same key, and it would join (_joins)."""
    if _key(piece) != _key(first):
        return False
    if first.players and not (piece.players and set(piece.players) <= set(first.players)):
        return False
    return piece.kind != "card" or first.kind != "card" or piece.owner == first.owner


def _fewer_counts(piece: Piece) -> int:
    """Sorts pieces for every player count first, then those for fewer and fewer counts."""
    return -1_000 if not piece.players else -len(piece.players)


def _needs(sheet: Sheet | _Filling) -> int:
    """Sorts sheets by the player counts their pieces are for, as pieces are: print order puts the sheets every
    game needs first, so each count's pages run from the cover on."""
    placed = sheet.placed if isinstance(sheet, Sheet) else [p for b in sheet.blocks for p in b.placed]
    if any(not p.piece.players for p in placed):
        return -1_000
    return -len({n for p in placed for n in p.piece.players})


def _lay(block: _Block, pieces: list[Piece], area: Area, t, first: bool) -> int:
    """Lay `pieces` out as the block from its top; how many fit (the block is changed only when all of its own
    pieces still fit). Outline pieces that do not fit are stepped over for smaller ones after them: the block's
    `rest` keeps those left, in order."""
    top = block.top
    x0, mx0 = (area.x0, area.marks[0]) if block.left is None else (block.left, block.left - 0.01)
    if pieces[0].cut == "marks":
        if not first and block.left is None:  # room above for this block's crop marks, below the block before it
            top += max(0.0, t["marks"]["gap"] + t["marks"]["length"] - pieces[0].bleed)
        if block.left is not None:  # room to its left for its crop marks, beside the blocks before it
            x0 += max(0.0, t["marks"]["gap"] + t["marks"]["length"] - pieces[0].bleed)
        room = Area(x0, top, area.x1, area.y1, (mx0, max(area.marks[1], block.top - 0.01),
                                                area.marks[2], area.marks[3]), area.turn)
        grid = fit_grid(pieces[0], room, t, count=len(pieces))
        if grid is None:
            return 0
        n = min(grid.capacity, len(pieces))
        if n < len(block.pieces):
            return n
        if n == len(block.pieces) and grid == block.grid:  # as it is laid out already
            return n
        start = max(room.y0 + grid.bleed, room.marks[1] + t["marks"]["gap"] + t["marks"]["min_length"])
        placed, marks = grid_place(grid, pieces[:n], t, top_align=start)
        block.placed, block.marks = placed, limit_marks(marks, room)
        block.bottom = max(p.y + p.h for p in placed) + max(grid.bleed, t["marks"]["gap"] + t["marks"]["length"])
        block.grid = grid
    else:
        room = Area(x0, top, area.x1, area.y1, area.marks)
        placed, left, held = _pack(pieces, room, t, centre=block.left is None)
        n = len(placed)
        if n == 0 or held[:len(block.pieces)] != list(range(len(block.pieces))):
            return 0  # (its own pieces no longer all fit: it stays as it was)
        block.placed, block.marks = placed, []
        block.bottom = max(p.y + p.h for p in placed)
        block.pieces, block.rest = [pieces[k] for k in held], left
        return n
    block.pieces, block.rest = pieces[:n], pieces[n:]
    return n


def _add(f: _Filling, todo: list[Piece], t) -> list[Piece]:
    """As many of `todo` as fit on a sheet: the last block grows if it holds pieces of the same key, else a new
    block starts below it. Returns what is left."""
    key = _key(todo[0])
    last = f.blocks[-1] if f.blocks else None
    if last is not None and last.key == key:
        had = len(last.pieces)
        n = _lay(last, last.pieces + todo, f.area, t, first=len(f.blocks) == 1)
        if n > had:
            return last.rest
    top = f.area.y0 if last is None else max(b.bottom for b in f.blocks) + t["spacing"]
    if top < f.area.y1:
        block = _Block(key, [], top)
        n = _lay(block, todo, f.area, t, first=last is None)
        if n:
            f.blocks.append(block)
            todo = block.rest
            if not todo:
                return todo
    if not f.blocks or f.backed or f.blocks[0].key == BOARD:
        return todo
    # what does not fit below the blocks may stand beside them, in the room they leave at the right
    right = max(p.clip[0] + p.clip[2] if p.clip else p.x + p.w for b in f.blocks for p in b.placed)
    edge = max((t["marks"]["gap"] + t["marks"]["length"] for b in f.blocks if b.key[0] == "marks"), default=0.0)
    block = _Block(key, [], f.area.y0, left=right + max(edge, t["spacing"]))
    if block.left >= f.area.x1:
        return todo
    n = _lay(block, todo, f.area, t, first=True)
    if n == 0:
        return todo
    f.blocks.append(block)
    return block.rest


BOARD = ("board",)  # the key of a whole board's block: nothing else joins it


def _below_board(sheet: Sheet, t) -> _Filling | None:
    """A whole board's sheet as a filling: the board at the top of its area, the room below it for later pieces
    (none when the board takes the page)."""
    board = sheet.placed[0]
    area = content_area(sheet.paper, sheet.band, t)
    if area.y1 - area.y0 - board.h <= t["spacing"]:
        return None
    y = area.y0
    top = replace(board, y=y, clip=(board.x, y, board.w, board.h))
    block = _Block(BOARD, [board.piece], area.y0, [top], [], y + board.h)
    return _Filling(Sheet(sheet.paper, sheet.band, sheet.label), area, [block], centred=sheet,
                    counts=board.piece.players)


def _finish(f: _Filling, t) -> Sheet:
    """The sheet of a filling: its pieces, and its crop marks run out to the margin where nothing is in the way."""
    if f.centred is not None and len(f.blocks) == 1:  # a board nothing joined stays in the middle of its page
        return f.centred
    s = f.sheet
    s.placed = [p for b in f.blocks for p in b.placed]
    obstacles = [p.clip or p.trim for p in s.placed]
    segs = [m for b in f.blocks for m in b.marks]
    key = (f.area, t["marks"]["gap"], t["marks"]["halo"], t["marks"]["length"], *segs, None, *obstacles)
    s.marks = list(_remembered(_REACH, key, lambda: reach_out(segs, f.area, obstacles, t)))
    return s


def fill_sheets(pieces: list[Piece], paper: Paper, t, label: str, fold: bool = False, sides: bool = True
                ) -> list[Sheet]:
    """Sheets for pieces that print together (one player count's), in order. Each block of like pieces goes on the
    first sheet with room for it, so a half-empty sheet takes the next pieces that fit; same-size cards share one
    grid, even across decks. A board prints at the top of a sheet of its own, the pieces after it filling the room
    below (a board nothing joins is centred; a tiled one keeps its sheets). In the fold layout pieces
    with a back share fold sheets and the others print on whole sheets."""
    out: list[Sheet | _Filling] = []
    open_: list[_Filling] = []
    runs: list[list[Piece]] = []
    for p in sorted(pieces, key=_fewer_counts):  # what every game needs first: the rest may fill its sheets
        if p.count <= 0:
            continue
        last = runs[-1][0] if runs else None
        if last is not None and "board" not in (p.kind, last.kind) and _key(last) == _key(p) and \
                (p.cut != "outline" or p.id == last.id) and (not fold or (last.back is None) == (p.back is None)) \
                and (p.players, p.owner) == (last.players, last.owner):
            runs[-1].append(p)
        else:
            runs.append([p])
    later: list[int] = []  # for each run, the copies of its key in the runs after it that may share its sheets
    for k, run in enumerate(runs):
        later.append(sum(p.count for r in runs[k + 1:] for p in r if _may_follow(run[0], p)))
    for run, after in zip(runs, later):
        if run[0].kind == "board":
            sheets = board_sheets(run[0], paper, t, run[0].name)
            below = _below_board(sheets[0], t) if len(sheets) == 1 else None
            if below is not None:  # a whole board leaves the foot of its sheet to the pieces after it
                open_.append(below)
                out.append(below)
            else:
                out += sheets
            continue
        todo = copies(run)
        backed = fold and run[0].back is not None
        two_sided = sides and run[0].back is not None  # pieces printed on both sides share sheets only so
        key = _key(run[0])
        # Cut-mark pieces of one key are all one size: a sheet that has no room for one has none for the rest,
        # and no sheet holds more than `window` of them, so each sheet is offered that many at most.
        marks = key[0] != "outline"
        window = _most_on(paper, run[0]) if marks else len(todo)
        live = [f for f in open_ if f.backed == backed and f.two_sided == two_sided and key not in f.refused
                and _joins(f, run[0])]
        done = 0
        while done < len(todo):
            for f in live:
                part = todo[done:done + window]
                left = _add(f, part, t)
                if marks and len(left) == len(part):
                    f.refused.add(key)
                elif run[0].kind == "card":
                    f.deck_owner = run[0].owner
                done += len(part) - len(left)
                if done == len(todo):
                    break
            live = [f for f in live if key not in f.refused]
            if done == len(todo):
                break
            part = todo[done:done + window]
            f = _new_filling(paper, t, part[0], backed, label, two_sided, len(todo) - done + after)
            f.counts = part[0].players
            if part[0].kind == "card":
                f.deck_owner = part[0].owner
            left = _add(f, part, t)
            if len(left) == len(part):
                from .too_big import raise_too_big  # (only when a sheet cannot hold a piece)
                raise_too_big(part[0], paper, t, lambda piece, tried, b=backed: _fits_alone(piece, paper, tried, b),
                              fold=backed)
            open_.append(f)
            live.append(f)
            out.append(f)
            done += len(part) - len(left)
    out.sort(key=_needs)
    return [_finish(s, t) if isinstance(s, _Filling) else s for s in out]


def _most_on(paper: Paper, piece: Piece) -> int:
    """More copies of a piece than any sheet of the paper can hold: more than its area divided by theirs."""
    return int(paper.width * paper.height / max(piece.width * piece.height, 1e-6)) + 1


OUTLINE_ROOM = 0.5  # mm an outline-cut piece keeps from the edge of its area, for its outline's stroke


def pack(todo: list[Piece], area: Area, t, centre: bool = True) -> tuple[list[Placed], list[Piece]]:
    """Outline-cut pieces packed in shelves (rows) from the top of an area; returns placed and left over. Their
    outlines' strokes spill a little past their size: they keep OUTLINE_ROOM inside the area. A piece that does not
    fit is stepped over for smaller ones after it."""
    placed, left, _held = _pack(todo, area, t, centre)
    return placed, left


def _pack(todo: list[Piece], area: Area, t, centre: bool = True) -> tuple[list[Placed], list[Piece], list[int]]:
    """pack(), and the indexes in `todo` of the pieces placed."""
    sp = t["spacing"]
    placed: list[Placed] = []
    area = Area(area.x0 + OUTLINE_ROOM, area.y0 + OUTLINE_ROOM, area.x1 - OUTLINE_ROOM, area.y1 - OUTLINE_ROOM,
                area.marks)
    x, y, shelf = area.x0, area.y0, 0.0
    left: list[Piece] = []
    held: list[int] = []
    for k, p in enumerate(todo):
        at_x, at_y, at_shelf = x, y, shelf
        if at_x + p.width > area.x1 + 1e-6 and at_x > area.x0:
            at_x, at_y, at_shelf = area.x0, y + shelf + sp, 0.0
        if at_y + p.height > area.y1 + 1e-6 or p.width > area.x1 - area.x0:
            left.append(p)  # too tall or too wide for the room left: a smaller piece after it may still fit
            continue
        x, y, shelf = at_x, at_y, at_shelf
        placed.append(Placed(p, x, y))
        held.append(k)
        x += p.width + sp
        shelf = max(shelf, p.height)
    # centre the packed rows across the area
    if placed and centre:
        right = max(p.x + p.w for p in placed)
        dx = (area.x1 - right - (placed[0].x - area.x0)) / 2
        placed = [Placed(p.piece, p.x + dx, p.y) for p in placed]
    return placed, left, held


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


KIND_WORDS = {"card": "Cards", "area-card": "Ship and area cards", "player-aid": "Player aids", "token": "Tokens"}


def sheet_label(sheet: Sheet, group: str, decks: int) -> str:
    """What a sheet holds, in a few words: 'Cards (Deck B), Tokens'; a player group's sheets name the group."""
    words: list[str] = []
    for p in sheet.placed:
        word = p.piece.name if p.piece.kind == "board" else KIND_WORDS.get(p.piece.kind, p.piece.section)
        if p.piece.kind == "card" and decks > 1 and p.piece.part_of:
            word += f" ({p.piece.part_of})"
        if word not in words:
            words.append(word)
    text = ", ".join(words) or sheet.label
    return f"{group}: {text}" if group else text


def impose(kit: Kit, paper: Paper, t, fold: bool = False, sides: bool = True) -> list[Sheet]:
    """Every sheet of a kit on a paper, in print order. Pieces of one player group (the game's own, then each
    variant's) share sheets; groups never do, so each player count's pages can be printed on their own. With
    `sides` (backs print), pieces with a back and pieces without never share a sheet: a duplex sheet's every piece
    has its back behind it, and a sheet printed on one side wastes no back; two-sided tokens that would be alone
    on a thin duplex sheet print face and back side by side on a one-sided sheet instead, to fold (folds.py)."""
    sheets: list[Sheet] = []
    groups: dict[str, list[Piece]] = {}
    every = set(kit.cover.players) if kit.cover and kit.cover.players else None
    for p in kit.pieces:
        if p.count > 0:
            if every and p.players and set(p.players) >= every:  # (a first player's own pieces: every game's)
                p = replace(p, players=())
            groups.setdefault(p.group, []).append(p)
    decks = len({p.part_of for p in kit.pieces if p.kind == "card"})
    for group, pieces in groups.items():
        laid = fill_sheets(pieces, paper, t, group or "Components", fold, sides)
        alone = {q.piece.id for s in laid if sides and lonely(s, paper, t) for q in s.placed}
        if alone:  # tokens left alone on a thin duplex sheet: face and back side by side, to fold
            refolded = fill_sheets([folded(p) if p.id in alone else p for p in pieces], paper, t,
                                   group or "Components", fold, sides)
            if pages(refolded) < pages(laid):
                laid = refolded
        for s in laid:
            s.group = group
            if all(q.piece.kind == "board" for q in s.placed):  # a board's sheet is named for the board
                s.label = f"{group}: {s.label}" if group else s.label
            else:
                s.label = sheet_label(s, group, decks)
            sheets.append(s)
    return sheets
